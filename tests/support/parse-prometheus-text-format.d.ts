// The package ships no types: what its parse returns, as its README and source (dist/*.cjs.js) give it. Values stay
// the text of the exposition ('1', '+Inf', 'NaN'): the caller reads them as numbers.
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** A counter's, gauge's or untyped sample's value. */
    value?: string;
    /** A histogram's: each bucket's cumulative count by its `le`, in the order written. */
    buckets?: Record<string, string>;
    /** A summary's. */
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
    timestamp_ms?: string;
  }

  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }

  /** Throws (InvalidLineError) on a line that is not of the text format. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
