// The shapes of the site's data. The zod schema in schema.ts validates the files against these.

/** Image keys of the category image map (spec "Entities: Product category"). */
export const CATEGORY_IMAGE_KEYS = [
  'Industrial_Fans',
  'PVC_Conduits',
  'Cables',
  'Cable_Ties',
  'Wires',
  'Jointing_Kit',
  'Industrial_Plugs',
  'High_Voltage_Connectors',
  'Industrial_Cable_Glands',
  'Industrial_Cable_Lugs_And_Connectors',
  'Cable_Management_System',
  'FlexibleRigid_Conduit_And_Accessories',
  'Switchgear_Accessories',
  'Switchgear_Assembly',
  'Wiring_Devices',
  'GI_Boxes',
  'Scotch_Tapes_And_Mastics',
  'Laser_Marking_Machine',
  'Resin_Jointing_Kits',
] as const;

export type CategoryImageKey = (typeof CATEGORY_IMAGE_KEYS)[number];

/** Category ids of the four cards of the home page's Our Products teaser (spec "Home"), in display order. */
export const TEASER_CATEGORY_IDS = [
  'industrial_plugs_and_sockets',
  'cable_jointing_kit',
  'flexiblerigid_conduit_and_accessories',
  'Resin_Jointing_Kits',
] as const;

/** A record of /data/products-category.json. */
export interface ProductCategory {
  id: string;
  title: string;
  info: string;
  image: CategoryImageKey;
  company?: string;
}

export type BranchId = 'dubai' | 'oman' | 'bahrain' | 'saudi';

/** Region selector labels of the Contact Us page, in display order (spec "Contact Us"). */
export const BRANCH_LABELS: Readonly<Record<BranchId, string>> = {
  dubai: 'Dubai',
  oman: 'Oman (Muscat Office)',
  bahrain: 'Bahrain (Warehouse)',
  saudi: 'Saudi (through an associated company)',
};

/** A branch of the group (fixed data, content/data/branches.json). */
export interface Branch {
  id: BranchId;
  /** Branch name, also the contact form's `country` value: 'Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'. */
  name: string;
  /** Label of the region selector, e.g. 'Oman (Muscat Office)'. */
  label: string;
  address: string;
  mobileNo: string;
  fax?: string;
  email: string;
  /** Map embed URL for an iframe. */
  location: string;
  /** Title of the map iframe (accessibility). */
  mapTitle: string;
}

export interface MenuItem {
  id: string;
  name: string;
  path: string;
  /** Shown in the wide header navigation (Career Opportunities is drawer-only). */
  inHeader: boolean;
}

/** Company-wide facts shown by the shell, the company pages and the chat (content/data/company.json). */
export interface CompanyInfo {
  name: string;
  shortName: string;
  tagline: string;
  founded: number;
  address: string;
  mainPhone: string;
  secondPhone: string;
  generalEmail: string;
  careersEmail: string;
  postalAddress: string;
  socials: { name: string; url: string; kind: 'professional' | 'photo' }[];
  /** Map embed URL of the Dubai warehouse, for the footer. */
  warehouseMap: string;
  copyright: string;
  brochureFile: string;
}

export interface Certificate {
  id: string;
  title: string;
  country: string;
  standard: string;
  issuer: string;
  /** Path of the image under the site root, e.g. /images/certificates/iso-9001-uae.svg */
  image: string;
  width: number;
  height: number;
  alt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue: products.json (listing), product-details.json (details), searchResults.json (generated)
//
// Strings documented as HTML are HTML fragments (p, ul/li, strong, em, sub, h3, br): sanitise them before rendering.
// Every other string is plain text, with no tags and no character entities (the schema checks both), to be rendered
// as text.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Image keys of the product illustrations. Each key is a file content/public/images/products/{key}.svg,
 * served at productImagePath(key). Several similar products share one key.
 */
export const PRODUCT_IMAGE_KEYS = [
  'cable_armoured',
  'cable_flexible',
  'cable_fire',
  'wire_coil',
  'gland_brass',
  'gland_shroud',
  'lug_tube',
  'connector_butt',
  'joint_heatshrink',
  'joint_coldshrink',
  'termination_heatshrink',
  'resin_joint',
  'resin_pack',
  't_connector',
  'tape_roll',
  'mastic_pad',
  'cable_tie',
  'cable_tray',
  'trunking',
  'pvc_conduit',
  'flex_conduit',
  'gi_box',
  'socket_outlet',
  'light_switch',
  'ceiling_rose',
  'industrial_socket',
  'industrial_plug',
  'mcb',
  'contactor',
  'distribution_board',
  'feeder_pillar',
  'fan_pedestal',
  'fan_exhaust',
  'laser_machine',
  'cable_marker',
] as const;

export type ProductImageKey = (typeof PRODUCT_IMAGE_KEYS)[number];

/** A brand we distribute: its display name (as written in product records) and its logo slug. */
export interface Brand {
  /** Logo file content/public/images/brands/{slug}.svg, served at brandLogoPath(slug). */
  slug: string;
  name: string;
}

/**
 * The brands with a logo. The first nineteen are the brands of the product details (spec "Brand logos for details");
 * Ashfield and Simplex complete the sixteen partners of the home page.
 */
export const BRANDS = [
  { slug: 'hex', name: 'Hex' },
  { slug: 'elite', name: 'Elite' },
  { slug: 'mesc', name: 'MESC' },
  { slug: 'oxford-cavi', name: 'Oxford Cavi' },
  { slug: '3m', name: '3M' },
  { slug: 'pce', name: 'PCE' },
  { slug: 'marechal', name: 'Marechal' },
  { slug: 'legrand', name: 'Legrand' },
  { slug: 'barton', name: 'Barton' },
  { slug: 'decoduct', name: 'Decoduct' },
  { slug: 'abb', name: 'ABB' },
  { slug: 'hager', name: 'Hager' },
  { slug: 'eaton', name: 'Eaton (Moeller)' },
  { slug: 'schneider', name: 'Schneider' },
  { slug: 'siemens', name: 'Siemens' },
  { slug: 'breeze', name: 'Breeze' },
  { slug: 'mk', name: 'MK' },
  { slug: 'rayon', name: 'Rayon' },
  { slug: 'raychem', name: 'Raychem' },
  { slug: 'ashfield', name: 'Ashfield' },
  { slug: 'simplex', name: 'Simplex' },
] as const satisfies readonly Brand[];

export type BrandSlug = (typeof BRANDS)[number]['slug'];
export type BrandName = (typeof BRANDS)[number]['name'];

/** A record of /data/products.json: what the listing page, its sort and the search index need. */
export interface Product {
  /** Url-safe id (letters, digits, underscores), unique over the catalogue; also the id of the detail record. */
  id: string;
  productCategoryId: string;
  /** Display name of the category: the `title` of the category record. */
  productCategory: string;
  productName: string;
  image: ProductImageKey;
  /** Brand(s) of the product, the detail record's `company` names joined with ', '. */
  company?: string;
  /** Popularity figure for 'Sort by popularity' (higher = more popular), 0..100. */
  popularity: number;
  /** Date the product was added to the catalogue, ISO 'YYYY-MM-DD', for 'Sort by newness'. */
  dateAdded: string;
  /**
   * Indicative price in AED for the unit of sale named in the product (piece, pack, coil, length, kit), for the
   * most common size of a range.
   * Absent where a price makes no sense (assemblies built to order, machines quoted per project).
   */
  price?: number;
}

/** A 'Specification' block of the product summary. */
export interface SpecificationBlock {
  extraSpecTitle?: string;
  extraSpec?: string[];
  /** Lines of the 'Specification :' list. */
  specification?: string[];
}

/** One row of a two-column table section of the description (Construction, Technical Data, ...). Value is HTML. */
export interface DescriptionRow {
  key: string;
  value: string;
}

/**
 * One entry of the 'Description :' list of a product detail. The key decides how it shows:
 *
 * | key                         | value        | shows as                                                          |
 * |-----------------------------|--------------|-------------------------------------------------------------------|
 * | '*Application'              | HTML string  | not a row: the content of the expandable 'Application' section     |
 * | '*Design Features'          | HTML string  | not a row: the content of the expandable 'Design Features' section |
 * | '*Construction', '*TechnicalData', '*Characteristics', '*Design', '*Specifications', '*TechnicalSpecifications' | DescriptionRow[] | not a row: the rows of that section's two-column key/value table (values HTML) |
 * | any key, value ''           | ''           | the key as a sub-heading                                          |
 * | '' or a key starting '-'    | string       | a plain list item showing only the value ('-' keys may be numbered: '-1', '-2') |
 * | a key starting '^'          | HTML string  | an unbulleted HTML paragraph (the key itself is not shown)        |
 * | a key starting '%'          | any string   | the fixed ceiling-rose table image (CEILING_ROSE_TABLE_IMAGE); the value is its alt text |
 * | anything else               | string       | a row 'key : value'                                               |
 *
 * Only the eight `*` keys of DESCRIPTION_SECTIONS exist; each appears at most once per product, and its value has
 * the kind given there (an array only for 'table' sections). A section with no content is not shown.
 */
export interface DescriptionEntry {
  key: string;
  value: string | DescriptionRow[];
}

/** Kind of content of an expandable description section: HTML text, or a two-column key/value table. */
export type DescriptionSectionKind = 'html' | 'table';

export interface DescriptionSection {
  /** The description key that feeds the section, '*' included. */
  key: string;
  /** Section heading. */
  title: string;
  kind: DescriptionSectionKind;
  /** Shown open with no toggle (Technical Specifications); the others start collapsed. */
  alwaysOpen: boolean;
  /** Picture shown with the section (Characteristics). */
  image?: string;
}

/** Site-root path of the fixed picture shown for a '%' description key. */
export const CEILING_ROSE_TABLE_IMAGE = '/images/details/ceiling-rose-table.svg';
/** Site-root path of the fixed picture of the Characteristics section. */
export const CHARACTERISTICS_IMAGE = '/images/details/characteristics.svg';

/** The expandable sections fed by `*` description keys, in display order. */
export const DESCRIPTION_SECTIONS = [
  { key: '*Design Features', title: 'Design Features', kind: 'html', alwaysOpen: false },
  { key: '*Application', title: 'Application', kind: 'html', alwaysOpen: false },
  { key: '*Construction', title: 'Construction', kind: 'table', alwaysOpen: false },
  { key: '*TechnicalData', title: 'Technical Data', kind: 'table', alwaysOpen: false },
  { key: '*Characteristics', title: 'Characteristics', kind: 'table', alwaysOpen: false, image: CHARACTERISTICS_IMAGE },
  { key: '*Design', title: 'Design', kind: 'table', alwaysOpen: false },
  { key: '*Specifications', title: 'Specification', kind: 'table', alwaysOpen: false },
  { key: '*TechnicalSpecifications', title: 'Technical Specifications', kind: 'table', alwaysOpen: true },
] as const satisfies readonly DescriptionSection[];

export type DescriptionSectionKey = (typeof DESCRIPTION_SECTIONS)[number]['key'];

/**
 * A detail description block (detailDescription shows after the table, detailDescriptionAfterTable before it,
 * per the spec's section order).
 */
export interface DetailBlock {
  /** Heading, HTML. */
  title?: string;
  /** Product image keys (ProductImageKey) shown before the paragraphs. */
  images1?: string[];
  /** Paragraphs, HTML. */
  content?: string[];
  /** A plain table: first row = header, every row as long as the header. Cells are plain text. */
  table?: string[][];
  /** Product image keys shown after the table. */
  images2?: string[];
  /** Paragraphs after the table, HTML. */
  DataAfterTable?: string[];
  /** A datasheet of this block: file name under /uploads/. */
  downloadFile?: string;
}

/**
 * A header cell of the product detail table.
 *
 * The header is a list of rows. The LAST row holds the leaf cells, one per data column, in data order: a leaf's id is
 * the data key of its column, a dotted path for a value nested one level ('threadSize.mm' reads row.threadSize.mm).
 * Rows above it are group rows: the colSpans of every row add up to the number of leaf columns. A group row cell
 * with colSpan 1 already names the column below it, so that leaf may have an empty name (a rowSpan-like header).
 * Cell ids are unique within the header.
 */
export interface TableCell {
  id: string;
  name: string;
  /** Number of leaf columns covered (default 1). */
  colSpan?: number;
  /** CSS width of the column, e.g. '18%' or '120px'. */
  customeWidth?: string;
}

export type TableValue = string | number;

/**
 * A body row of the product detail table: leaf column id -> value, with one level of nesting for grouped columns
 * (e.g. { size: '20', threadSize: { mm: 'M20', inch: '3/4"' } }). Flattened in key order the row gives exactly the
 * leaf columns, in order (see flattenTableRow).
 */
export type TableRow = Record<string, TableValue | Record<string, TableValue>>;

/** A review shown on a product (seed reviews carry no e-mail). */
export interface CustomerReview {
  customerName: string;
  /** 1..5 */
  stars: number;
  comment: string;
}

/** A record of /data/product-details.json. */
export interface ProductDetail {
  id: string;
  productName: string;
  image: ProductImageKey;
  /** Category id. */
  productCategory: string;
  /** Category title. */
  categoryName: string;
  Specification?: SpecificationBlock[];
  /** Logo paths (brandLogoPath(slug)), parallel to `company`. */
  companyImg?: string[];
  /** Brand names (Brand.name), parallel to `companyImg`. */
  company?: string[];
  /** Paragraphs, HTML. */
  detail?: string[];
  description?: DescriptionEntry[];
  detailDescription?: DetailBlock[];
  detailDescriptionAfterTable?: DetailBlock[];
  productDetailTableColumns?: TableCell[][];
  productDetailTableData?: TableRow[];
  customerReviews?: CustomerReview[];
  /** Datasheet file name under /uploads/ ('Download Datasheet'). */
  downloadFile?: string;
  /** Button label -> file name under /uploads/ (one button per entry). */
  downloadFiles?: Record<string, string>;
  /** External https link to the manufacturer's catalogue. */
  viewManufacturersCatalogue?: string;
}

/** An entry of /data/searchResults.json (generated from products.json by scripts/generate-search.ts). */
export interface SearchResult {
  id: string;
  title: string;
  productCategory: string;
  productCategoryId: string;
  /** Brand(s); '' when the product has none. */
  company: string;
  image: ProductImageKey;
}

// ---------------------------------------------------------------------------------------------------------------
// Team (our-team.json) and the chat assistant's own facts (knowledge-base.json)
// ---------------------------------------------------------------------------------------------------------------

/** A record of /data/our-team.json (the Management page and the chat knowledge base). */
export interface TeamMember {
  id: number;
  name: string;
  position: string;
  bio: string;
  /** Portrait key: content/public/images/team/{image}.svg, served at teamImagePath(image). */
  image: string;
  altTextForImg: string;
}

/** Key figures of the company, as written on the site ('1,000+'). */
export interface CompanyStats {
  customers: string;
  countries: string;
  products: string;
  suppliers: string;
  experience: string;
}

/** What the knowledge base says of a branch beyond branches.json. */
export interface BranchFacts {
  country: string;
  /** e.g. 'Head office and main warehouse', 'Muscat office', 'Warehouse', 'Associated company'. */
  type: string;
  manager?: string;
  location?: string;
}

/**
 * content/data/knowledge-base.json: the chat assistant's facts that no other data file holds. The full knowledge
 * base is assembled from this file and the rest of content/data (see src/knowledge-base).
 */
export interface KnowledgeBaseFacts {
  /** Team member id of the founder (our-team.json). */
  founderId: number;
  about: string;
  values: string[];
  stats: CompanyStats;
  /** Claims beyond the certificates of certificates.json (e.g. the ISO 9001:2008 claim of the home page). */
  certifications: string[];
  locations: Record<BranchId, BranchFacts>;
  /** Extra text for some categories, by category id. */
  categoryNotes: Record<string, string>;
  services: string[];
  /** One-line description of each page, by menu id (menu.json). */
  pages: Record<string, string>;
  brochure: { title: string; description: string };
  careers: { opening: string; requirements: string; responsibilities: string[] };
  projectExperience: { summary: string; clients: string[]; projects: string[] };
}
