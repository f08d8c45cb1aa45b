/** How long a counter takes to reach its target (spec: counters 5 s). */
export const COUNT_UP_DURATION_MS = 5000;

/**
 * The whole number a counter shows `elapsedMs` into a count of `durationMs`: ease-out (cubic), so it
 * races at first and settles gently, and exactly `end` once the time is up.
 */
export function countUpValue(end: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return end;
  const progress = Math.max(0, elapsedMs) / durationMs;
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(end * eased);
}
