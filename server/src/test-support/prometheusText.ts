// A strict reader of Prometheus's text exposition format (version 0.0.4), as a scraper reads /metrics: what Prometheus
// would refuse is an error naming the line. For the metrics' server tests and the browser spec that scrapes a running
// server. Written here because the npm parser at hand (parse-prometheus-text-format 1.1.1) merges the series of a
// labelled histogram into one and drops their labels, sums and counts.
// https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (a histogram's `_bucket`, `_sum`, `_count` lines keep their suffix). */
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

/** One series of a histogram: its labels but `le`, its cumulative buckets in the order written, its sum and count. */
export interface HistogramSeries {
  labels: Readonly<Record<string, string>>;
  buckets: { le: number; count: number }[];
  sum: number | undefined;
  count: number | undefined;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
  /** A histogram's series (empty for the other types). */
  histograms: HistogramSeries[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES: readonly MetricType[] = ['counter', 'gauge', 'histogram', 'summary', 'untyped'];
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export class PrometheusTextError extends Error {
  constructor(lineNumber: number, line: string, problem: string) {
    super(`line ${lineNumber}: ${problem}: ${JSON.stringify(line)}`);
    this.name = 'PrometheusTextError';
  }
}

/** A value of the format: a float, +Inf, -Inf or NaN. */
export function parseValue(text: string): number | undefined {
  // as Prometheus reads them (Go's ParseFloat): infinities and NaN in any case; prom-client writes "Nan"
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf' || special === '+infinity' || special === 'infinity') return Infinity;
  if (special === '-inf' || special === '-infinity') return -Infinity;
  if (special === 'nan') return NaN;
  return FLOAT.test(text) ? Number(text) : undefined;
}

/** `{a="1",b="x\"y"}` from `start` (its `{`): the labels and the index after the `}`. */
function readLabels(
  line: string,
  start: number,
  fail: (problem: string) => never,
): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let index = start + 1;
  for (;;) {
    if (line[index] === '}') return { labels, end: index + 1 };
    const equals = line.indexOf('=', index);
    if (equals === -1) fail('a label without "="');
    const name = line.slice(index, equals);
    if (!LABEL_NAME.test(name)) fail(`an invalid label name "${name}"`);
    if (name in labels) fail(`the label "${name}" twice`);
    if (line[equals + 1] !== '"') fail(`the value of "${name}" is not quoted`);
    let value = '';
    index = equals + 2;
    for (;;) {
      const char = line[index];
      if (char === undefined) fail(`the value of "${name}" is not closed`);
      if (char === '"') break;
      if (char === '\\') {
        const escaped = line[index + 1];
        if (escaped === '\\') value += '\\';
        else if (escaped === '"') value += '"';
        else if (escaped === 'n') value += '\n';
        else fail(`an invalid escape "\\${escaped ?? ''}" in "${name}"`);
        index += 2;
      } else {
        value += char;
        index += 1;
      }
    }
    labels[name] = value;
    index += 1;
    if (line[index] === ',') index += 1;
    else if (line[index] !== '}') fail('labels not separated by ","');
  }
}

/** The family a sample's name belongs to, given the families declared (a histogram's `_bucket` is its family's). */
function familyOf(name: string, declared: ReadonlyMap<string, MetricFamily>): { family: string; suffix: string } {
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = name.slice(0, -suffix.length);
    const type = declared.get(base)?.type;
    if (type === 'histogram' || (type === 'summary' && suffix !== '_bucket')) return { family: base, suffix };
  }
  return { family: name, suffix: '' };
}

const seriesKey = (labels: Readonly<Record<string, string>>): string =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Reads a scrape: each family by name, in the order written. Refuses a malformed line, a family written in two places,
 * a TYPE after its samples or twice, a series written twice, a histogram bucket without `le`.
 */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const closed = new Set<string>();
  const seenSeries = new Set<string>();
  let current: MetricFamily | undefined;
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else if (text !== '')
    throw new PrometheusTextError(lines.length, lines.at(-1) ?? '', 'the text does not end with a line feed');

  const enter = (name: string, fail: (problem: string) => never): MetricFamily => {
    if (current?.name === name) return current;
    if (current !== undefined) closed.add(current.name);
    if (closed.has(name)) fail(`the family "${name}" is written in two places`);
    const family: MetricFamily = families.get(name) ?? { name, type: 'untyped', help: '', samples: [], histograms: [] };
    families.set(name, family);
    current = family;
    return family;
  };

  lines.forEach((line, offset) => {
    const fail = (problem: string): never => {
      throw new PrometheusTextError(offset + 1, line, problem);
    };
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const match = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (match === null) return; // a comment
      const [, keyword, name = '', rest = ''] = match;
      if (!METRIC_NAME.test(name)) fail(`an invalid metric name "${name}"`);
      const family = enter(name, fail);
      if (keyword === 'TYPE') {
        const type = rest.trim() as MetricType;
        if (!TYPES.includes(type)) fail(`an unknown type "${rest}"`);
        if (family.samples.length > 0) fail(`the TYPE of "${name}" after its samples`);
        if (family.type !== 'untyped' || seenSeries.has(`type ${name}`)) fail(`a second TYPE for "${name}"`);
        seenSeries.add(`type ${name}`);
        family.type = type;
      } else {
        if (family.help !== '') fail(`a second HELP for "${name}"`);
        family.help = rest.replace(/\\(\\|n)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : '\\'));
      }
      return;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
    if (nameMatch === null) fail('no metric name');
    const name = (nameMatch as RegExpExecArray)[0];
    let index = name.length;
    let labels: Record<string, string> = {};
    if (line[index] === '{') ({ labels, end: index } = readLabels(line, index, fail));
    if (line[index] !== ' ' && line[index] !== '\t') fail('no space before the value');
    const parts = line
      .slice(index)
      .trim()
      .split(/[ \t]+/);
    if (parts.length > 2) fail('text after the value and timestamp');
    const value = parseValue(parts[0] ?? '');
    if (value === undefined) fail(`an invalid value "${parts[0] ?? ''}"`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) fail(`an invalid timestamp "${parts[1]}"`);
    const { family: familyName, suffix } = familyOf(name, families);
    const family = enter(familyName, fail);
    const key = `${name} ${seriesKey(labels)}`;
    if (seenSeries.has(key)) fail(`the series ${name}${JSON.stringify(labels)} twice`);
    seenSeries.add(key);
    const sample: Sample = { name, labels, value: value as number };
    family.samples.push(sample);
    if (family.type !== 'histogram') return;
    const { le, ...rest } = labels;
    if (suffix === '_bucket' && le === undefined) fail('a histogram bucket without "le"');
    if (suffix !== '_bucket' && le !== undefined) fail(`"le" on a histogram's ${suffix || 'sample'}`);
    if (suffix === '') fail('a histogram sample without _bucket, _sum or _count');
    const restKey = seriesKey(rest);
    let series = family.histograms.find((candidate) => seriesKey(candidate.labels) === restKey);
    if (series === undefined) {
      series = { labels: rest, buckets: [], sum: undefined, count: undefined };
      family.histograms.push(series);
    }
    if (suffix === '_bucket') {
      const bound = parseValue(le as string);
      if (bound === undefined || Number.isNaN(bound)) fail(`an invalid "le" "${le as string}"`);
      series.buckets.push({ le: bound as number, count: value as number });
    } else if (suffix === '_sum') series.sum = value;
    else series.count = value;
  });
  return families;
}

/**
 * The value of `name`'s first sample whose labels include `labels` (a histogram's: its series' count); undefined when
 * there is none.
 */
export function sampleValue(
  families: ReadonlyMap<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.get(name);
  const matches = (own: Readonly<Record<string, string>>) =>
    Object.entries(labels).every(([key, value]) => own[key] === value);
  if (family?.type === 'histogram') return family.histograms.find((series) => matches(series.labels))?.count;
  return family?.samples.find((sample) => sample.name === name && matches(sample.labels))?.value;
}
