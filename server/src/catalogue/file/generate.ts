// A synthetic catalogue for tests and benchmarks: products that look like a Gulf distributor's lines (a family per
// category with its sizes, ratings, standards and brands, names and specifications in English and Arabic), as file
// rows that go through the import's checks like any spreadsheet. The same seed gives the same rows.
import { BRANDS, brandLogoPath, type ProductImageKey } from '@site/content';
import type { QuoteUnit } from '@site/content/validation';
import { type CatalogueFileRow, LONE_VARIANT, type NumberedRow } from './columns.js';
import { seededRandom } from '../../platform/seededRandom.js';

interface Family {
  /** Code prefix and id word. */
  prefix: string;
  noun: string;
  nounAr: string;
  image: ProductImageKey;
  unit: QuoteUnit;
  /** The varying specification: label, Arabic label, values. */
  spec: [string, string, readonly string[]];
  standard: string;
  /** Price range in AED for one unit. */
  price: [number, number];
}

const FAMILIES: Readonly<Record<string, Family>> = {
  cables: {
    prefix: 'CB',
    noun: 'Armoured Power Cable',
    nounAr: 'كابل قدرة مدرّع',
    image: 'cable_armoured',
    unit: 'metre',
    spec: [
      'Size',
      'المقاس',
      ['4C x 16 mm²', '4C x 25 mm²', '4C x 35 mm²', '3C x 50 mm²', '4C x 70 mm²', '4C x 95 mm²'],
    ],
    standard: 'BS 5467',
    price: [18, 240],
  },
  wires: {
    prefix: 'WR',
    noun: 'PVC Building Wire',
    nounAr: 'سلك بناء PVC',
    image: 'wire_coil',
    unit: 'coil',
    spec: ['Size', 'المقاس', ['1.5 mm²', '2.5 mm²', '4 mm²', '6 mm²', '10 mm²']],
    standard: 'BS 6004',
    price: [45, 420],
  },
  industrial_cable_glands: {
    prefix: 'CG',
    noun: 'Brass Cable Gland',
    nounAr: 'جلبة كابل نحاسية',
    image: 'gland_brass',
    unit: 'piece',
    spec: ['Size', 'المقاس', ['20S', '20', '25', '32', '40', '50', '63']],
    standard: 'BS 6121',
    price: [6, 95],
  },
  industrial_cable_lugs_and_connectors: {
    prefix: 'LG',
    noun: 'Copper Tube Lug',
    nounAr: 'طرف كابل نحاسي أنبوبي',
    image: 'lug_tube',
    unit: 'piece',
    spec: ['Size', 'المقاس', ['16 mm²', '25 mm²', '50 mm²', '95 mm²', '185 mm²']],
    standard: 'DIN 46235',
    price: [1.5, 28],
  },
  cable_jointing_kit: {
    prefix: 'JK',
    noun: 'Heat Shrink Straight Joint',
    nounAr: 'وصلة مستقيمة بالانكماش الحراري',
    image: 'joint_heatshrink',
    unit: 'kit',
    spec: ['Voltage', 'الجهد', ['1 kV', '11 kV', '33 kV']],
    standard: 'IEC 60502-4',
    price: [120, 1450],
  },
  Resin_Jointing_Kits: {
    prefix: 'RJ',
    noun: 'Resin Filled Joint',
    nounAr: 'وصلة مملوءة بالراتنج',
    image: 'resin_joint',
    unit: 'kit',
    spec: ['Cable range', 'مدى الكابل', ['4C 1.5–6 mm²', '4C 10–35 mm²', '4C 50–95 mm²']],
    standard: 'BS EN 50393',
    price: [60, 480],
  },
  high_voltage_connectors: {
    prefix: 'TC',
    noun: 'Screened Separable T-Connector',
    nounAr: 'موصل T منفصل مدرّع',
    image: 't_connector',
    unit: 'kit',
    spec: ['Rating', 'التصنيف', ['250 A', '400 A', '630 A']],
    standard: 'EN 50180',
    price: [650, 2400],
  },
  scotch_tapes_and_mastics: {
    prefix: 'TP',
    noun: 'Vinyl Electrical Tape',
    nounAr: 'شريط كهربائي فينيل',
    image: 'tape_roll',
    unit: 'roll',
    spec: ['Width', 'العرض', ['19 mm', '25 mm', '38 mm', '50 mm']],
    standard: 'IEC 60454-3-1',
    price: [4, 38],
  },
  cable_ties: {
    prefix: 'CT',
    noun: 'Nylon Cable Tie',
    nounAr: 'رباط كابلات نايلون',
    image: 'cable_tie',
    unit: 'pack',
    spec: ['Length', 'الطول', ['100 mm', '200 mm', '300 mm', '450 mm']],
    standard: 'IEC 62275',
    price: [5, 60],
  },
  cable_management_system: {
    prefix: 'TR',
    noun: 'Perforated Cable Tray',
    nounAr: 'حامل كابلات مثقّب',
    image: 'cable_tray',
    unit: 'length',
    spec: ['Width', 'العرض', ['100 mm', '150 mm', '300 mm', '600 mm']],
    standard: 'IEC 61537',
    price: [55, 480],
  },
  pvc_conduits: {
    prefix: 'PC',
    noun: 'Heavy Gauge PVC Conduit',
    nounAr: 'أنبوب PVC ثقيل',
    image: 'pvc_conduit',
    unit: 'length',
    spec: ['Diameter', 'القطر', ['20 mm', '25 mm', '32 mm']],
    standard: 'BS EN 61386-21',
    price: [7, 32],
  },
  flexiblerigid_conduit_and_accessories: {
    prefix: 'FC',
    noun: 'Flexible Steel Conduit',
    nounAr: 'أنبوب فولاذي مرن',
    image: 'flex_conduit',
    unit: 'coil',
    spec: ['Diameter', 'القطر', ['20 mm', '25 mm', '32 mm', '40 mm']],
    standard: 'BS EN 61386-23',
    price: [90, 640],
  },
  gi_boxes: {
    prefix: 'GB',
    noun: 'Galvanised Steel Box',
    nounAr: 'علبة فولاذ مجلفن',
    image: 'gi_box',
    unit: 'piece',
    spec: ['Size', 'المقاس', ['1 gang', '2 gang', '3 gang', '4 x 4 in']],
    standard: 'BS 4662',
    price: [3, 24],
  },
  wiring_devices: {
    prefix: 'WD',
    noun: 'Switched Socket Outlet',
    nounAr: 'مقبس بمفتاح',
    image: 'socket_outlet',
    unit: 'piece',
    spec: ['Rating', 'التصنيف', ['13 A single', '13 A twin', '20 A DP']],
    standard: 'BS 1363',
    price: [12, 85],
  },
  industrial_plugs_and_sockets: {
    prefix: 'IP',
    noun: 'Industrial Socket IP67',
    nounAr: 'مقبس صناعي IP67',
    image: 'industrial_socket',
    unit: 'piece',
    spec: ['Rating', 'التصنيف', ['16 A 3P+E', '32 A 3P+N+E', '63 A 3P+N+E', '125 A 3P+N+E']],
    standard: 'IEC 60309-2',
    price: [45, 690],
  },
  switchgear_accessories: {
    prefix: 'MC',
    noun: 'Miniature Circuit Breaker',
    nounAr: 'قاطع دائرة مصغّر',
    image: 'mcb',
    unit: 'piece',
    spec: ['Rating', 'التصنيف', ['6 A', '10 A', '16 A', '20 A', '32 A', '63 A']],
    standard: 'IEC 60898-1',
    price: [14, 160],
  },
  switchgear_assembly: {
    prefix: 'DB',
    noun: 'Distribution Board',
    nounAr: 'لوحة توزيع',
    image: 'distribution_board',
    unit: 'piece',
    spec: ['Ways', 'عدد المخارج', ['8 way', '12 way', '18 way', '24 way']],
    standard: 'IEC 61439-3',
    price: [320, 2800],
  },
  industrial_fans: {
    prefix: 'FN',
    noun: 'Industrial Exhaust Fan',
    nounAr: 'مروحة شفط صناعية',
    image: 'fan_exhaust',
    unit: 'piece',
    spec: ['Diameter', 'القطر', ['300 mm', '450 mm', '600 mm']],
    standard: 'IEC 60335-2-80',
    price: [240, 1900],
  },
  laser_marking_machine: {
    prefix: 'CM',
    noun: 'Cable Marker Sleeve',
    nounAr: 'جلبة تعليم الكابلات',
    image: 'cable_marker',
    unit: 'pack',
    spec: ['Size', 'المقاس', ['2.5 mm', '4 mm', '6 mm', '10 mm']],
    standard: 'UL 224',
    price: [18, 140],
  },
};

const GENERIC: Family = {
  prefix: 'GN',
  noun: 'Electrical Accessory',
  nounAr: 'ملحق كهربائي',
  image: 'gi_box',
  unit: 'piece',
  spec: ['Size', 'المقاس', ['S', 'M', 'L']],
  standard: 'IEC 60670-1',
  price: [5, 90],
};

const FINISHES: readonly [string, string][] = [
  ['Standard', 'قياسي'],
  ['Heavy Duty', 'للخدمة الشاقة'],
  ['Weatherproof', 'مقاوم للعوامل الجوية'],
  ['LSZH', 'منخفض الدخان وخالٍ من الهالوجين'],
  ['Stainless', 'من الفولاذ المقاوم للصدأ'],
];

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * `count` products spread over `categoryIds`, as file rows numbered as a file's would be (the header is line 1). With
 * `variants` above 1 (at most PRODUCT_VARIANTS_MAX), each product is a family's line in that many sizes: one row per
 * variant, each with its own code (the product's and the size's number), part number, label and price. One variant
 * (the default) gives the rows it always gave for a seed.
 */
export function generateCatalogueRows(
  count: number,
  options: { seed: number; categoryIds: readonly string[]; variants?: number },
): NumberedRow[] {
  const perProduct = Math.max(1, Math.floor(options.variants ?? 1));
  const next = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const rows: NumberedRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const categoryId = options.categoryIds[index % options.categoryIds.length] ?? 'cables';
    const family = FAMILIES[categoryId] ?? GENERIC;
    const brand = pick(BRANDS);
    const value = pick(family.spec[2]);
    const [finish, finishAr] = pick(FINISHES);
    const serial = `${options.seed}${String(index + 1).padStart(6, '0')}`;
    const [low, high] = family.price;
    const price = Math.round((low + next() * (high - low)) * 100) / 100;
    const year = 2015 + Math.floor(next() * 11);
    const day = `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const name = `${brand.name} ${finish} ${family.noun}, ${value}`;
    const nameAr = `${family.nounAr} ${finishAr} من ${brand.name}، ${value}`;
    const logo = brandLogoPath(brand.slug);
    const description = (label: string, standardLabel: string) => [
      { key: label, value },
      { key: standardLabel, value: family.standard },
    ];
    const row: CatalogueFileRow = {
      ...LONE_VARIANT,
      id: `${slug(brand.slug)}_${family.prefix.toLowerCase()}_${serial}`,
      productCategoryId: categoryId,
      productName: name,
      productName_ar: nameAr,
      code: `${family.prefix}-${brand.slug
        .replace(/[^a-z0-9]/g, '')
        .toUpperCase()
        .slice(0, 4)}-${serial}`,
      company: brand.name,
      price: next() < 0.05 ? '' : String(price),
      unit: family.unit,
      popularity: String(Math.floor(next() * 101)),
      dateAdded: day,
      image: family.image,
      details: JSON.stringify({
        companyImg: [logo],
        company: [brand.name],
        detail: [
          `<p>${finish} ${family.noun.toLowerCase()} to ${family.standard}, ${value}. Stocked in Dubai and supplied across the Gulf.</p>`,
        ],
        description: description(family.spec[0], 'Standard'),
      }),
      details_ar: JSON.stringify({
        companyImg: [logo],
        company: [brand.name],
        detail: [
          `<p>${family.nounAr} ${finishAr} وفق ${family.standard}، ${value}. متوفر في مخازن دبي ويُورَّد إلى دول الخليج.</p>`,
        ],
        description: description(family.spec[1], 'المواصفة القياسية'),
      }),
    };
    if (perProduct === 1) {
      rows.push({ line: rows.length + 2, row });
      continue;
    }
    // a line in several sizes: the name without one size, each variant a size (the family's, then numbered ones)
    const product = {
      ...row,
      productName: `${brand.name} ${finish} ${family.noun}`,
      productName_ar: `${family.nounAr} ${finishAr} من ${brand.name}`,
    };
    const first = family.spec[2].indexOf(value);
    for (let at = 0; at < perProduct; at += 1) {
      const size =
        at < family.spec[2].length
          ? family.spec[2][(first + at) % family.spec[2].length]!
          : `${family.spec[2][first]!} / ${at + 1}`;
      rows.push({
        line: rows.length + 2,
        row: {
          ...product,
          code: `${row.code}-${at + 1}`,
          price: row.price === '' ? '' : String(Math.round(price * (1 + at * 0.35) * 100) / 100),
          mpn: `${family.prefix}${serial}${String(at + 1).padStart(2, '0')}`,
          variantLabel: `${family.spec[0]} ${size}`,
          variantLabel_ar: `${family.spec[1]} ${size}`,
        },
      });
    }
  }
  return rows;
}
