// The packages the server-render modules share (tools/webpack/server-render.cjs leaves them out of every bundle):
// one React, one router, one store library and one styled-components for the shell and every remote, as the
// shared singletons are in the browser. Loaded with require() so each is the package's CommonJS exports object,
// which is what webpack's external modules expect (default export and __esModule included).
import { createRequire } from 'node:module';

/** The global the server-render modules read (SHARED_GLOBAL in tools/webpack/server-render.cjs). */
export const SHARED_GLOBAL = '__siteServerShared';

const requirePackage = createRequire(import.meta.url);

let domPurify: unknown;

/**
 * DOMPurify over a jsdom window: the same library and rules as in the browser, so the server's sanitized HTML is the
 * HTML the browser's hydration expects (DOMPurify alone has no DOM on Node). Made once.
 */
function serverDomPurify(): unknown {
  if (domPurify === undefined) {
    const { JSDOM } = requirePackage('jsdom') as { JSDOM: new (html: string) => { window: unknown } };
    const createDOMPurify = requirePackage('dompurify') as (window: unknown) => unknown;
    domPurify = createDOMPurify(new JSDOM('').window);
  }
  return domPurify;
}

/** Every package name a server-render module may ask for, with the same module behind aliases of one package. */
export function serverProvidedPackages(): Record<string, unknown> {
  const reactRouter = requirePackage('react-router');
  return {
    react: requirePackage('react'),
    'react/jsx-runtime': requirePackage('react/jsx-runtime'),
    'react-dom': requirePackage('react-dom'),
    'react-dom/server': requirePackage('react-dom/server'),
    'react-router': reactRouter,
    // The browser builds' facade names the declarative part of react-router (react-router-dom 7 re-exports it).
    'react-router-dom': reactRouter,
    '@reduxjs/toolkit': requirePackage('@reduxjs/toolkit'),
    'react-redux': requirePackage('react-redux'),
    'styled-components': requirePackage('styled-components'),
    dompurify: serverDomPurify(),
  };
}

/** Puts `modules` where the server-render modules read them, keeping what is there for other names. */
export function provideShared(modules: Record<string, unknown>): void {
  const holder = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
  holder[SHARED_GLOBAL] = { ...holder[SHARED_GLOBAL], ...modules };
}
