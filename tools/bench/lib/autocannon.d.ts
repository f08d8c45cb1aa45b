// The part of autocannon 8's API the load benchmark uses (the package ships no types, and @types/autocannon is
// not installed).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      /** Worker threads sharing the connections (options must then be serialisable: no functions). */
      workers?: number;
      /** Stop after this many requests (before `duration` if sooner). */
      amount?: number;
    }
    interface Histogram {
      average: number;
      total: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Seconds the run took. */
      duration: number;
    }
    /** A run in this thread (not with `workers`): it tells each answer as it arrives. */
    interface Instance {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export = autocannon;
}
