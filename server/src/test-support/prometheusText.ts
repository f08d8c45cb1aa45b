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

/** The families of a scrape, by name. Throws on text the parser cannot read. */
export function parsePrometheusText(text: string): Map<string, PrometheusFamily> {
  return new Map(
    parse(text).map((family) => [
      family.name,
      {
        ...family,
        metrics: family.metrics.map((sample) => ({
          labels: sample.labels ?? {},
          ...(sample.value === undefined ? {} : { value: Number(sample.value) }),
          ...(sample.buckets === undefined ? {} : { buckets: Object.fromEntries(Object.entries(sample.buckets).map(([bound, count]) => [bound, Number(count)])) }),
          ...(sample.count === undefined ? {} : { count: Number(sample.count) }),
          ...(sample.sum === undefined ? {} : { sum: Number(sample.sum) }),
        })),
      },
    ]),
  );
}

/** The value of `name`'s sample whose labels include `labels`; undefined: none such. */
export function sampleValue(families: Map<string, PrometheusFamily>, name: string, labels: Record<string, string> = {}): number | undefined {
  const sample = families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels[key] === value));
  return sample?.value ?? sample?.count;
}
