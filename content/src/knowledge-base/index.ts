// The chat assistant's knowledge base and its fallback answerer. Server only: import it as
// '@site/content/src/knowledge-base' (never from the package's main entry, which goes into browser bundles).
// Named re-exports, not `export *`: Node finds the names of this CommonJS-compiled module only when they are listed.
export {
  buildKnowledgeBase,
  categoryPath,
  htmlToText,
  MAX_SPECS_PER_PRODUCT,
  productPath,
  siteKnowledgeBaseSources,
  type KbCategory,
  type KbLink,
  type KbLocation,
  type KbProduct,
  type KnowledgeBase,
  type KnowledgeBaseSources,
} from './knowledgeBase';
export { createFallbackAnswerer, fallbackReply, FALLBACK_PREFIX } from './fallbackAnswer';
