// The site's pages: the shell's HTML answered at every page's address with its head, remotes map, preload hints and
// server-drawn first view; the canary releases that decide which build of each remote a visitor gets; the remotes'
// files (/remotes) and the staff host's page. What the other features and app/ use of it.
export { CanaryAssignment, type CanaryAssignmentOptions } from './canary.js';
export { registeredBuilds } from './localBuilds.js';
export { PageCache } from './pageCache.js';
export type { PageCatalogue } from './pageCatalogue.js';
export type { CurrentRemotes, PageRemote, RemotesState } from './pageRemotes.js';
export { answerUnknownPaths, registerPageRoutes, type PageAnswers } from './pageRoutes.js';
export { REMOTES_PREFIX, remoteBundleRoutes, type RemoteBundlesOptions } from './remoteBundles.js';
export { RemotesMaps } from './remotes.js';
export {
  createShellResponder,
  type RenderedPage,
  type SendShell,
  type ShellResponderFunction,
  type UnlistedPage,
} from './shellResponder.js';
export { staffPageRoutes } from './staffPage.js';
export {
  BuildCache,
  RENDER_MODULE_MAX_BYTES,
  RENDER_POINTER_MAX_BYTES,
  renderModuleOf,
  type RegisteredBuild,
} from './ssr/buildCache.js';
export type { CatalogueApiReader } from './ssr/firstView.js';
export { INLINE_SCRIPT_CSP_SOURCE, INLINE_SCRIPT_SOURCE } from './ssr/inlineScript.js';
