// What the catalogue editor's suites run against: the whole app over a fresh database of the target holding the
// seeded catalogue (and, asked for, another server process's app on connections of its own: on PostgreSQL its own
// LISTEN), closed and removed when the test ends.
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { seedCatalogue } from '../catalogue/seed.js';
import type { Database } from '../platform/db/index.js';
import type { DatabaseTarget } from './databases.js';
import { createFixture, type Fixture } from './fixture.js';

export interface CatalogueEditorApp {
  app: FastifyInstance;
  db: Database;
  fixture: Fixture;
}

export async function catalogueEditorApp(t: TestContext, target: DatabaseTarget): Promise<CatalogueEditorApp>;
export async function catalogueEditorApp(
  t: TestContext,
  target: DatabaseTarget,
  options: { anotherProcess: true; env?: Record<string, string> },
): Promise<CatalogueEditorApp & { other: FastifyInstance; otherDb: Database }>;
export async function catalogueEditorApp(
  t: TestContext,
  target: DatabaseTarget,
  { anotherProcess = false, env = {} }: { anotherProcess?: boolean; env?: Record<string, string> } = {},
): Promise<CatalogueEditorApp & { other?: FastifyInstance; otherDb?: Database }> {
  // Staff suites send many calls in a row: the public rate limit is not what they test.
  const fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0', ...env } });
  const database = await target.fresh();
  const { db } = database;
  await seedCatalogue(db);
  const app = await buildApp(fixture.config, db);
  const otherDb = anotherProcess ? await database.openAnother() : undefined;
  const other = otherDb === undefined ? undefined : await buildApp(fixture.config, otherDb);
  t.after(async () => {
    await other?.close();
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });
  return { app, db, fixture, ...(other === undefined || otherDb === undefined ? {} : { other, otherDb }) };
}
