// What the staff's command-line tools (`npm run submissions`, `npm run staff`) share: their output, and opening the
// database the server is configured with, saying what to do when the embedded one is held by a running server.
import { ConfigError, loadPlatformConfig } from '../config.js';
import { describeError, openDatabase, type Database } from '../db/index.js';
import type { CliIo } from './cliIo.js';

export { processIo, type CliIo } from './cliIo.js';

/**
 * DATABASE_URL's PostgreSQL, else the embedded database in DATA_DIR; undefined (the reason written to io.err) when it
 * cannot be opened. `task` ends the hint for an embedded database in use: 'to read submissions while it runs'.
 */
export async function openCliDatabase(
  env: Record<string, string | undefined>,
  io: CliIo,
  task: string,
): Promise<Database | undefined> {
  try {
    return await openDatabase(loadPlatformConfig(env));
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : describeError(error);
    const hint = /in use by another process/.test(message)
      ? '\nThe embedded database can be opened by one process at a time: stop the server first, ' +
        `or run the site on PostgreSQL (DATABASE_URL) ${task}.`
      : '';
    io.err(`${message}${hint}\n`);
    return undefined;
  }
}
