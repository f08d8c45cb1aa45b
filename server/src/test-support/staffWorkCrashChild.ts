// The process staff/work/durability.test.ts kills with SIGKILL: the work calls (staffWorkApp.ts) on the database that DATA_DIR
// (embedded) or DATABASE_URL names, listening on loopback. Prints "listening <url>" once it answers.
import { openDatabase } from '../platform/db/index.js';
import { buildStaffWorkTestApp } from './staffWorkApp.js';

const databaseUrl = process.env.DATABASE_URL;
const db = await openDatabase({
  dataDir: process.env.DATA_DIR ?? '',
  databaseUrl: databaseUrl === undefined || databaseUrl === '' ? undefined : databaseUrl,
});
const app = await buildStaffWorkTestApp({ db });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${url}`);
