// Addresses of the home page and the catalogue's pages, for links (the remotes', the server's, the chat assistant's). The route table
// (routes.ts) builds its patterns from the same segments; this file stays free of the table and of React Router, so a
// remote that only links to a page does not bundle them.

/** The home page's path segment. */
export const HOME_SEGMENT = 'home';

/** The home page's address. '/' is not a page: the shell redirects it here, and the server answers it with this page's head. */
export const HOME_PATH = `/${HOME_SEGMENT}`;

/** The catalogue's first path segment: '/our-products', '/our-products/<category>', '/our-products/<category>/<product>'. */
export const CATALOGUE_SEGMENT = 'our-products';

/** The page listing every product category. */
export const CATEGORIES_PATH = `/${CATALOGUE_SEGMENT}`;

/** The page of one category's products. */
export const categoryPath = (categoryId: string): string => `${CATEGORIES_PATH}/${encodeURIComponent(categoryId)}`;

/** The page of one product (the category segment names its category; the page is found by the product id). */
export const productPath = (categoryId: string, productId: string): string =>
  `${categoryPath(categoryId)}/${encodeURIComponent(productId)}`;

/** The request-for-quotation page's path segment (the contact remote's page, where the basket is sent). */
export const QUOTE_REQUEST_SEGMENT = 'request-quote';

/** The request-for-quotation page: the basket's lines and the buyer's details. */
export const QUOTE_REQUEST_PATH = `/${QUOTE_REQUEST_SEGMENT}`;
/** The buyer's account (its own origin: the public one sends this address there, server/src/platform/http/accountSurface.ts). */
export const ACCOUNT_PATH = '/account';

/** The search results page's path segment ('/search?q=…'). */
export const SEARCH_SEGMENT = 'search';

/** The search results page. */
export const SEARCH_PATH = `/${SEARCH_SEGMENT}`;

/** The results page of a search ('/search?q=4%20core%20swa'). */
export const searchPagePath = (query: string): string => `${SEARCH_PATH}?${new URLSearchParams({ q: query })}`;

/** The compare page's path segment ('/compare?ids=a,b'). */
export const COMPARE_SEGMENT = 'compare';

/** The compare page. */
export const COMPARE_PATH = `/${COMPARE_SEGMENT}`;
