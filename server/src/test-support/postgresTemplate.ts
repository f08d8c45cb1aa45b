// A fresh PostgreSQL database for each test: a copy of a migrated template database, made once per set of migrations
// and kept on the server for the runs after. CREATE DATABASE … TEMPLATE copies files: about 60 ms, where a new schema
// and every migration take about 1 s on a quiet 2-core machine (several on a loaded one), and the server tests make
// hundreds. A server where the tests' role may not create databases gives each test a new schema instead.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, runMigrations } from '../platform/db/index.js';
import { MIGRATIONS } from '../platform/db/migrations/index.js';
import { adminQuery } from './postgresFinder.js';

/** A database of the tests' own: how to reach it, and how to drop it. */
export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Postgres's codes for a database that is missing, one that exists already, and a right the role lacks. */
const NO_DATABASE = '3D000';
const DATABASE_EXISTS = '42P04';
const NOT_ALLOWED = '42501';

const codeOf = (error: unknown): unknown => (error instanceof pg.DatabaseError ? error.code : undefined);

/** `baseUrl` with the database `name` in place of its own (its options kept). */
function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The template's name: made of the migrations, so a changed or added one makes a new template. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const migration of MIGRATIONS) hash.update(`\0${migration.version}\0${migration.sql}`);
  return `site_tests_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Makes the template: migrated aside under a name of its own, then renamed into place (a copy finds it whole). */
async function makeTemplate(baseUrl: string, name: string): Promise<void> {
  const making = `${name}_making_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${making}`);
  try {
    const db = await openDatabase({ databaseUrl: urlOf(baseUrl, making), dataDir: os.tmpdir() });
    try {
      await runMigrations(db);
    } finally {
      await db.close();
    }
    await adminQuery(baseUrl, `alter database ${making} rename to ${name}`);
  } catch (error) {
    await adminQuery(baseUrl, `drop database if exists ${making} with (force)`);
    // another test process put its own in place first: the same database
    if (codeOf(error) !== DATABASE_EXISTS) throw error;
  }
}

/** Whether this server lets the tests' role copy databases (asked once per process: the first copy tells). */
let copiesAllowed = true;

/**
 * A new migrated database on the server at `baseUrl`, copied from the run's template; undefined when the role may not
 * create databases (the caller then makes a schema and migrates it).
 */
export async function copyOfMigratedTemplate(baseUrl: string): Promise<FreshPostgres | undefined> {
  if (!copiesAllowed) return undefined;
  const template = templateName();
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  const copy = () => adminQuery(baseUrl, `create database ${name} template ${template}`);
  try {
    await copy();
  } catch (error) {
    if (codeOf(error) === NOT_ALLOWED) {
      copiesAllowed = false;
      return undefined;
    }
    if (codeOf(error) !== NO_DATABASE) throw error;
    await makeTemplate(baseUrl, template);
    await copy();
  }
  return {
    url: urlOf(baseUrl, name),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
