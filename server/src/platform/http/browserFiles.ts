// Which files of a served folder (a dist, the content's public files) a browser may fetch. A build also writes files
// for itself and for the server: Module Federation's mf-stats.json (it names the build machine's folders),
// server-render.json and the server-render modules under server/, the shell's arabic-font.json (read by the server:
// arabicFont.ts), an older shell build's fonts.json, and source maps if a build ever makes them. None is secret code, but each tells a prober about the build and none is of use to a
// browser, so they answer the site's 404 like a file that is not there.
import { MANIFEST_FILE } from '@site/contracts/federation';

/** The build's compressed copies are judged by the file they copy. */
const COPY = /\.(?:br|gz)$/;

/**
 * Whether a file of a served folder is for browsers. `pathName` as the static file handler gives it, relative to the
 * folder's prefix, e.g. '/server/render.js'. JSON files are the build's or the server's, but the federation manifest the
 * shell loads each remote by; data files (/data/*.json) are served by their own routes (dataFiles.ts).
 */
export function isBrowserFile(pathName: string): boolean {
  const file = pathName.replace(COPY, '');
  if (file.startsWith('/server/')) return false;
  if (file.endsWith('.map')) return false;
  if (file.endsWith('.json')) return file.slice(file.lastIndexOf('/') + 1) === MANIFEST_FILE;
  return true;
}
