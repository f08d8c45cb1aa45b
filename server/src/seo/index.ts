// The seo feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { catalogueSeoSite, siteMapOrigins } from './catalogueSite.js';
export { databaseSeoPages } from './databaseSite.js';
export { localizeShellTemplate, prepareShellTemplate, renderHead, type ShellTemplate } from './head.js';
export {
  currentPages,
  type CurrentSeoPages,
  type PageReads,
  type SeoPages,
  seoPagesOf,
  type SeoSite,
  type SitePage,
} from './pages.js';
export { type SeoPluginOptions, seoPlugin } from './plugin.js';
