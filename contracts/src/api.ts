// The addresses of the API calls the browser makes and the server answers (the route table's start data names some).
// No imports: a remote that calls the API bundles just these strings.

/** POST the 'Send us a message' form (contact page, either edition): request and answer in forms-api.ts. */
export const CONTACT_FORM_API_PATH = '/api/send-contact-form';

/** POST the chat's welcome form (a visitor's name, e-mail and branch). */
export const REGISTRATION_API_PATH = '/api/send-user-registration';

/** POST the chat's 'Send Inquiry' form. */
export const INQUIRY_API_PATH = '/api/send-inquiry';

/** POST a question to the chat assistant: request and answer in chat-api.ts. */
export const CHAT_API_PATH = '/api/chat';

/** GET a product's reviews (stored ones newest first, then the catalogue's seed reviews); POST a new one. */
export const REVIEWS_API_PATTERN = '/api/products/:productId/reviews';

/** The reviews address of one product. */
export const reviewsApiPath = (productId: string): string =>
  REVIEWS_API_PATTERN.replace(':productId', encodeURIComponent(productId));

/** GET the average rating of every reviewed product (seed and stored reviews), for 'Sort by average rating'. */
export const RATINGS_API_PATH = '/api/products/ratings';

/** POST a request for quotation: the basket's lines and the buyer's details; answers {ok, reference, pdfUrl}. */
export const QUOTE_REQUESTS_API_PATH = '/api/quote-requests';

/**
 * What a page the server draws in answer to a plain form post (the request page's or the contact page's form sent
 * without the page's scripts, or before they started) reads of that post: the fields as typed and what came of them.
 * Answered only to that drawing (server/src/submissions/plainForm.ts), never over the network; the drawing names
 * itself so in its first view's params (FORM_POST_PARAM), and any other drawing does not ask.
 */
export const FORM_POST_OUTCOME_PATH = '/api/form-post-outcome';
export const FORM_POST_PARAM = 'formPost';

/** Every catalogue API address starts so; its answers are the site's data, the same for every visitor. */
export const CATALOGUE_API_PREFIX = '/api/catalogue/';

/**
 * The site's data, as a page starts by reading it: its data files and the catalogue API's answers, the same for every
 * visitor, which a page drawn on the server carries in its state. Visitors' data (reviews, ratings) is fetched by the
 * browser.
 */
export const isSiteDataPath = (href: string): boolean =>
  href.startsWith('/data/') || href.startsWith(CATALOGUE_API_PREFIX);

/** GET the category grid: {categories} (catalogueApi.ts has every catalogue call's shapes). */
export const CATALOGUE_CATEGORIES_API_PATH = '/api/catalogue/categories';

/** GET one page of a category's products in one of the listing's orders: {category, total, page, pageSize, products}. */
export const CATALOGUE_LISTING_API_PATTERN = '/api/catalogue/categories/:categoryId/products';
export const catalogueListingApiPath = (categoryId: string): string =>
  CATALOGUE_LISTING_API_PATTERN.replace(':categoryId', encodeURIComponent(categoryId));

/** GET one product's detail record: {product}. */
export const CATALOGUE_PRODUCT_API_PATTERN = '/api/catalogue/products/:productId';
export const catalogueProductApiPath = (productId: string): string =>
  CATALOGUE_PRODUCT_API_PATTERN.replace(':productId', encodeURIComponent(productId));

/**
 * GET the products a buyer's list names, by model code or id as normalizedProductCode compares them:
 * ?codes=<keys, comma-separated>&lang=… → {products, variants?, withdrawn?}. The request page's "Paste a list" and its
 * basket's names, and the header's basket panel's packs (addresses: ./catalogueLookup.ts).
 */
export const CATALOGUE_LOOKUP_API_PATH = '/api/catalogue/lookup';

/** GET the search modal's matches: ?q=…&offset=…&limit=…&lang=… → {total, offset, results}. */
export const CATALOGUE_SEARCH_API_PATH = '/api/catalogue/search';

/** GET the products of a comparison: ?ids=<up to four product ids, comma-separated>&lang=… → {products}. */
export const CATALOGUE_COMPARE_API_PATH = '/api/catalogue/compare';
