// Fixed values the data files refer to (image keys, branches, brands, description sections): the browser needs them
// as values, and the schema (schema.ts) builds its enums from them. Plain data, no zod.

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

/** The branches of the group, in the order of the region selector (content/data/branches.json). */
export const BRANCH_IDS = ['dubai', 'oman', 'bahrain', 'saudi'] as const;

export type BranchId = (typeof BRANCH_IDS)[number];

/** Region selector labels of the Contact Us page, in display order (spec "Contact Us"). */
export const BRANCH_LABELS: Readonly<Record<BranchId, string>> = {
  dubai: 'Dubai',
  oman: 'Oman (Muscat Office)',
  bahrain: 'Bahrain (Warehouse)',
  saudi: 'Saudi (through an associated company)',
};

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
/**
 * The 'Catalogue and Company Profile' brochure's file name, generated at the site root (scripts/generate-pdfs.ts). A
 * constant, not a field of company.json: the home page's carousel links it, and reading it from that file put the
 * whole company record in the home page's bundle.
 */
export const BROCHURE_FILE = 'crescent-electrical-catalogue-and-company-profile.pdf';

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

/** The expandable section fed by a `*` key, or undefined for an unknown key. */
export function descriptionSection(key: string): DescriptionSection | undefined {
  return DESCRIPTION_SECTIONS.find((s) => s.key === key);
}
