// The staff feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { type StaffPluginOptions, staffPlugin } from './plugin.js';
// the audit log: the quotations' buyer link (registered by app.ts) writes its state changes there
export { recordStaffAction } from './audit.js';
// the keys kept outside the database: the outbox worker opens the quotation links sealed with them (server.ts)
export { totpSecretBoxOf } from './totpSecrets.js';
// its settings, built from the parsed variables (app/config.ts)
export { staffConfigOf, type StaffConfig } from './settings.js';
