// `npm run stock -- import FILE [--snapshot] [--strict]` (server/scripts/stock.ts): a feed file dropped by hand, applied
// as the ERP's feed is (feedApply.ts: one transaction, the same checks and report, recorded in the feeds' list).
// Works on the database the server is configured with: DATABASE_URL (PostgreSQL, beside running servers: they hear
// of the change), else the embedded one in DATA_DIR (the server stopped: one process at a time).
import { stat } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { STOCK_FEED_LIMITS, type StockFeedReport } from '@site/contracts/stock-api';
import { openCliDatabase, type CliIo } from '../platform/cli/cliDatabase.js';
import { describeError, runMigrations } from '../platform/db/index.js';
import { applyStockFeed, FeedRefused } from './feedApply.js';

export const STOCK_USAGE = `Usage: npm run stock -- import FILE [--snapshot] [--strict]
  import FILE     applies a stock feed file (.csv or .json, ${STOCK_FEED_LIMITS.bytes / 1024 / 1024} MB and ${STOCK_FEED_LIMITS.rows.toLocaleString('en')} rows at most) in one
                  transaction, as the ERP's PATCH /api/stock does: the rows it names change, nothing else.
  --snapshot      the file is the whole stock (as PUT /api/stock): every code and location it does not name goes
                  to zero, cleared.
  --strict        any refused row refuses the whole file (else the refused rows are listed and the rest applies).
Columns (CSV) or keys (JSON): code, location (dubai, muscat, bahrain), on_hand, incoming, incoming_date (YYYY-MM-DD),
lead_time_days. See docs/stock.md.
Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default <repo>/.data).`;

class UsageError extends Error {}

function parseCommandLine(
  argv: string[],
): { file: string; format: 'csv' | 'json'; snapshot: boolean; strict: boolean } | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      snapshot: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return 'help';
  const [command, file, ...extra] = positionals;
  if (command === undefined) throw new UsageError('Name a command: import.');
  if (command !== 'import') throw new UsageError(`Unknown command "${command}".`);
  if (file === undefined) throw new UsageError('import needs a FILE.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument(s): ${extra.join(' ')}.`);
  const format = /\.csv$/i.test(file) ? 'csv' : /\.json$/i.test(file) ? 'json' : undefined;
  if (format === undefined) throw new UsageError(`${file}: the file must end in .csv or .json.`);
  return { file, format, snapshot: values.snapshot, strict: values.strict };
}

/** The report in words: the counts, then each refused row listed. */
export function reportText(report: StockFeedReport): string {
  const n = (count: number) => count.toLocaleString('en');
  const lines = [
    report.outcome === 'applied'
      ? `Applied ${report.kind === 'snapshot' ? 'a snapshot' : 'changes'}: ${n(report.rows)} rows, ${n(report.applied)} valid, ${n(report.changed)} changed, ${n(report.cleared)} cleared, ${n(report.refused)} refused (${report.durationMs} ms).`
      : `Refused: ${report.message ?? 'nothing was applied'} (${n(report.rows)} rows, ${n(report.refused)} refused).`,
    ...report.refusals.map(
      (refusal) =>
        `line ${refusal.line}${refusal.code === '' ? '' : ` (${refusal.code})`}: ${refusal.message} [${refusal.reason}]`,
    ),
  ];
  if (report.refused > report.refusals.length)
    lines.push(`… and ${n(report.refused - report.refusals.length)} more refused rows.`);
  return `${lines.join('\n')}\n`;
}

/** Runs one command; the exit code: 0 applied, 1 refused (or a database error), 2 a usage error. */
export async function stockCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  let args;
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${STOCK_USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    io.out(`${STOCK_USAGE}\n`);
    return 0;
  }
  let size: number;
  try {
    size = (await stat(args.file)).size;
  } catch (error) {
    io.err(`${args.file}: ${describeError(error)}\n`);
    return 1;
  }
  if (size > STOCK_FEED_LIMITS.bytes) {
    io.err(
      `${args.file} is larger than ${STOCK_FEED_LIMITS.bytes / 1024 / 1024} MB: split it into several files (without --snapshot). Nothing was applied.\n`,
    );
    return 1;
  }
  const db = await openCliDatabase(env, io, 'to apply stock while it runs');
  if (db === undefined) return 1;
  try {
    await runMigrations(db);
    const report = await applyStockFeed(db, args.file, {
      kind: args.snapshot ? 'snapshot' : 'delta',
      format: args.format,
      strict: args.strict,
      source: 'cli',
      actor: `command line (${userName()})`,
      tokenId: null,
    });
    (report.outcome === 'applied' ? io.out : io.err)(reportText(report));
    return report.outcome === 'applied' ? 0 : 1;
  } catch (error) {
    io.err(error instanceof FeedRefused ? `${error.message}\nNothing was applied.\n` : `${describeError(error)}\n`);
    return 1;
  } finally {
    await db.close();
  }
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown user';
  }
}
