// One edition's page heads, each written from the records it is about: the facts pages (the company's, and the
// categories page), a category's page, a product's page and the not-found page. Their JSON-LD is editionLd.ts's.
import {
  categoryImagePath,
  LOGO_PATH,
  galleryOf,
  pictureSrcSet,
  PRODUCT_PICTURE_SIZES,
  productImagePath,
  type Product,
  type ProductCategory,
  type ProductDetail,
  type ProductVariant,
} from '@site/content';
import { htmlToText } from '@site/content/html-text';
import { localizedPath, type Locale } from '@site/contracts/locale';
import {
  HOME_PATH,
  matchSiteRoute,
  routeTitle,
  siteRoutes,
  siteRouteUrl,
  type FactsPagePath,
  type FactsPageRoute,
  type SiteRoute,
} from '@site/contracts/routes';
import { truncateText } from '../platform/http/escape.js';
import { categoryPath, editionPaths, isFactsRoute, productPath, type CatalogueRoutes } from './editionAddresses.js';
import { absolute, EditionLd, organizationId } from './editionLd.js';
import { EDITION_TEXTS, type EditionTexts } from './editionTexts.js';
import { productLd } from './productLd.js';
import { relatedLd } from './relatedLd.js';
import type { RelatedPart } from '@site/contracts/catalogue-api';
import type { JsonLd, PageImage, SeoSource, SitePage } from './types.js';

/** The site's facts besides the catalogue (content/data's company files), in one edition's language. */
export type SiteFactsSource = Omit<SeoSource, 'categories' | 'products' | 'productDetails'>;

const DESCRIPTION_MAX = 160;

/** schema.org's page type of a company page (the others are CollectionPage or ItemPage). */
const WEB_PAGE_TYPE: Readonly<Partial<Record<string, string>>> = {
  about: 'AboutPage',
  'contact-us': 'ContactPage',
  search: 'SearchResultsPage',
};

/** What a page writer gives; page() fills in the rest, the same on every page of the edition. */
type PageFields = Omit<
  SitePage,
  'status' | 'locale' | 'siteName' | 'path' | 'alternates' | 'ogType' | 'image' | 'noindex'
> &
  Partial<Pick<SitePage, 'ogType' | 'image'>>;

/** Splits 'a, b' brand lists. */
const names = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/**
 * A product page's image. An uploaded photo is what the page shows: shared as its widest WebP (crawlers read WebP,
 * not AVIF), preloaded as the AVIF its <picture> picks first.
 */
function productImage(product: Product, detail: ProductDetail): PageImage {
  // the gallery's lead (or the older single picture): the first picture the page shows without a variant chosen
  const picture = galleryOf(detail)[0];
  return picture
    ? {
        path: `${picture.src}-${Math.max(...picture.widths)}.webp`,
        alt: picture.alt,
        preload: { type: 'image/avif', srcset: pictureSrcSet(picture, 'avif'), sizes: PRODUCT_PICTURE_SIZES },
      }
    : { path: productImagePath(detail.image || product.image), alt: product.productName };
}

export class EditionPages {
  readonly siteName: string;
  readonly notFound: SitePage;
  private readonly texts: EditionTexts;
  private readonly ld: EditionLd;
  /** A page's image when it has none of its own: the home page's first slide, else the logo. */
  private readonly defaultImage: PageImage;
  private readonly categoriesTitle: string;
  private readonly categoriesPath = siteRouteUrl('our-products');

  constructor(
    private readonly locale: Locale,
    private readonly facts: SiteFactsSource,
    private readonly routes: CatalogueRoutes,
  ) {
    this.texts = EDITION_TEXTS[locale];
    this.siteName = facts.company.name;
    const homeRoute = matchSiteRoute(HOME_PATH)?.route;
    this.ld = new EditionLd(locale, facts, homeRoute === undefined ? this.siteName : routeTitle(homeRoute, locale));
    this.categoriesTitle = routeTitle(routes.categories, locale);
    const firstSlide = facts.home.slides[0];
    this.defaultImage = firstSlide
      ? { path: firstSlide.image, alt: firstSlide.alt, width: firstSlide.width, height: firstSlide.height }
      : { path: LOGO_PATH, alt: this.texts.logoAlt(this.siteName) };
    this.notFound = {
      status: 404,
      locale,
      siteName: this.siteName,
      title: this.texts.notFoundTitle,
      description: this.texts.notFoundDescription(facts.company.name),
      path: undefined,
      alternates: undefined,
      ogType: 'website',
      image: undefined,
      noindex: true,
      structuredData: () => [],
    };
  }

  /** The pages without parameters, by route: the categories page lists `categories` (the catalogue's, in its order). */
  factsPages(categories: readonly ProductCategory[]): ReadonlyMap<SiteRoute, SitePage> {
    return new Map<SiteRoute, SitePage>(
      siteRoutes.flatMap((route: SiteRoute) =>
        isFactsRoute(route) ? [[route, this.factsPage(route, categories)] as const] : [],
      ),
    );
  }

  /** A category's page: the products of its listing's first page (catalogue order), of `total`. */
  categoryPage(category: ProductCategory, firstPage: readonly Product[], total: number): SitePage {
    const path = categoryPath(category.id);
    const image: PageImage = { path: categoryImagePath(category.image), alt: category.title };
    return this.page(this.routes.category, path, {
      title: category.title,
      description: category.info,
      image,
      structuredData: (origin) => [
        this.ld.webPage(origin, 'CollectionPage', path, category.title, category.info, {
          image: absolute(origin, image.path),
          // the products of the listing's first page, as the page shows them: a category of thousands would
          // otherwise write them all into every visit's HTML
          mainEntity: this.ld.itemList(
            origin,
            firstPage.map((p) => ({ name: p.productName, path: productPath(p) })),
            total,
          ),
        }),
        this.ld.breadcrumb(origin, [
          [this.categoriesTitle, this.categoriesPath],
          [category.title, path],
        ]),
      ],
    });
  }

  /**
   * A product's page from its listing record, its detail, its category (when known) and its published variants in
   * order (a ProductGroup of several, a Product of one; docs/decisions/034-orderable-variants.md).
   */
  productPage(
    product: Product,
    detail: ProductDetail,
    category: ProductCategory | undefined,
    variants: readonly ProductVariant[] = [],
    related: readonly RelatedPart[] = [],
  ): SitePage {
    const categoryName = detail.categoryName || category?.title || product.productCategory;
    const brands = detail.company?.length ? detail.company : names(product.company ?? category?.company);
    const text = htmlToText((detail.detail ?? []).join(' '));
    const description =
      text ||
      this.texts.productSummary(product.productName, categoryName, this.texts.list(brands), this.facts.company.name);
    const path = productPath(product);
    const image = productImage(product, detail);
    const brandLd = brands.map((name) => ({ '@type': 'Brand', name }));
    return this.page(this.routes.product, path, {
      title: product.productName,
      description,
      image,
      ogType: 'product',
      structuredData: (origin) => {
        const url = (to: string) => this.ld.url(origin, to);
        const parts = relatedLd(related, `${url(path)}#product`, url, (part) =>
          productPath({ id: part.productId, productCategoryId: part.productCategoryId }),
        );
        return [
          productLd(
            {
              '@id': `${this.ld.url(origin, path)}#product`,
              name: product.productName,
              description: truncateText(description, 500),
              url: this.ld.url(origin, path),
              image: absolute(origin, image.path),
              category: categoryName,
              ...(brandLd.length === 1 ? { brand: brandLd[0] } : brandLd.length > 1 ? { brand: brandLd } : {}),
              ...parts.similar,
            },
            product.id,
            variants,
            detail.productDetailTableColumns,
          ),
          ...parts.accessories,
          this.ld.webPage(origin, 'ItemPage', path, product.productName, truncateText(description, DESCRIPTION_MAX), {
            mainEntity: { '@id': `${this.ld.url(origin, path)}#product` },
          }),
          this.ld.breadcrumb(origin, [
            [this.categoriesTitle, this.categoriesPath],
            [categoryName, categoryPath(product.productCategoryId)],
            [product.productName, path],
          ]),
        ];
      },
    });
  }

  /**
   * A page of the company or of the whole catalogue, written from the site's facts: the Organization (with, below home,
   * its breadcrumb), or the collection of categories.
   */
  private factsPage(route: FactsPageRoute, categories: readonly ProductCategory[]): SitePage {
    const path = `/${route.path}`; // no parameters to fill
    const title = routeTitle(route, this.locale);
    const description = truncateText(
      this.texts.descriptions[route.path as FactsPagePath]({ ...this.facts, categories }),
      DESCRIPTION_MAX,
    );
    const structuredData =
      route.kind === 'categories'
        ? (origin: string): JsonLd[] => [
            this.ld.webPage(origin, 'CollectionPage', path, title, description, {
              mainEntity: this.ld.itemList(
                origin,
                categories.map((c) => ({ name: c.title, path: categoryPath(c.id) })),
              ),
            }),
            this.ld.breadcrumb(origin, [[title, path]]),
          ]
        : (origin: string): JsonLd[] => [
            this.ld.organization(origin),
            this.ld.webPage(origin, WEB_PAGE_TYPE[route.path] ?? 'WebPage', path, title, description, {
              about: { '@id': organizationId(origin) },
            }),
            ...(path === HOME_PATH ? [] : [this.ld.breadcrumb(origin, [[title, path]])]),
          ];
    return this.page(route, path, { title, description, structuredData });
  }

  /** A page of this edition at `path` (inside it), indexed as its route says. */
  private page(route: SiteRoute, path: string, fields: PageFields): SitePage {
    return {
      status: 200,
      locale: this.locale,
      siteName: this.siteName,
      path: localizedPath(this.locale, path),
      alternates: editionPaths(path),
      ogType: 'website',
      image: this.defaultImage,
      noindex: !route.index,
      ...fields,
      description: truncateText(fields.description, DESCRIPTION_MAX),
    };
  }
}
