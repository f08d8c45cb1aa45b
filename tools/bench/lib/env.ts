// Numbers the benchmarks read from the environment, with a clear error for a wrong one.

/** `name` as a positive number, or `fallback` when unset or empty. */
export function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}
