// Prometheus's own checker, promtool (Debian's `prometheus` package), for the tests that hold the scrape and the alert
// rules to what Prometheus accepts: our text parser (prometheusText.ts) reads the format, promtool also judges the
// names and types (a gauge named as a counter) and the rules' expressions. Without it those checks are skipped with
// the reason, and fail with REQUIRE_PROMTOOL=1 (as pdftotext's, PostgreSQL's and Redis's).
import { spawnSync } from 'node:child_process';

/** What promtool said (its exit status and both outputs), or why it cannot run here. */
export function promtool(
  args: readonly string[],
  input?: string,
): { status: number; output: string } | { skipped: string } {
  const result = spawnSync('promtool', args, { input, encoding: 'utf8', timeout: 30_000 });
  if (result.error !== undefined) {
    const reason = `promtool not available (${result.error.message}): install Debian's prometheus package`;
    if (process.env.REQUIRE_PROMTOOL === '1') throw new Error(`${reason} (REQUIRE_PROMTOOL=1)`);
    return { skipped: reason };
  }
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}`.trim() };
}
