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
  options: { anotherProcess: true },
): Promise<CatalogueEditorApp & { other: FastifyInstance }>;
export async function catalogueEditorApp(
  t: TestContext,
  target: DatabaseTarget,
  { anotherProcess = false } = {},
): Promise<CatalogueEditorApp & { other?: FastifyInstance }> {
  // Staff suites send many calls in a row: the public rate limit is not what they test.
  const fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
  const database = await target.fresh();
  const { db } = database;
  await seedCatalogue(db);
  const app = await buildApp(fixture.config, db);
  const other = anotherProcess ? await buildApp(fixture.config, await database.openAnother()) : undefined;
  t.after(async () => {
    await other?.close();
    await app.close();
    await database.cleanup();
    await fixture.cleanup();
  });
  return { app, db, fixture, ...(other === undefined ? {} : { other }) };
}
