import type { Migration } from './types.js';

/**
 * What a registered release is made of (releases/buildContent.ts): the SHA-256 of its mf-manifest.json, and the
 * server-render module its server-render.json named with that module's SHA-256. Every process renders a release's pages
 * only from those very bytes (http/ssr/buildCache.ts). Null for releases registered before, and for the releases seeded
 * from the REMOTE_* variables (their folders on this disk are read as they always were).
 */
export const migration028ReleaseContent: Migration = {
  version: '028',
  name: 'release_content',
  sql: /* sql */ `
alter table remote_releases add column manifest_sha256 text;
alter table remote_releases add column render_module text;
alter table remote_releases add column render_sha256 text;
`,
};
