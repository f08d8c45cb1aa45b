// The catalogue editor's list and draft check at CATALOGUE_EDITOR_SIZE products (100,000 by default), on PostgreSQL
// (TEST_DATABASE_URL, a fresh schema) or, without it, embedded PGlite: median milliseconds of 5 runs of each query.
import { editorListQuerySchema, type EditorListQuery } from '@site/contracts/staff-catalogue-api';
import { type Database, importContent, publishedContent, listEditorProducts } from '@site/server/test-support/server';
import { fillCatalogue } from './lib/catalogue-at-size.js';
import { withBenchDatabase } from './lib/bench-database.js';
import { positiveNumber } from './lib/env.js';

const SIZE = positiveNumber('CATALOGUE_EDITOR_SIZE', 100_000);

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function measure(db: Database, where: string): Promise<void> {
  const { importMs } = await fillCatalogue(db, SIZE);
  console.log(`${where}: ${SIZE} products imported in ${(importMs / 1000).toFixed(1)} s`);
  const middle = (
    await db.query<{ id: string }>('select id from catalogue_products order by id offset $1 limit 1', [
      Math.floor(SIZE / 2),
    ])
  )[0]!.id;
  const queries: [string, EditorListQuery][] = [
    ['first page', {}],
    ['a page half-way (after)', { after: middle }],
    ['a category', { category: 'industrial_cable_glands' }],
    ['a brand', { brand: 'Hex' }],
    ['search "cable"', { q: 'cable' }],
    ['search that finds nothing', { q: 'zzqx' }],
    ['missing Arabic', { missingArabic: '1' }],
    ['drafts', { status: 'draft' }],
  ];
  for (const [name, query] of queries) {
    const filters = editorListQuerySchema.parse(query);
    console.log(`  ${name}: ${(await median(() => listEditorProducts(db.kysely, filters))).toFixed(1)} ms`);
  }
  const id = 'hex_cw_brass_cable_gland';
  const content = (await publishedContent(db.kysely, id))!;
  console.log(
    `  a draft's check (the import's dry run): ${(await median(() => importContent(db.kysely, id, content, { dryRun: true }))).toFixed(1)} ms`,
  );
}

withBenchDatabase('catalogue-editor-bench-', measure).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
