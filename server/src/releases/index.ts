// The releases feature's public face: what the other features of the server may use of it (eslint.config.mjs
// keeps them to this file).
export { type StaffReleasesOptions, staffReleaseTokenRoutes } from './staffTokenRoutes.js';
