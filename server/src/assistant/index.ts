// The assistant feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { type CatalogueKnowledgeLimits, databaseKnowledgeBases, type KnowledgeBasesFor } from './catalogueKnowledge.js';
export { type AssistantPluginOptions, assistantPlugin } from './plugin.js';
export { catalogueKnowledgeBases, type KnowledgeBase, siteKnowledgeBaseSources } from './knowledge-base/index.js';
export { databaseStockFacts, type StockFactsFor } from './stockFacts.js';
// its settings, built from the parsed variables (app/config.ts)
export { assistantConfigOf, type AssistantConfig } from './settings.js';
