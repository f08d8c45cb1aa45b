// Server-side times of direct calls (a store's method, not a route): what the catalogue benchmarks measure afresh.

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Milliseconds of CPU this process has used (user and system, every thread). */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * p50 and p95 in milliseconds of `requests` calls, after 5 warm-ups: the time each took, and the CPU this process used
 * meanwhile. On embedded PGlite (in this process) the CPU is the database's work, whatever waited for a core: on a
 * shared or CPU-capped machine the elapsed time also counts the waits (a cgroup's quota is given every 100 ms).
 */
export async function timedCalls(
  requests: number,
  call: (run: number) => Promise<unknown>,
): Promise<{ p50: number; p95: number; cpuP50: number; cpuP95: number }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = -5; run < requests; run += 1) {
    const started = performance.now();
    const cpuStarted = cpuMs();
    await call(run < 0 ? 0 : run);
    if (run >= 0) {
      times.push(performance.now() - started);
      cpu.push(cpuMs() - cpuStarted);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}
