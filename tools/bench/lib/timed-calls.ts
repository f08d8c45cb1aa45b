// Server-side times of direct calls (a store's method, not a route): what the catalogue benchmarks measure afresh.

export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** p50 and p95 in milliseconds of `requests` calls, after 5 warm-ups. */
export async function timedCalls(requests: number, call: (run: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let run = -5; run < requests; run += 1) {
    const started = performance.now();
    await call(run < 0 ? 0 : run);
    if (run >= 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
