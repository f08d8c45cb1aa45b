// The submissions feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { registerFormMail } from './formMail.js';
export { branchEmail, OUTBOX_KIND } from './store.js';
// what staff do to a stored submission (the staff inbox)
export {
  changedColumns,
  changeSubmission,
  deleteSubmission,
  type SubmissionChange,
  type SubmissionTable,
} from './handling.js';
export { type SubmissionsPluginOptions, submissionsPlugin } from './plugin.js';
// a page's form posted without its scripts: what the request page's takes from here, and the pages of the confirmations
export { drawFormPage, namedFields, plainFormRoutes, type FormPage, type FormPageStatus } from './plainForm.js';
export { messageSentPage } from './plainMessageRoutes.js';
// its settings, built from the parsed variables (app/config.ts); the reviews' and the requests for quotation's too
export { submissionsConfigOf, type SubmissionsConfig } from './settings.js';
