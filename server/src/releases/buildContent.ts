// What a build is made of, read when it is registered and recorded with its release (migration 028): the SHA-256 of
// its mf-manifest.json, and its server-render module (the one its server-render.json names) with that module's SHA-256.
// Every process renders the release's pages from exactly those bytes (http/ssr/buildCache.ts).
//
// A build registered as one of this site's build folders is first copied into the shared store (http/buildStore.ts),
// and registered at the copy's address: a later build written into that folder changes nothing of this release.
//
// A build whose server-render files cannot be read is still registered (the browser draws its pages, as it always
// could): the answer says so, and the reason goes to the server's log.
import { MANIFEST_FILE } from '@site/contracts/federation';
import type { ReleaseBuild } from '@site/contracts/releases-api';
import { SERVER_RENDER_POINTER } from '@site/contracts/shared-packages';
import { buildSourceOf, readBuildFile, sha256Hex, storeBuild, storedBuildPath } from '../platform/http/buildStore.js';
import { RENDER_MODULE_MAX_BYTES, RENDER_POINTER_MAX_BYTES, renderModuleOf } from '../pages/index.js';

export interface BuildStoreOptions {
  /** REMOTE_BUILDS_DIR: shared by every process. */
  dir: string;
  /** This site's build folders by the path they are served at ('/remotes/catalogue/canary/' → its folder). */
  folders: ReadonlyMap<string, string>;
}

/**
 * The entry to register for `entry`: one of `remote`'s build folders on this site is copied into the store and the
 * copy's manifest given; any other entry as it is. Throws when the folder cannot be copied (it has no manifest, say).
 */
export async function entryToRegister(remote: string, entry: string, store: BuildStoreOptions): Promise<string> {
  for (const [servedAt, folder] of store.folders) {
    if (servedAt.startsWith(`/remotes/${remote}/`) && entry === `${servedAt}${MANIFEST_FILE}`) {
      return `${storedBuildPath(remote, await storeBuild(store.dir, remote, folder))}${MANIFEST_FILE}`;
    }
  }
  return entry;
}

/** The sentence a registration's answer carries when the server will not render the release's pages. */
export const notServerRendered = (entry: string): string =>
  `Registered, but its pages will not be rendered on the server (the browser draws them): its ${SERVER_RENDER_POINTER} and the module it names could not be read beside ${entry} (each must answer 200, with no redirect, the module at most ${RENDER_MODULE_MAX_BYTES / 1024 / 1024} MB)`;

/**
 * The content of the build at `entry` (its manifest's text as checked), or with `renderModule` null and `why` when its
 * server-render module cannot be read.
 */
export async function buildContentOf(
  entry: string,
  manifestText: string,
  store: BuildStoreOptions,
): Promise<{ build: ReleaseBuild; why?: string }> {
  const manifestSha256 = sha256Hex(Buffer.from(manifestText, 'utf8'));
  const without = (why: string) => ({ build: { manifestSha256, renderModule: null, renderSha256: null }, why });
  const source = buildSourceOf(entry, store.dir);
  if (source === undefined) return without('it is not on an allowed origin nor stored on this site');
  const pointer = await readBuildFile(source, SERVER_RENDER_POINTER, RENDER_POINTER_MAX_BYTES);
  if ('error' in pointer) return without(`${SERVER_RENDER_POINTER}: ${pointer.error}`);
  const renderModule = renderModuleOf(pointer.bytes.toString('utf8'));
  if (renderModule === undefined) return without(`${SERVER_RENDER_POINTER} names no module under server/`);
  const module = await readBuildFile(source, renderModule, RENDER_MODULE_MAX_BYTES);
  if ('error' in module) return without(`${renderModule}: ${module.error}`);
  return { build: { manifestSha256, renderModule, renderSha256: sha256Hex(module.bytes) } };
}
