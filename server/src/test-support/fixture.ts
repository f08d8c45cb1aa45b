import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../app/config.js';
import { withKysely, type Database, type Transaction } from '../platform/db/index.js';
import type { RunResult } from '../platform/db/types.js';

export const INDEX_HTML =
  '<!doctype html><html><head><title>Fixture shell</title></head><body><div id="root"></div></body></html>\n';

export interface Fixture {
  root: string;
  config: Config;
  cleanup(): Promise<void>;
}

export interface FixtureOptions {
  /** Leave out shell/dist entirely (the "not built yet" case). */
  withoutShell?: boolean;
  /** Extra environment for loadConfig (REPO_ROOT is set to the fixture). */
  env?: Record<string, string>;
}

/**
 * A tiny repo-like folder: a shell build, the catalogue and contact remotes' builds (company and chat are
 * missing on purpose), content data, generated data, images, a brochure, a dotfile and a secret outside
 * every served folder.
 */
export async function createFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-server-fixture-'));
  const files: Record<string, string> = {
    'package.json': '{"private":true,"workspaces":[]}\n',
    'secret.txt': 'do not serve\n',
    'mfe-catalogue/dist/mf-manifest.json': '{"id":"catalogue","metaData":{"remoteEntry":{"name":"remoteEntry.js"}}}\n',
    'mfe-catalogue/dist/remoteEntry.js': 'var catalogue = {};\n',
    'mfe-catalogue/dist/123.ab12cd34.js': 'console.log("catalogue chunk");\n',
    'mfe-contact/dist/mf-manifest.json': '{"id":"contact"}\n',
    'mfe-contact/dist/remoteEntry.js': 'var contact = {};\n',
    'content/data/products-category.json': '[{"id":"cables"}]\n',
    'content/generated/data/search-index.json': '{"generated":true}\n',
    'content/generated/images/generated-banner.0a1b2c3d4e.webp': 'webp',
    'content/public/images/logo.png': 'png',
    'content/public/brochure.pdf': '%PDF-1.4\n',
    'content/public/.env': 'SECRET=1\n',
  };
  if (!options.withoutShell) {
    files['shell/dist/index.html'] = INDEX_HTML;
    files['shell/dist/main.3f2a9c1b.js'] = 'console.log("shell");\n';
    files['shell/dist/remoteEntry.js'] = 'var shell = {};\n';
    files['shell/dist/mf-manifest.json'] = '{"id":"shell"}\n';
  }
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
  const config = loadConfig({ REPO_ROOT: root, DATA_DIR: path.join(root, '.data'), ...options.env });
  return { root, config, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** A Database that answers every query with no rows, or fails every query with `failWith`. */
export function stubDatabase(failWith?: Error): Database {
  const query = async <T>(): Promise<T[]> => {
    if (failWith !== undefined) throw failWith;
    return [];
  };
  const run = async <T>(): Promise<RunResult<T>> => ({ rows: await query<T>() });
  const tx: Transaction = { query, run, exec: async () => undefined };
  return withKysely({
    kind: 'embedded',
    location: 'stub',
    query,
    run,
    transaction: (fn) => fn(tx),
    listen: async () => async () => undefined,
    close: async () => undefined,
  });
}
