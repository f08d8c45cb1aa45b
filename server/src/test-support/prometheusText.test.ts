import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePrometheusText, PrometheusTextError, sampleValue } from './prometheusText.js';

const HISTOGRAM = `# HELP http_seconds Time to answer
# TYPE http_seconds histogram
http_seconds_bucket{le="0.1",route="/a"} 1
http_seconds_bucket{le="+Inf",route="/a"} 2
http_seconds_sum{route="/a"} 0.35
http_seconds_count{route="/a"} 2
http_seconds_bucket{le="0.1",route="/b/:id"} 0
http_seconds_bucket{le="+Inf",route="/b/:id"} 1
http_seconds_sum{route="/b/:id"} 1.5
http_seconds_count{route="/b/:id"} 1
`;

describe('parsePrometheusText', () => {
  it('reads counters and gauges with their labels, help and type, escapes undone', () => {
    const families = parsePrometheusText(
      '# HELP requests_total Requests \\\\ answered\n# TYPE requests_total counter\nrequests_total{method="GET",route="/x \\"y\\"\\n"} 3\nrequests_total{method="POST",route="/x"} 1e3 1700000000000\n# a comment\n\n# TYPE up gauge\nup 1\n',
    );
    assert.deepEqual([...families.keys()], ['requests_total', 'up']);
    const requests = families.get('requests_total');
    assert.equal(requests?.type, 'counter');
    assert.equal(requests?.help, 'Requests \\ answered');
    assert.deepEqual(requests?.samples, [
      { name: 'requests_total', labels: { method: 'GET', route: '/x "y"\n' }, value: 3 },
      { name: 'requests_total', labels: { method: 'POST', route: '/x' }, value: 1000 },
    ]);
    assert.equal(families.get('up')?.samples[0]?.value, 1);
    assert.equal(sampleValue(families, 'requests_total', { method: 'POST' }), 1000);
    assert.equal(sampleValue(families, 'requests_total', { method: 'PUT' }), undefined);
  });

  it('keeps each series of a labelled histogram apart: its buckets in order, its sum and count', () => {
    const families = parsePrometheusText(HISTOGRAM);
    const histogram = families.get('http_seconds');
    assert.equal(histogram?.type, 'histogram');
    assert.deepEqual(histogram?.histograms, [
      {
        labels: { route: '/a' },
        buckets: [
          { le: 0.1, count: 1 },
          { le: Infinity, count: 2 },
        ],
        sum: 0.35,
        count: 2,
      },
      {
        labels: { route: '/b/:id' },
        buckets: [
          { le: 0.1, count: 0 },
          { le: Infinity, count: 1 },
        ],
        sum: 1.5,
        count: 1,
      },
    ]);
    assert.equal(sampleValue(families, 'http_seconds', { route: '/b/:id' }), 1);
  });

  it('reads the special values', () => {
    const samples = parsePrometheusText('a +Inf\nb -Inf\nc NaN\nd -0.5e-3\ne Nan\nf inf\n');
    assert.deepEqual(
      [...samples.values()].map((family) => family.samples[0]?.value),
      [Infinity, -Infinity, NaN, -0.0005, NaN, Infinity],
    );
  });

  const refused: [string, string, string][] = [
    ['a value that is not a number', 'a 1,5\n', 'invalid value'],
    ['no value', 'a{b="c"}\n', 'no space before the value'],
    ['an unquoted label value', 'a{b=c} 1\n', 'not quoted'],
    ['an unclosed label value', 'a{b="c} 1\n', 'not closed'],
    ['an invalid escape', 'a{b="\\t"} 1\n', 'invalid escape'],
    ['a label twice', 'a{b="1",b="2"} 1\n', 'twice'],
    ['an invalid label name', 'a{1b="1"} 1\n', 'invalid label name'],
    ['a series twice', 'a{b="1"} 1\na{b="1"} 2\n', 'twice'],
    ['a family in two places', 'a 1\nb 1\na{c="d"} 1\n', 'two places'],
    ['a TYPE after the samples', 'a 1\n# TYPE a counter\n', 'after its samples'],
    ['a second TYPE', '# TYPE a counter\n# TYPE a gauge\n', 'second TYPE'],
    ['an unknown type', '# TYPE a meter\n', 'unknown type'],
    ['a bucket without le', '# TYPE h histogram\nh_bucket{a="b"} 1\n', 'without "le"'],
    ['an invalid le', '# TYPE h histogram\nh_bucket{le="x"} 1\n', 'invalid "le"'],
    ['a bare histogram sample', '# TYPE h histogram\nh 1\n', 'without _bucket'],
    ['text after the timestamp', 'a 1 2 3\n', 'after the value'],
    ['an invalid timestamp', 'a 1 soon\n', 'invalid timestamp'],
    ['no final line feed', 'a 1', 'line feed'],
  ];
  for (const [what, text, problem] of refused) {
    it(`refuses ${what}, naming the line`, () => {
      assert.throws(
        () => parsePrometheusText(text),
        (error: unknown) => error instanceof PrometheusTextError && error.message.includes(problem),
      );
    });
  }
});
