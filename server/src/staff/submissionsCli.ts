// `npm run submissions [-- --limit N] [-- --json]` (server/scripts/submissions.ts): prints the newest contact
// messages, enquiries, registrations and requests for quotation (with their lines), with the state of their e-mail,
// from the database the server is configured with (DATABASE_URL for PostgreSQL, else the embedded database in DATA_DIR).
import { parseArgs } from 'node:util';
import { describeError, runMigrations } from '../platform/db/index.js';
import { openCliDatabase, processIo, type CliIo } from '../platform/cli/cliDatabase.js';
import { formatSubmissionsReport, loadSubmissionsReport } from './submissionsReport.js';

export const USAGE = `Usage: npm run submissions [-- --limit N] [-- --json]
  Prints the newest N (default 20) contact messages, enquiries, registrations and requests for
  quotation (with their lines) and the outbox state.
  Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default <repo>/.data).`;

export type { CliIo } from '../platform/cli/cliDatabase.js';

/** Runs the command; resolves to the exit code. */
export async function submissionsCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CliIo = processIo,
): Promise<number> {
  let args: { limit: string; json: boolean; help?: boolean };
  try {
    args = parseArgs({
      args: argv,
      options: {
        limit: { type: 'string', default: '20' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    io.err(`${describeError(error)}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const limit = /^\d{1,6}$/.test(args.limit) ? Number(args.limit) : 0;
  if (limit === 0) {
    io.err(`--limit must be a whole number above 0 (got "${args.limit}")\n${USAGE}\n`);
    return 2;
  }

  const db = await openCliDatabase(env, io, 'to read submissions while it runs');
  if (db === undefined) return 1;

  try {
    await runMigrations(db); // the server's schema: a fresh database simply lists nothing
    const report = await loadSubmissionsReport(db, limit);
    io.out(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatSubmissionsReport(report));
    return 0;
  } catch (error) {
    io.err(`Could not read the submissions: ${describeError(error)}\n`);
    return 1;
  } finally {
    await db.close();
  }
}
