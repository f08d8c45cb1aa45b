// The imports bundled code may make of the packages shared through a facade (tools/webpack/shared/*.mjs): only the
// names the facade exports (another would be undefined at run time), no subpath of such a package, and never
// 'react-router' itself (a second router copy, whose contexts the shared one cannot see). Type-only imports are
// free: they do not exist at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
/** @type {{ SHARED_FACADES: Record<string, string> }} */
const { SHARED_FACADES } = require('../webpack/federated-app.cjs');
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** The names a facade exports: it is one `export { a, b as c, default } from '...'` list (comments aside). */
export function facadeExports(facadeFile) {
  const source = readFileSync(facadeFile, 'utf8').replace(/\/\/.*$/gm, '');
  return [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim().replace(/^.*\s+as\s+/, ''))
      .filter(Boolean),
  );
}

/**
 * The gitignore-style lines that let `subpath` through a `<package>/*` line: each folder on its way re-included, and
 * its other entries excluded again ('!@a/b/query', '@a/b/query/*', '!@a/b/query/react').
 */
function reincluded(subpath) {
  const parts = subpath.split('/');
  const packageParts = subpath.startsWith('@') ? 2 : 1;
  const lines = [];
  for (let end = packageParts + 1; end <= parts.length; end += 1) {
    const upTo = parts.slice(0, end).join('/');
    lines.push(`!${upTo}`);
    if (end < parts.length) lines.push(`${upTo}/*`);
  }
  return lines;
}

/**
 * Options of @typescript-eslint/no-restricted-imports for code that webpack bundles into an app. `allowSubpaths`: the
 * subpaths an app may bundle as its own copy (the staff app's RTK Query, whose host provides the toolkit whole).
 */
export function sharedFacadeRestrictions({ allowSubpaths = [] } = {}) {
  const facades = Object.entries(SHARED_FACADES);
  return {
    paths: [
      ...facades.map(([packageName, facadeFile]) => ({
        name: packageName,
        allowImportNames: facadeExports(facadeFile),
        allowTypeImports: true,
        message: `Only the names of its shared facade (${path.relative(repoRoot, facadeFile)}) exist at run time: add the name there, and release the shell before the remote that uses it.`,
      })),
      {
        name: 'react-router',
        allowTypeImports: true,
        message:
          "Import from 'react-router-dom' (the shared singleton): 'react-router' would be a second router copy whose contexts the shared one cannot see.",
      },
    ],
    patterns: [
      {
        group: [
          ...facades.map(([packageName]) => `${packageName}/*`),
          'react-router/*',
          ...allowSubpaths.flatMap(reincluded),
        ],
        allowTypeImports: true,
        message:
          'Import the package itself: its subpaths are not shared, so they would be a second copy beside the shared facade.',
      },
    ],
  };
}
