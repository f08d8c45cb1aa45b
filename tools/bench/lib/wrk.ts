// wrk (Debian's `wrk` package) for the read rows when it is installed: a C client that reads responses without
// decoding them, so on a 2-core machine it leaves the server the CPU that autocannon's JS threads take (autocannon
// turns every 21 KB body into a string). The figures are then the server's, not the load generator's.
import { execFile, execFileSync } from 'node:child_process';

export const WRK_PATH = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface WrkResult {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
}

/** Is wrk there (BENCH_CLIENT=autocannon forces autocannon)? */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_CLIENT === 'autocannon') return false;
  try {
    execFileSync(WRK_PATH, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its banner and exits with status 1: it ran.
    return (error as { status?: number }).status === 1;
  }
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

function latencyMs(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  if (!match) throw new Error(`wrk printed no ${percentile}% latency:\n${output}`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** Reads wrk's report (`--latency`). */
export function parseWrkOutput(output: string): WrkResult {
  const totals = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(output);
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!totals || !rate) throw new Error(`Unexpected wrk output:\n${output}`);
  const total = Number(totals[1]);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requestsPerSecond: Number(rate[1]),
    total,
    p50: latencyMs(output, '50'),
    p99: latencyMs(output, '99'),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    bytesPerRequest: total > 0 ? (Number(totals[2]) * UNIT_BYTES[totals[3]!]!) / total : 0,
  };
}

/** GET `url` with `headers` for `durationSeconds` over `connections` connections and `threads` client threads. */
export function runWrk(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; threads: number; durationSeconds: number },
): Promise<WrkResult> {
  const args = [
    `-t${options.threads}`,
    `-c${Math.max(options.connections, options.threads)}`,
    `-d${options.durationSeconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(WRK_PATH, args, { timeout: (options.durationSeconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      try {
        resolve(parseWrkOutput(stdout));
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    });
  });
}
