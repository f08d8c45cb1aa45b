// The quotations feature's public face: what the other features of the server use of it (eslint.config.mjs keeps them
// to this file). The staff feature registers its calls inside the signed-in scope; app.ts registers the buyer's link
// and the ERP's orders, and outboxMail.ts its mails.
export { type StaffQuotationsOptions, staffQuotationsPlugin } from './plugin.js';
export type { RecordStaffAction, StaffActor, StaffSide } from './staffSide.js';
export { type QuotationLinkPluginOptions, quotationLinkPlugin } from './link/linkPlugin.js';
export { registerQuotationMail } from './link/buyerMail.js';
export { registerReminderMail } from './reminders/reminderMail.js';
export { LINK_SEAL_PURPOSE, type LinkSealer } from './link/linkSeal.js';
export { branchDetailsOf, setBranchDetails, type BranchDetailsValues } from './branchDetails.js';
export { latePurchaseOrderFiles } from './link/latePurchaseOrders.js';
export { currentRate } from './rateStore.js';
export { buyerTexts } from './link/buyerTexts.js';
export { ANSWERABLE, isPastValidity, loadBuyerDocument } from './link/buyerView.js';
export { quotationPdfFileName, renderQuotationPdf } from './link/quotationPdf.js';
