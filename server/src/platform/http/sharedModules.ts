// The packages the server-render modules share (tools/webpack/server-render.cjs leaves them out of every bundle):
// one React, one router, one store library and one styled-components for the shell and every remote, as the
// shared singletons are in the browser. Loaded with require() so each is the package's CommonJS exports object,
// which is what webpack's external modules expect (default export and __esModule included).
import { createRequire } from 'node:module';
import { SERVER_SHARED_GLOBAL, serverSharedNames } from '@site/contracts/shared-packages';

const requirePackage: (name: string) => unknown = createRequire(import.meta.url);

let domPurify: unknown;

/**
 * DOMPurify over a jsdom window: the same library and rules as in the browser, so the server's sanitized HTML is the
 * HTML the browser's hydration expects (DOMPurify alone has no DOM on Node). Made once; the catalogue's rich-text
 * cleaning (catalogue/richText.ts) uses the same one, passing its config with each call.
 */
export function serverDomPurify(): unknown {
  if (domPurify === undefined) {
    const { JSDOM } = requirePackage('jsdom') as { JSDOM: new (html: string) => { window: unknown } };
    const createDOMPurify = requirePackage('dompurify') as (window: unknown) => unknown;
    domPurify = createDOMPurify(new JSDOM('').window);
  }
  return domPurify;
}

/** Packages given as another module than their own. */
const SERVER_MODULES: Record<string, () => unknown> = {
  // The browser builds' facade names the declarative part of react-router (react-router-dom 7 re-exports it).
  'react-router-dom': () => requirePackage('react-router'),
  dompurify: serverDomPurify,
};

/** Every package name a server-render module may ask for (shared-packages.json's server: 'server'). */
export function serverProvidedPackages(): Record<string, unknown> {
  return Object.fromEntries(
    serverSharedNames('server').map((name) => [name, (SERVER_MODULES[name] ?? (() => requirePackage(name)))()]),
  );
}

/** Puts `modules` where the server-render modules read them, keeping what is there for other names. */
export function provideShared(modules: Record<string, unknown>): void {
  const holder = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
  holder[SERVER_SHARED_GLOBAL] = { ...holder[SERVER_SHARED_GLOBAL], ...modules };
}
