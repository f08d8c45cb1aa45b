// What a test expects of the site, read from the site itself rather than from this repository's seed data or build
// layout: the remotes map a page is served with (where each remote's build is for this browser: a pinned canary's
// content-addressed folder, a CDN, or the site's own /remotes/<name>/), and the catalogue's categories as its API
// answers. Against the suite's own server they read the seed catalogue and the local builds; against a deployed site,
// whatever it holds.
import type { APIRequestContext } from '@playwright/test';
import {
  CATALOGUE_CATEGORIES_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
  catalogueListingApiPath,
  catalogueProductApiPath,
} from '@site/contracts/api';
import {
  LISTING_PAGE_SIZE_MAX,
  type ListingResponse,
  type ProductResponse,
  type SearchResponse,
} from '@site/contracts/catalogue-api';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import type { RemoteName } from '@site/contracts/federation';
import type { ExampleProduct } from './site-routes';

/**
 * The footer's copyright line as a visitor reads it now: the year is the current one in Dubai (UTC+4), where the
 * company is (shell/src/frame/Footer.tsx).
 */
export const copyrightLine = (): string =>
  `© ${new Date(Date.now() + 4 * 3_600_000).getUTCFullYear()} All Rights Reserved.`;

export interface RemoteInMap {
  name: string;
  entry: string;
  /** The stable build, when `entry` is a live canary this browser is on. */
  fallback?: string;
}

/** Every product's detail record, in the catalogue's order, English (server/src/catalogue/catalogueDataFiles.ts). */
const PRODUCT_DETAILS_FILE = '/data/product-details.json';

const INLINE_REMOTES_MAP = new RegExp(
  `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

/**
 * The remotes map the page at `path` is served with, for the browser `request` stands for (its cookies, a pinned
 * canary's among them): the map in the page's HTML, or /remotes.json when the HTML carries none.
 */
export async function pageRemotesMap(request: APIRequestContext, path: string): Promise<RemoteInMap[]> {
  const html = await (await request.get(path)).text();
  const inline = INLINE_REMOTES_MAP.exec(html)?.[1];
  if (inline !== undefined) return (JSON.parse(inline) as { remotes: RemoteInMap[] }).remotes;
  return ((await (await request.get('/remotes.json')).json()) as { remotes: RemoteInMap[] }).remotes;
}

/** `remote`'s entry in a remotes map; throws when the map does not name it. */
export function remoteIn(map: RemoteInMap[], remote: RemoteName): RemoteInMap {
  const item = map.find((entry) => entry.name === remote);
  if (item === undefined) throw new Error(`the remotes map names no ${remote}: ${JSON.stringify(map)}`);
  return item;
}

/**
 * The folder a build's files are served from, as the page's links name them: its manifest's address without the file
 * name ('/remotes/catalogue/', '/remotes/catalogue/builds/<sha-256>/', 'https://cdn.example.com/catalogue/2026-06-08/').
 */
export const buildFolder = (entry: string): string => entry.slice(0, entry.lastIndexOf('/') + 1);

/** What a file a page downloads is, for the JS budget: the shell's, or a remote's entry (its manifest) or chunk. */
export type FileKind = 'shell' | 'remote entry / manifest' | 'remote chunk';

/** A remote's entry and chunk files by their names (the federation plugin's): the rest of a build's folder is chunks. */
const REMOTE_ENTRY_FILE = /(^|\/)(remoteEntry\.js|mf-manifest\.json)$/;

/**
 * Which part of the site `url` belongs to, by the remotes map the page was served with (`site`: the origin its
 * relative addresses are on): a file in the folder of a remote's build (its entry's, or its stable fallback's, which
 * the shell turns to when a canary does not load) is that remote's, wherever the folder is (the site's
 * /remotes/<name>/, a pinned canary's /remotes/<name>/builds/<sha-256>/, a CDN's origin); any other file is the shell's.
 */
export function fileKind(url: string, map: RemoteInMap[], site: string): FileKind {
  const { origin, pathname } = new URL(url, site);
  const address = `${origin}${pathname}`;
  const entries = map
    .flatMap((remote) => (remote.fallback === undefined ? [remote.entry] : [remote.entry, remote.fallback]))
    .map((entry) => new URL(entry, site).href);
  if (entries.includes(address)) return 'remote entry / manifest';
  if (!entries.some((entry) => address.startsWith(buildFolder(entry)))) return 'shell';
  return REMOTE_ENTRY_FILE.test(pathname) ? 'remote entry / manifest' : 'remote chunk';
}

/** The path part of an address on the site, or the whole address when it is on another origin (a CDN's build). */
export function sitePath(href: string, site: string): string {
  const url = new URL(href, site);
  return url.origin === new URL(site).origin ? url.pathname : url.href;
}

/** The JSON the site's API answers at `path` through `request`; an answer other than 2xx is an error naming it. */
async function answerOf<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

/** The same through fetch, for the global setup (it has no Playwright request context): `site` is the origin. */
async function fetchedAnswerOf<T>(site: string, path: string): Promise<T> {
  const response = await fetch(`${site}${path}`, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface SiteCategory {
  id: string;
  title: string;
}

/**
 * The catalogue's categories, in the order the site lists them, in English or Arabic. `site`: the site's origin when
 * it is not the one `request` was made for (a server a test started itself).
 */
export async function siteCategories(
  request: APIRequestContext,
  locale: 'en' | 'ar' = 'en',
  site = '',
): Promise<SiteCategory[]> {
  const { categories } = await answerOf<{ categories: SiteCategory[] }>(
    request,
    `${site}${CATALOGUE_CATEGORIES_API_PATH}${locale === 'ar' ? '?lang=ar' : ''}`,
  );
  if (categories.length === 0)
    throw new Error(`${CATALOGUE_CATEGORIES_API_PATH} lists no category: the site has no catalogue to test`);
  return categories;
}

/** The ids of the deployed site's categories at `site`, in its order (for the global setup: fetch, no request context). */
export async function readCategoryIds(site: string): Promise<string[]> {
  return (await fetchedAnswerOf<{ categories: SiteCategory[] }>(site, CATALOGUE_CATEGORIES_API_PATH)).categories.map(
    ({ id }) => id,
  );
}

interface ListedProduct {
  id: string;
  code: string;
}

/**
 * A category and products of the deployed site at `site`, for the suites' example pages (site-routes.ts): the first
 * category the site lists that holds two products or more, its first product, and that product beside its second for
 * the compare page. Read with fetch: the global setup has no Playwright request context.
 */
export async function readExampleProduct(site: string): Promise<ExampleProduct> {
  const get = <T>(path: string): Promise<T> => fetchedAnswerOf<T>(site, path);
  const { categories } = await get<{ categories: SiteCategory[] }>(CATALOGUE_CATEGORIES_API_PATH);
  for (const category of categories) {
    const { products } = await get<{ products: ListedProduct[] }>(catalogueListingApiPath(category.id));
    const [first, second] = products;
    if (first === undefined || second === undefined) continue;
    return {
      categoryId: category.id,
      categoryTitle: category.title,
      productId: first.id,
      productCode: first.code,
      compareIds: [first.id, second.id],
    };
  }
  throw new Error(`${site} has no category with two products or more: the suites need one to test its pages with.`);
}

/**
 * A listing as the site's API answers it: `categoryId`'s first page of `query` (the page's own query: '?brand=ABB&maxPrice=100',
 * '' for the whole category), with its total, its products and the filters' facets counted as the page shows them.
 */
export async function siteListing(
  request: APIRequestContext,
  categoryId: string,
  query = '',
): Promise<ListingResponse> {
  return answerOf<ListingResponse>(request, `${catalogueListingApiPath(categoryId)}${query}`);
}

/**
 * The first thing `look` finds in a category of the site, the categories taken in the site's order, each with its
 * listing's first page (up to LISTING_PAGE_SIZE_MAX products); undefined when no category has it (siteHas then skips).
 */
export async function findInCatalogue<T>(
  request: APIRequestContext,
  look: (listing: ListingResponse) => Promise<T | undefined> | T | undefined,
): Promise<T | undefined> {
  for (const category of await siteCategories(request)) {
    const found = await look(await siteListing(request, category.id, `?pageSize=${LISTING_PAGE_SIZE_MAX}`));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A product's detail record and listing record as the site's API answers them; undefined when it has no such product. */
export async function siteProduct(request: APIRequestContext, productId: string): Promise<ProductResponse | undefined> {
  const response = await request.get(catalogueProductApiPath(productId));
  if (response.status() === 404) return undefined;
  if (!response.ok()) throw new Error(`${catalogueProductApiPath(productId)} answered ${response.status()}`);
  return (await response.json()) as ProductResponse;
}

/** The catalogue search's answer for `q` in `locale` (`extra`: more of its query, '&facets=1&ip=IP67'). */
export async function siteSearch(
  request: APIRequestContext,
  q: string,
  locale: 'en' | 'ar' = 'en',
  extra = '',
): Promise<SearchResponse> {
  return answerOf<SearchResponse>(
    request,
    `${CATALOGUE_SEARCH_API_PATH}?q=${encodeURIComponent(q)}${locale === 'ar' ? '&lang=ar' : ''}${extra}`,
  );
}

/** Every product of the site's catalogue, category by category in the site's order, every page of each listing. */
export async function siteProducts(request: APIRequestContext): Promise<ListingResponse['products']> {
  const products: ListingResponse['products'] = [];
  for (const category of await siteCategories(request)) {
    for (let page = 1; ; page += 1) {
      const listing = await siteListing(request, category.id, `?pageSize=${LISTING_PAGE_SIZE_MAX}&page=${page}`);
      products.push(...listing.products);
      if (page * listing.pageSize >= listing.total || listing.products.length === 0) break;
    }
  }
  return products;
}

/** A product's detail record, as the product API answers it. */
export type SiteProductDetail = ProductResponse['product'];

/**
 * The detail record of every product of the site's catalogue, in its order: the catalogue's whole-catalogue data file
 * (/data/product-details.json, made from the catalogue the site serves, not from the seed), one request where the
 * product API would take one a product.
 */
export async function siteProductDetails(request: APIRequestContext): Promise<SiteProductDetail[]> {
  return answerOf<SiteProductDetail[]>(request, PRODUCT_DETAILS_FILE);
}
