// A remote's mf-manifest.json, as @module-federation/enhanced's build plugin writes it: the one reading of where its
// remoteEntry.js is, shared by the shell (which loads it) and the server (which preloads it).

/** The manifest's remoteEntry.js, relative to the manifest's folder ('remoteEntry.js', 'entry/remoteEntry.js'), or undefined. */
export function remoteEntryFileOf(manifest: unknown): string | undefined {
  const remoteEntry = (manifest as { metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null)?.metaData?.remoteEntry;
  if (typeof remoteEntry?.name !== 'string' || remoteEntry.name === '') return undefined;
  const dir = typeof remoteEntry.path === 'string' ? remoteEntry.path.replace(/^\/+|\/+$/g, '') : '';
  return dir === '' ? remoteEntry.name : `${dir}/${remoteEntry.name}`;
}
