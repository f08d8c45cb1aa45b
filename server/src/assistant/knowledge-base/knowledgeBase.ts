// The chat assistant's knowledge base, assembled from the site's own data so that the chat says what the pages say:
// company.json, branches.json, products-category.json, products.json, product-details.json, menu.json,
// certificates.json, our-team.json, the brand list, and the facts only the chat needs (knowledge-base.json).
// Either edition: the Arabic one is built the same way from the Arabic edition of each data file (the
// English records with their prose from content/translations/ar/<file>.json), with the addresses of the Arabic pages (/ar/…).
import {
  BRANDS,
  branches,
  brochurePath,
  company,
  descriptionEntryKind,
  menu,
  productCategories,
  type Branch,
  type BranchId,
  type Certificate,
  type CompanyInfo,
  type KnowledgeBaseFacts,
  type MenuItem,
  type Product,
  type ProductCategory,
  type ProductDetail,
  type ProductVariant,
  type TeamMember,
} from '@site/content';
import { certificates } from '@site/content/certificates';
import factsJson from '@site/content/data/knowledge-base.json' with { type: 'json' };
import productDetailsJson from '@site/content/data/product-details.json' with { type: 'json' };
import productsJson from '@site/content/data/products.json' with { type: 'json' };
import teamJson from '@site/content/data/our-team.json' with { type: 'json' };
import { arabicDictionary, arabicEdition, type DataFileName } from '@site/content/arabic-edition';
import { seededProductVariants } from '@site/content/product-variants';
import { translateData } from '@site/content/arabic';
import { htmlToText } from '@site/content/html-text';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@site/contracts/locale';
import { categoryPath, productPath } from '@site/contracts/paths';
import type { CatalogueEdition, CatalogueRecords } from '../../catalogue/index.js';
import type { RelatedPart } from '@site/contracts/catalogue-api';

/** Most specification lines kept per product (the prompt carries the whole knowledge base). */
export const MAX_SPECS_PER_PRODUCT = 8;

/** A part a buyer orders (docs/decisions/034-orderable-variants.md): what "the price of HEX-CW-25?" is answered from. */
export interface KbVariant {
  code: string;
  /** What tells it apart from the product's other variants ('Size 25 (M25)'); absent for a product's only one. */
  label?: string;
  /** Indicative price in AED for one `unit`; absent: price on request. */
  priceAed?: number;
  unit: string;
}

export interface KbProduct {
  id: string;
  name: string;
  path: string;
  company: string[];
  /** Short plain-text lines: standards, ratings, sizes, materials. */
  specs: string[];
  /** Its orderable variants (published), in its order: at least one. */
  variants: KbVariant[];
  /** Its accessories ("Fits with" on its page) and alternatives: "CODE: name", in its order; absent when none. */
  fitsWith?: string[];
  alternatives?: string[];
}

export interface KbCategory {
  id: string;
  title: string;
  path: string;
  description: string;
  companies: string[];
  detailedInfo?: string;
  /** Product names, in catalogue order. */
  products: string[];
  productDetails: KbProduct[];
}

export interface KbLocation {
  name: string;
  label: string;
  country: string;
  type: string;
  address: string;
  phone: string;
  fax?: string;
  email: string;
  manager?: string;
  location?: string;
}

export interface KbLink {
  name: string;
  path: string;
}

export interface KnowledgeBase {
  company: {
    name: string;
    tagline: string;
    founded: number;
    founder: { name: string; position: string };
    about: string;
    values: string[];
    stats: KnowledgeBaseFacts['stats'];
    certifications: string[];
    headOffice: string;
    phones: string[];
    email: string;
    postalAddress: string;
  };
  team: { name: string; position: string; bio: string }[];
  locations: Record<BranchId, KbLocation>;
  productCategories: KbCategory[];
  /** Every brand of the site, with the categories where we carry it (none for a partner whose products we do not list). */
  brands: { name: string; categories: KbLink[] }[];
  services: string[];
  /** The pages of the menu; `id` is the menu id. */
  websitePages: (KbLink & { id: string; description: string })[];
  brochure: { title: string; description: string; file: string };
  careers: KnowledgeBaseFacts['careers'] & { email: string; postalAddress: string; path: string };
  projectExperience: KnowledgeBaseFacts['projectExperience'] & { path: string };
}

/** Everything the knowledge base is made of (the site's data by default; tests pass their own). */
export interface KnowledgeBaseSources {
  company: CompanyInfo;
  branches: Branch[];
  categories: ProductCategory[];
  products: Product[];
  productDetails: ProductDetail[];
  menu: MenuItem[];
  certificates: Certificate[];
  team: TeamMember[];
  facts: KnowledgeBaseFacts;
  /** The published variants of the products that have several, by product id; one not in it has one: its code, price and unit. */
  variants?: ReadonlyMap<string, readonly ProductVariant[]>;
  /** The products' related parts still in the catalogue, by product id (the database's). */
  related?: ReadonlyMap<string, readonly RelatedPart[]>;
}

/** The seeded catalogue's variants (content/data/product-variants.json) with their labels in `locale`, by product. */
function seededVariants(locale: Locale): ReadonlyMap<string, readonly ProductVariant[]> {
  return new Map(
    seededProductVariants().map((entry) => [
      entry.productId,
      entry.variants.map(
        ({ labelAr, ...variant }): ProductVariant => ({ ...variant, label: locale === 'ar' ? labelAr : variant.label }),
      ),
    ]),
  );
}

export const siteKnowledgeBaseSources = (): KnowledgeBaseSources => ({
  company,
  branches,
  categories: productCategories,
  products: productsJson as unknown as Product[],
  productDetails: productDetailsJson as unknown as ProductDetail[],
  menu,
  certificates,
  team: teamJson,
  facts: factsJson,
  variants: seededVariants('en'),
});

/** The data file each part of the sources comes from (its Arabic dictionary translates that part). */
const SOURCE_FILES: Readonly<Record<Exclude<keyof KnowledgeBaseSources, 'variants' | 'related'>, DataFileName>> = {
  company: 'company.json',
  branches: 'branches.json',
  categories: 'products-category.json',
  products: 'products.json',
  productDetails: 'product-details.json',
  menu: 'menu.json',
  certificates: 'certificates.json',
  team: 'our-team.json',
  facts: 'knowledge-base.json',
};

/**
 * The sources in Arabic: the site's Arabic data (the editions the pages show, made once and shared), or the given
 * sources translated with the dictionaries of the files they stand for (tests' own catalogues).
 */
export function arabicKnowledgeBaseSources(sources?: KnowledgeBaseSources): KnowledgeBaseSources {
  if (sources === undefined) {
    return {
      ...(Object.fromEntries(
        (Object.keys(SOURCE_FILES) as (keyof typeof SOURCE_FILES)[]).map((part) => [
          part,
          arabicEdition(SOURCE_FILES[part]),
        ]),
      ) as unknown as KnowledgeBaseSources),
      variants: seededVariants('ar'),
    };
  }
  // the variants' labels are not a data file's: a test's own products each have their one variant
  return Object.fromEntries(
    (Object.keys(SOURCE_FILES) as (keyof typeof SOURCE_FILES)[]).map((part) => [
      part,
      translateData(sources[part], arabicDictionary(SOURCE_FILES[part])),
    ]),
  ) as unknown as KnowledgeBaseSources;
}

/**
 * Both editions' knowledge bases over a catalogue's records (the database's at one version: app.ts), with the rest of
 * the site's data around them; the Arabic catalogue is the records' own, not translated again.
 */
export function catalogueKnowledgeBases(records: CatalogueRecords): Record<Locale, KnowledgeBase> {
  return { en: catalogueKnowledgeBase(records.en, 'en'), ar: catalogueKnowledgeBase(records.ar, 'ar') };
}

/**
 * One edition's knowledge base over some of the catalogue's records in that language (every record, or the database's
 * sample and a question's search results: catalogueKnowledge.ts), with the rest of the site's data around them.
 * `variants`: the products' published variants (the database's); by default the seeded catalogue's.
 */
export function catalogueKnowledgeBase(
  edition: CatalogueEdition,
  locale: Locale,
  variants?: ReadonlyMap<string, readonly ProductVariant[]>,
  related?: ReadonlyMap<string, readonly RelatedPart[]>,
): KnowledgeBase {
  const site = locale === 'ar' ? arabicKnowledgeBaseSources() : siteKnowledgeBaseSources();
  const products = {
    categories: [...edition.categories],
    products: [...edition.products],
    productDetails: [...edition.details],
  };
  return buildKnowledgeBase(
    {
      ...site,
      ...products,
      ...(variants === undefined ? {} : { variants }),
      ...(related === undefined ? {} : { related }),
    },
    locale,
  );
}

/** Names the certificates' data writes in English only (a code, not prose), in Arabic. */
const ARABIC_COUNTRY_CODES: Readonly<Record<string, string>> = { UAE: 'الإمارات العربية المتحدة' };

/** One certificate as the knowledge base states it. */
function certificateClaim(certificate: Certificate, locale: Locale): string {
  if (locale === 'ar') {
    const country = ARABIC_COUNTRY_CODES[certificate.country] ?? certificate.country;
    return `شهادة ${certificate.standard} (${country})، صادرة عن ${certificate.issuer}`;
  }
  return `${certificate.standard} certificate (${certificate.country}), issued by ${certificate.issuer}`;
}

const splitNames = (names: string | undefined): string[] =>
  (names ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** A product's specification lines: its 'Specification :' blocks, then its plain 'key : value' rows. */
function productSpecs(detail: ProductDetail | undefined): string[] {
  if (!detail) return [];
  const lines: string[] = [];
  for (const block of detail.Specification ?? []) {
    if (block.extraSpec?.length)
      lines.push(`${block.extraSpecTitle ? `${block.extraSpecTitle}: ` : ''}${block.extraSpec.join(', ')}`);
    lines.push(...(block.specification ?? []));
  }
  for (const entry of detail.description ?? []) {
    if (descriptionEntryKind(entry) === 'row' && typeof entry.value === 'string')
      lines.push(`${entry.key}: ${htmlToText(entry.value)}`);
  }
  return lines
    .map((line) => htmlToText(line))
    .filter(Boolean)
    .slice(0, MAX_SPECS_PER_PRODUCT);
}

/** A product's variants as the knowledge base lists them: its published ones, or else the one of its code, price and unit. */
function kbVariants(product: Product, variants: readonly ProductVariant[] | undefined): KbVariant[] {
  const listed =
    variants !== undefined && variants.length > 0
      ? variants
      : [{ code: product.code, label: '', price: product.price, unit: product.unit }];
  return listed.map((variant) => ({
    code: variant.code,
    ...(variant.label === '' ? {} : { label: variant.label }),
    ...(variant.price === undefined ? {} : { priceAed: variant.price }),
    unit: variant.unit,
  }));
}

/** A product's related parts as the knowledge base lists them, by kind: "HEX-SH-25: Shroud — Size 25". */
function kbRelated(parts: readonly RelatedPart[] | undefined): Pick<KbProduct, 'fitsWith' | 'alternatives'> {
  const named = (kind: RelatedPart['kind']) =>
    (parts ?? [])
      .filter((part) => part.kind === kind)
      .map(({ name, variant }) => `${variant.code}: ${variant.label === '' ? name : `${name} — ${variant.label}`}`);
  const fitsWith = named('accessory');
  const alternatives = named('alternative');
  return {
    ...(fitsWith.length === 0 ? {} : { fitsWith }),
    ...(alternatives.length === 0 ? {} : { alternatives }),
  };
}

function buildCategories(sources: KnowledgeBaseSources, locale: Locale): KbCategory[] {
  const details = new Map(sources.productDetails.map((d) => [d.id, d]));
  return sources.categories.map((category) => {
    const products = sources.products.filter((p) => p.productCategoryId === category.id);
    const note = sources.facts.categoryNotes[category.id];
    return {
      id: category.id,
      title: category.title,
      path: localizedPath(locale, categoryPath(category.id)),
      description: category.info,
      companies: splitNames(category.company),
      ...(note ? { detailedInfo: note } : {}),
      products: products.map((p) => p.productName),
      productDetails: products.map((p) => {
        const detail = details.get(p.id);
        return {
          id: p.id,
          name: p.productName,
          path: localizedPath(locale, productPath(category.id, p.id)),
          company: detail?.company ?? splitNames(p.company),
          specs: productSpecs(detail),
          variants: kbVariants(p, sources.variants?.get(p.id)),
          ...kbRelated(sources.related?.get(p.id)),
        };
      }),
    };
  });
}

const pathOf = (menu: MenuItem[], id: string, locale: Locale): string =>
  menu.find((m) => m.id === id)?.path ?? localizedPath(locale, '/home');

/**
 * Assembles the knowledge base of one edition: `sources` in that language (arabicKnowledgeBaseSources() for 'ar'),
 * every path that of the edition's page. Pure: the same sources give the same knowledge base.
 */
export function buildKnowledgeBase(
  sources: KnowledgeBaseSources = siteKnowledgeBaseSources(),
  locale: Locale = DEFAULT_LOCALE,
): KnowledgeBase {
  const { company: info, facts } = sources;
  const pages = sources.menu.map((page) => ({ ...page, path: localizedPath(locale, page.path) }));
  const founder = sources.team.find((m) => m.id === facts.founderId);
  const categories = buildCategories(sources, locale);
  const certificateClaims = sources.certificates.map((c) => certificateClaim(c, locale));

  const locations = Object.fromEntries(
    sources.branches.map((branch): [BranchId, KbLocation] => {
      const more = facts.locations[branch.id];
      return [
        branch.id,
        {
          name: branch.name,
          label: branch.label,
          country: more.country,
          type: more.type,
          address: branch.address,
          phone: branch.mobileNo,
          ...(branch.fax ? { fax: branch.fax } : {}),
          email: branch.email,
          ...(more.manager ? { manager: more.manager } : {}),
          ...(more.location ? { location: more.location } : {}),
        },
      ];
    }),
  ) as Record<BranchId, KbLocation>;

  const brands = BRANDS.map((brand) => ({
    name: brand.name,
    categories: categories
      .filter((c) => c.companies.includes(brand.name) || c.productDetails.some((p) => p.company.includes(brand.name)))
      .map((c) => ({ name: c.title, path: c.path })),
  }));

  return {
    company: {
      name: info.name,
      tagline: info.tagline,
      founded: info.founded,
      founder: { name: founder?.name ?? '', position: founder?.position ?? '' },
      about: facts.about,
      values: facts.values,
      stats: facts.stats,
      certifications: [...facts.certifications, ...certificateClaims],
      headOffice: info.address,
      phones: [info.mainPhone, info.secondPhone],
      email: info.generalEmail,
      postalAddress: info.postalAddress,
    },
    team: sources.team.map(({ name, position, bio }) => ({ name, position, bio })),
    locations,
    productCategories: categories,
    brands,
    services: facts.services,
    websitePages: pages.map((page) => ({
      id: page.id,
      name: page.name,
      path: page.path,
      description: facts.pages[page.id] ?? '',
    })),
    brochure: { ...facts.brochure, file: brochurePath() },
    careers: {
      ...facts.careers,
      email: info.careersEmail,
      postalAddress: info.postalAddress,
      path: pathOf(pages, 'careers', locale),
    },
    projectExperience: { ...facts.projectExperience, path: pathOf(pages, 'projects', locale) },
  };
}
