// The seo feature's public face: what the other features of the server may use of it (eslint.config.mjs
// keeps them to this file).
export { localizeShellTemplate, prepareShellTemplate, renderHead, type ShellTemplate } from './head.js';
export { currentPages, type CurrentSeoPages, type PageReads, type SeoPages, type SeoSite, type SitePage } from './pages.js';
