// The packages the shell and the remotes share, in the browser and in the server-render modules: one list
// (shared-packages.json, which the CommonJS webpack configs in tools/webpack require) for the builds and the server.
//
// browser:  'singleton'  one copy in the page, the shell's (Module Federation `shared`, tools/webpack/federated-app.cjs);
//           'by-version' shared when the versions agree, so a remote can ship a newer one (shared-ui);
//           absent       not shared in the browser.
// server:   'server'     left out of every server-render bundle and given to them from the server's own node_modules
//                        (server/src/platform/http/sharedModules.ts);
//           'shell'      bundled by the shell's server-render module and taken from it by the remotes' (the one store);
//           absent       each server-render module bundles its own.
import list from './shared-packages.json';

export type BrowserSharing = 'singleton' | 'by-version';
export type ServerSharing = 'server' | 'shell';

export interface SharedPackage {
  /** A package or one of its subpaths ('react/jsx-runtime'): a name without a subpath does not cover them. */
  name: string;
  browser?: BrowserSharing;
  server?: ServerSharing;
}

export const sharedPackages: readonly SharedPackage[] = list.packages as SharedPackage[];

/** The global object a server-render module reads its shared packages from (tools/webpack/server-render.cjs). */
export const SERVER_SHARED_GLOBAL: string = list.serverRender.global;

/** The file in an app's dist folder naming its server-render module: `{ "module": "server/render.<hash>.js" }`. */
export const SERVER_RENDER_POINTER: string = list.serverRender.pointerFile;

/** The names shared on the server in the way `sharing` says. */
export const serverSharedNames = (sharing: ServerSharing): string[] =>
  sharedPackages.filter((entry) => entry.server === sharing).map((entry) => entry.name);
