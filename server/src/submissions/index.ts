// The submissions feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { registerFormMail } from './formMail.js';
export { branchEmail, OUTBOX_KIND } from './store.js';
export { type SubmissionsPluginOptions, submissionsPlugin } from './plugin.js';
