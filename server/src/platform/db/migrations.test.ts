import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { migrationChecksum } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * Every released migration's checksum, as schema_migrations keeps it in every database it was applied to. migrate.ts
 * refuses to start a database whose applied migration's SQL changed, so a change here would stop every existing
 * database: a released migration is never edited, a new migration is added (and its line here with it).
 */
const RELEASED = new Map<string, string>([
  ['001_initial', '7aa92f2984e68f480263fdda5b35008cbafbbb6adf974587ce2e1adc8680babc'],
  ['002_submissions', '55262475ce973d051de0f66cd8e8dfeb1090b571a23484a9b94aaa3789b507d2'],
  ['003_review_sources', 'fd0fb17f47413c3f8fe3c48493307d5c989b035e0fe604e6374cc578be9d7ae9'],
  ['004_quote_requests', '12346a24ef4fcc8e0b5af67221e7095a01b4c85720877a2124cbfa614678a5f3'],
  ['005_staff_accounts', '3959fcef5dd01365c4a26a32e60697c90e6e41b1ad920dae189f234d80526ad5'],
  ['006_staff_inbox', '9d44c937027e415de38622480ddad2cd49b1af3137dba7afe0499de9668391a1'],
  ['007_confirmation_cap', 'e38290eb4f1ffc009289eb2ecab1bad794e404222a27cc4e937dca1492b31823'],
  ['008_catalogue', 'd01f9e74257a91ba0614372dc7a988484f8d80ae7020dc6377e89b9909970cd2'],
  ['009_catalogue_search', 'c3639227ace4acecff6feac771cd493652a76e9dc784ea8456155627aae7ff0b'],
  ['010_catalogue_filters', '64dbcdc112dfa9f0801da7104da48a1f4cb45e295cf5618f04e56a4bb004f210'],
  ['011_catalogue_search_words', '381fab49be7f8e57f35718d1eeeac6d37be27bc0bc34b24bafc90cf59e6e85af'],
  ['012_catalogue_search_facets', '7206c8213dda41f0c5d4daa0a3444e9cbc3042e80d597a5b79e5235d73a7558d'],
  ['013_catalogue_read_indexes', '748281105c569622a3e1406391eb8e454f17e2adf799645e2f45eba53f049f43'],
  ['014_catalogue_editor', '1108dfbfa968e36bf73a6a3741e148a3325e47a00892c5d355e5483821b7f0a6'],
  ['016_catalogue_archive', '4a3c5aa54afed36fd57546db64d8fcc62647a669526542ffc7a45fae08ea506f'],
  ['017_remote_releases', '8a41e5365ebeb71b1e08d8f2be67d3e31c7394c55ac002bfd1955ad4d74417b1'],
  ['018_release_role', 'e8400daeaf9a2f7f1920fdebb16d01b641701fcb62e3b92aef64a69975be01b3'],
  ['019_catalogue_facet_sets', '66c48ca0f115f2e1cb213f7f6826ec6dc94ba78b5f988884bd56dc1fdc56e4c5'],
  ['021_catalogue_missing_arabic', '8a2b5457e9be264a3c303d4684ee689aa0e285ac68166b8000bf267a23ec712c'],
  ['022_release_health', 'ab231a38166905f3af3cf28fa44adadf57599f77d94ffbe81b1eb381ff99659f'],
  ['023_catalogue_categories_edit', 'ce4f57ee492188b4cc8502d2501cd531715243c22965b34a6e6e47b93e4f085b'],
  ['024_catalogue_category_state', '30867ca2a4135a595383decfc8600a58a5faf69da1b56855db11c050aebd0c1c'],
  ['025_catalogue_search_broad', '15adf9572470b791b5a93922dd31c0ce20022bc3b41b3677cdeaa9b600887fa4'],
  ['026_release_rollback_evidence', 'bf5746310dfcc3f6a7d2d5abbd8fcbd55615fd090da32f5e5752bb63d9858889'],
  ['027_staff_audit_fields', '538e89b2fea4a09893b7a960663472a0549514b8448b9a4fed96ee6051c98c20'],
  ['028_release_content', 'd68bd1287e1ed7d8bc9f4fe3c06782713d663dc74928869033628e5d6b920b63'],
  ['029_catalogue_variants', 'd53ddc043ce912b7009e8878e0e74a87afc317bb00ca1482a4f2c66d60a28d28'],
  ['030_quote_line_variants', 'ecce278603f6a76d44a2225846eaf69676bab40da5e375e65971ab04353a0aac'],
  ['031_stock', '8fb863933fef9e676e0c08445a9d7c4cbd24f5bd229c20853d03c113d8c32d02'],
  ['032_quotations', '7a79c1a1f8e4f3640b4ca8d0d42b89102a25fbea9eeb9c7b01112d4d0067b1f9'],
  ['033_field_vitals', '62aa5d5fdb4400b6c12a88edc3d8a5013ccaef7c89e8ad5ef860fae2f0d04db1'],
  ['034_quotation_links', 'd648cbf056d7abdcc717fade251d6647c6de537abd2ca863ef326632afbd64a8'],
  ['036_catalogue_trigger_plans', '6399812857613750dbb3aa02e2829a4849399eddf233ea8fad1ec22970c20aaf'],
  ['038_quote_line_availability', '7628c9f89914d14315b313e564090b4253fc93672158dd5d66daa5769bc3e3c7'],
  ['039_catalogue_variant_default_skip', '81e3cb4bbf65a059a973fc5474e9655300ad52eb3bdebe66020ccac95372415c'],
  ['040_vitals_networks', '0676985a6c5794bbf1c10b0bef5eda6fc7c07c12d797792925ce3f12079442b6'],
  ['041_qa_tokens', '7438751d3c9fa163ec36ff89f439b617437c9dc4ef4618506f5d8aa19bb28987'],
  ['042_catalogue_import_jobs', 'ad5be62a109173acaf203dcffd03f4f42c43cbf1dd46d007596e13a99a9d0fb0'],
  ['043_catalogue_history_imports', '16cb86ee6f5ddbce857c827ec9c881efa4e96e29f932ce2dc5e00cb0fd240587'],
  ['044_catalogue_publish_schedules', '149dbd7133547bf45a5af9e06d645be861cca63f08f9af85cf0f66abbb8c82a3'],
  ['045_catalogue_bulk_edits', '64a0128293465edc1b3f50243ac81fc90187521f39b4597ae6849dd56738d1ba'],
  ['046_company_unique_numbers', '0f32d4dabf943680ba2f5d7c723fea515389f6434bca3a03a8c7a37fd4cebdcf'],
  ['047_quotation_document', '0c0b9d30b0ca7f7efff8285b5923f5de92c9d0c3fc9810791f6f60a9b20085b5'],
  ['048_quotation_later_answers', 'a5f742855c52b574a1432ae9064e040b75a894581f00b5d2bed04ccca7579571'],
  ['049_quotation_expiry_reminders', 'd2b3721dead77de39cd2365485ff622d9dc52a2ca683862469f049fc224e68aa'],
  ['050_quotation_line_arabic', '54c200b52b3014bbdb22a08503643f47bf02d72ffadc21483e421b2e493eef2e'],
  ['051_catalogue_price_breaks', 'fb3b9c6584e754a8bbe0002a898df390fe3fc35dcf8e8c92f48657beb33a3cf5'],
  ['052_buyer_accounts', 'c359e962f6e08d7f0f46c383157f01411ab14dc1a5a9e07ad5eb7b5b58d1d176'],
  ['053_quote_requests_by_address', 'ca8d70a48f4b647d0df9db98094b2f78418c773514fb93660713020610992711'],
  ['054_buyer_passkeys', 'd8aa505683343de415f97f38a5cade0344d5829ba1197bd3038d553785599e9d'],
  ['055_buyer_account_events', 'bf758c87e1821d09e4a6d84a59c7dba3c6e644d536d1619d4655b61a82bba0fd'],
  ['056_buyer_lists', 'f148d8544b65e22800c45ce83e896c7a5560adb7691446db767d448aa80ee209'],
  ['057_buyer_companies', '64c7584b6cd6fec7d9ed9d366006f3f79e3526a5911e09477a46c1f586a50dfa'],
  ['058_buyer_baskets', 'aa9a8d8d76cd6e81f413b77a22af7ca22dccfe1129aacfbf8020fb21d9f04a88'],
  ['059_company_administrators', '843fee746b8b24777e8dfaa883a9129df4dd6d237b3aae29c1d29a495fc1833a'],
]);

test('no released migration has changed: every database that applied it still starts', () => {
  for (const migration of MIGRATIONS) {
    const key = `${migration.version}_${migration.name}`;
    const pinned = RELEASED.get(key);
    assert.ok(
      pinned !== undefined,
      `Migration ${key} is not pinned: add ['${key}', '${migrationChecksum(migration.sql)}'] to RELEASED once it is final.`,
    );
    assert.equal(
      migrationChecksum(migration.sql),
      pinned,
      `Migration ${key} was edited after release: every database that applied it would refuse to start. Undo the edit and put the change in a new migration.`,
    );
  }
  const listed = new Set(MIGRATIONS.map((migration) => `${migration.version}_${migration.name}`));
  assert.deepEqual(
    [...RELEASED.keys()].filter((key) => !listed.has(key)),
    [],
    'a released migration was removed or renamed',
  );
});

test('a migration is literal SQL: its file imports nothing but its type and interpolates nothing', async () => {
  const folder = new URL('./migrations/', import.meta.url);
  const files = (await readdir(folder)).filter((file) => /^\d{3}_\w+\.ts$/.test(file)).sort();
  // every migration file is listed, under its file's name, so that the check below covers every migration run
  assert.deepEqual(
    files,
    MIGRATIONS.map((migration) => `${migration.version}_${migration.name}.ts`),
  );
  for (const file of files) {
    const source = await readFile(new URL(file, folder), 'utf8');
    const imports = source.match(/^import\b.*$/gm) ?? [];
    assert.deepEqual(
      imports,
      ["import type { Migration } from './types.js';"],
      `${file}: a migration's SQL built from other code changes when that code does`,
    );
    assert.doesNotMatch(source, /(?<!\\)\$\{/, `${file}: an interpolation makes the SQL depend on code; write it out`);
  }
});
