// The package's main entry ('@site/content'): typed site data, its types and pure helpers, for browser bundles and node.
// No zod here: the schema lives in schema.ts ('@site/content/schema'). Named re-exports of values, not `export *`:
// the server (tsx) loads this package as CommonJS, and Node finds only the names listed.
import branchesJson from '../data/branches.json';
import menuJson from '../data/menu.json';
import categoriesJson from '../data/products-category.json';
import homeJson from '../data/home.json';
import { BRANDS, BROCHURE_FILE, type BranchId, type CategoryImageKey } from './dataConstants';
import type { Branch, HomeContent, MenuItem, PictureVariants, ProductCategory } from './types';

export {
  BRANCH_IDS,
  BRANCH_LABELS,
  BRANDS,
  BROCHURE_FILE,
  CATEGORY_IMAGE_KEYS,
  CEILING_ROSE_TABLE_IMAGE,
  CHARACTERISTICS_IMAGE,
  DESCRIPTION_SECTIONS,
  descriptionSection,
  PRODUCT_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
  type Brand,
  type BrandName,
  type BrandSlug,
  type BranchId,
  type CategoryImageKey,
  type DescriptionSection,
  type DescriptionSectionKey,
  type DescriptionSectionKind,
  type ProductImageKey,
} from './dataConstants';
export type * from './types';
export { descriptionEntryKind, referencedDownloadFiles, type DescriptionEntryKind } from './catalogue';
export { flattenTableRow, headerRowSpan, leafColumns, tableHeaderProblems, tableRowProblems } from './detailTable';
export { galleryOf, shownPictures, variantMediaOf, type ShownPicture } from './gallery';

export const productCategories: ProductCategory[] = categoriesJson as ProductCategory[];
export const branches: Branch[] = branchesJson as Branch[];
// The company record is a subpath of its own too (@site/content/company): pages that draw it import it from there.
export { company } from './company';
export const menu: MenuItem[] = menuJson;

/** Site-root path of a category illustration (content/public/images/categories). */
export const categoryImagePath = (key: CategoryImageKey): string => `/images/categories/${key}.svg`;

/** Site-root path of the logo (content/public/images/logo.svg). */
export const LOGO_PATH = '/images/logo.svg';

/** Site-root path of the catalogue and company profile PDF. */
export const brochurePath = (): string => `/${BROCHURE_FILE}`;

export const findBranch = (id: BranchId): Branch | undefined => branches.find((b) => b.id === id);

export const findCategory = (id: string): ProductCategory | undefined => productCategories.find((c) => c.id === id);

/** Site-root path of a product illustration (content/public/images/products). */
export const productImagePath = (key: string): string => `/images/products/${key}.svg`;

/** An uploaded picture's srcset in one format, narrowest first: `<src>-<width>.<format>`, as the server names them. */
export const pictureSrcSet = ({ src, widths }: PictureVariants, format: 'avif' | 'webp'): string =>
  [...widths]
    .sort((a, b) => a - b)
    .map((width) => `${src}-${width}.${format} ${width}w`)
    .join(', ');

/**
 * `sizes` of the product page's picture, for its <picture> and the server's preload of it alike (they must agree, or
 * the preload is another file): the whole width of the page's container (1240 px, 20 px padding on each side) up to
 * 900 px, then the summary's picture column, 2/5 of it less the 32 px gap (mfe-catalogue/src/details/ProductSummary.tsx).
 */
export const PRODUCT_PICTURE_SIZES =
  '(max-width: 900px) calc(100vw - 40px), (max-width: 1240px) calc(40vw - 29px), 468px';

/** Site-root path of a brand logo (content/public/images/brands). */
export const brandLogoPath = (slug: string): string => `/images/brands/${slug}.svg`;

/** The brand with this display name (as in a product's `company` list), e.g. 'Eaton (Moeller)'. */
export const findBrandByName = (name: string): (typeof BRANDS)[number] | undefined =>
  BRANDS.find((b) => b.name === name);

/** Site-root path of a datasheet (content/generated/uploads), opened by 'Download Datasheet'. */
export const uploadPath = (fileName: string): string => `/uploads/${fileName}`;

/** Site-root path of a team portrait (content/public/images/team), e.g. teamImagePath('team-1'). */
export const teamImagePath = (key: string): string => `/images/team/${key}.svg`;

// The home page's data (carousel, counters, partners: content/data/home.json); the certificates' and the projects' are
// subpaths of their own (@site/content/certificates, /projects), so that no other page's bundle carries them.
export const home: HomeContent = homeJson as HomeContent;
