// The shapes of the site's data, derived from the zod schemas of schema.ts (their field comments are there).
// Type-only imports: nothing of zod or of the schemas reaches a bundle that imports these types.
import type { z } from 'zod';
import type {
  branchSchema,
  carouselSlideSchema,
  certificateSchema,
  companySchema,
  customerReviewSchema,
  descriptionEntrySchema,
  descriptionRowSchema,
  detailBlockSchema,
  homeSchema,
  knowledgeBaseFactsSchema,
  menuItemSchema,
  partnerSchema,
  productCategorySchema,
  productDetailSchema,
  productSchema,
  productVariantSchema,
  projectSchema,
  searchResultSchema,
  specificationBlockSchema,
  tableCellSchema,
  tableRowSchema,
  tableValueSchema,
  teamMemberSchema,
} from './schema';

/** A record of /data/products-category.json. */
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** A branch of the group (fixed data, content/data/branches.json). */
export type Branch = z.infer<typeof branchSchema>;

export type MenuItem = z.infer<typeof menuItemSchema>;

/** Company-wide facts shown by the shell, the company pages and the chat (content/data/company.json). */
export type CompanyInfo = z.infer<typeof companySchema>;

export type Certificate = z.infer<typeof certificateSchema>;

// Catalogue: products.json (listing), product-details.json (details), searchResults.json (generated).
// Strings documented as HTML are HTML fragments (p, ul/li, strong, em, sub, h3, br): sanitise them before rendering.
// Every other string is plain text, with no tags and no character entities (the schema checks both), to be rendered
// as text.

/** A record of /data/products.json: what the listing page, its sort and the search index need. */
export type Product = z.infer<typeof productSchema>;

export type SpecificationBlock = z.infer<typeof specificationBlockSchema>;

export type DescriptionRow = z.infer<typeof descriptionRowSchema>;

/** One entry of the 'Description :' list of a product detail; how its key decides what it shows: descriptionEntrySchema. */
export type DescriptionEntry = z.infer<typeof descriptionEntrySchema>;

export type DetailBlock = z.infer<typeof detailBlockSchema>;

export type TableCell = z.infer<typeof tableCellSchema>;

export type TableValue = z.infer<typeof tableValueSchema>;

export type TableRow = z.infer<typeof tableRowSchema>;

export type CustomerReview = z.infer<typeof customerReviewSchema>;

/** An orderable variant of a product (docs/decisions/034-orderable-variants.md). */
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A record of /data/product-details.json. */
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** An entry of /data/searchResults.json. */
export type SearchResult = z.infer<typeof searchResultSchema>;

/** A record of /data/our-team.json (the Management page and the chat knowledge base). */
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * content/data/knowledge-base.json: the chat assistant's facts that no other data file holds. The full knowledge
 * base is assembled from this file and the rest of content/data (server/src/assistant/knowledge-base).
 */
export type KnowledgeBaseFacts = z.infer<typeof knowledgeBaseFactsSchema>;

// Company pages: home.json and projects.json.

export type CarouselSlide = z.infer<typeof carouselSlideSchema>;

export type Partner = z.infer<typeof partnerSchema>;

/** content/data/home.json: everything the home page shows besides the category teaser. */
export type HomeContent = z.infer<typeof homeSchema>;

export type Project = z.infer<typeof projectSchema>;

/** An uploaded picture (a product detail's `picture`): its variants' common path and their widths. */
export interface PictureVariants {
  src: string;
  widths: readonly number[];
}
