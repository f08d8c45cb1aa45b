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
