// The buyer's account: signing in by e-mail link, sessions, the account's pages (docs/accounts.md).
export { accountsPlugin, type AccountsPluginOptions } from './plugin.js';
export { ACCOUNT_LINK_SEAL_PURPOSE, registerSignInMail, type AccountLinkSealer } from './signInMail.js';
export type { ListCatalogue, ListPart } from './lists/listCatalogue.js';
export { buyerCompanyOfAddress, type BuyerCompanyOnRequest } from './company/companyStore.js';
export { readBuyerAuditPage } from './activity/buyerAuditPage.js';
