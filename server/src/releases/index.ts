// The releases feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { allowedOriginsOf } from './allowedOrigins.js';
export { startLiveRemotes } from './liveRemotes.js';
export { type ReleasesPluginOptions, releasesPlugin } from './plugin.js';
export { recordRenderError } from './releaseHealth.js';
export { registerReleaseMail } from './releaseMail.js';
export { type StaffReleasesOptions, staffReleaseTokenRoutes } from './staffTokenRoutes.js';
export { type KnownReleases, liveVersions, readKnownReleases, releaseLoadTotals } from './knownReleases.js';
export { checkPipelineToken, type TokenCheck } from './tokens.js';
export { pipelineTokenOf, requirePipelineToken } from './pipelineTokenGuard.js';
// its settings, built from the parsed variables (app/config.ts)
export { releaseSafetyConfigOf, type ReleaseSafetyConfig } from './settings.js';
