// The process catalogue/staff/imports/importJobCrash.test.ts kills with SIGKILL in the middle of an import: the whole app on
// the database DATABASE_URL names, its data (the held files) in DATA_DIR, which sends the CSV at IMPORT_FILE as an
// import for IMPORT_EMAIL (a catalogue account) and prints "job <id>" once the upload is answered. It then waits to be
// killed.
import { readFile } from 'node:fs/promises';
import { buildApp } from '../app.js';
import { openDatabase } from '../platform/db/index.js';
import { createFixture } from './fixture.js';
import { sendCatalogueFile } from './importJobs.js';
import { signInStaff } from './staffSignIn.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};
const fixture = await createFixture({ env: { DATA_DIR: env('DATA_DIR'), SUBMIT_RATE_LIMIT_MAX: '0' } });
const db = await openDatabase({ dataDir: env('DATA_DIR'), databaseUrl: env('DATABASE_URL') });
const app = await buildApp(fixture.config, db);
await app.ready();
const who = await signInStaff(app, env('IMPORT_EMAIL'));
const sent = await sendCatalogueFile(app, who, false, 'crash.csv', await readFile(env('IMPORT_FILE')));
if (sent.statusCode !== 202) throw new Error(`the upload was answered ${sent.statusCode}: ${sent.body}`);
console.log(`job ${sent.json<{ id: string }>().id}`);
setInterval(() => undefined, 60_000);
