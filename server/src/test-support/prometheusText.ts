// Prometheus's text format read by a real parser (parse-prometheus-text-format), for the metrics' tests: each family
// by name, with its samples' labels and values as numbers.
import { createRequire } from 'node:module';

/** One sample of a family: a counter's or gauge's value, or a histogram's buckets, count and sum. */
export interface PrometheusSample {
  labels: Record<string, string>;
  value?: number;
  buckets?: Record<string, number>;
  count?: number;
  sum?: number;
}

export interface PrometheusFamily {
  name: string;
  help: string;
  type: string;
  metrics: PrometheusSample[];
}

type RawSample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string };
type Parser = (text: string) => { name: string; help: string; type: string; metrics: RawSample[] }[];

// a CommonJS package without types of its own: its one function, typed here
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as Parser;

/**
 * The families of a scrape, by name. Throws on text the parser cannot read. The parser reads a histogram with labels
 * as one sample (it merges every series' buckets and drops their labels), so a histogram's lines are read again as
 * untyped families (`_bucket`, `_sum`, `_count`: each line with its labels) and put together per series here.
 */
export function parsePrometheusText(text: string): Map<string, PrometheusFamily> {
  const families = new Map(parse(text).map((family) => [family.name, { ...family, metrics: family.metrics.map(sampleOf) }]));
  const histograms = [...families.values()].filter((family) => family.type === 'HISTOGRAM').map((family) => family.name);
  if (histograms.length === 0) return families;
  // each series' lines come in turn (buckets, sum, count), so one name is read as several families: all are kept
  const untyped = new Map<string, PrometheusSample[]>();
  for (const family of parse(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'))) {
    untyped.set(family.name, [...(untyped.get(family.name) ?? []), ...family.metrics.map(sampleOf)]);
  }
  for (const name of histograms) {
    const series = new Map<string, PrometheusSample>();
    const seriesOf = (labels: Record<string, string>): PrometheusSample => {
      const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
      let sample = series.get(key);
      if (sample === undefined) {
        sample = { labels, buckets: {} };
        series.set(key, sample);
      }
      return sample;
    };
    for (const { labels, value } of untyped.get(`${name}_bucket`) ?? []) {
      const { le, ...rest } = labels;
      if (le !== undefined && value !== undefined) seriesOf(rest).buckets![le] = value;
    }
    for (const { labels, value } of untyped.get(`${name}_sum`) ?? []) seriesOf(labels).sum = value;
    for (const { labels, value } of untyped.get(`${name}_count`) ?? []) seriesOf(labels).count = value;
    families.set(name, { ...families.get(name)!, metrics: [...series.values()] });
  }
  return families;
}

function sampleOf(sample: RawSample): PrometheusSample {
  return {
    labels: sample.labels ?? {},
    ...(sample.value === undefined ? {} : { value: Number(sample.value) }),
    ...(sample.buckets === undefined ? {} : { buckets: Object.fromEntries(Object.entries(sample.buckets).map(([bound, count]) => [bound, Number(count)])) }),
    ...(sample.count === undefined ? {} : { count: Number(sample.count) }),
    ...(sample.sum === undefined ? {} : { sum: Number(sample.sum) }),
  };
}

/** The value of `name`'s sample whose labels include `labels`; undefined: none such. */
export function sampleValue(families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}): number | undefined {
  const sample = families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels[key] === value));
  return sample?.value ?? sample?.count;
}
