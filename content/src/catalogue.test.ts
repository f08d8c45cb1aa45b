import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generatePdfs, loadCatalogueData, pdfText, planDatasheets, type GeneratedPdfs } from '../scripts/generate-pdfs';
import { buildSearchResults, SEARCH_RESULTS_FILE, writeSearchResults } from '../scripts/generate-search';
import { descriptionEntryKind, referencedDownloadFiles, type DescriptionEntryKind } from './catalogue';
import { flattenTableRow, leafColumns, tableHeaderProblems, tableRowProblems } from './detailTable';
import * as content from './index';
import {
  MIN_PRODUCTS,
  MIN_PRODUCTS_PER_CATEGORY,
  productCategoriesSchema,
  productDetailSchema,
  productDetailsSchema,
  productSchema,
  productsSchema,
  searchResultsSchema,
} from './schema';
import {
  BRANDS,
  BROCHURE_FILE,
  CATEGORY_IMAGE_KEYS,
  CEILING_ROSE_TABLE_IMAGE,
  CHARACTERISTICS_IMAGE,
  DESCRIPTION_SECTIONS,
  PRODUCT_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
} from './dataConstants';
import type { ProductDetail } from './types';
import { checkCatalogue, checkSvg } from './validate';
import { normalizedProductCode } from './validation/quote';

const CONTENT_DIR = resolve(__dirname, '..');
const read = (file: string): unknown => JSON.parse(readFileSync(join(CONTENT_DIR, 'data', file), 'utf8')) as unknown;
const publicFile = (sitePath: string): string => join(CONTENT_DIR, 'public', sitePath);

const categories = productCategoriesSchema.parse(read('products-category.json'));
const products = productsSchema.parse(read('products.json'));
const details = productDetailsSchema.parse(read('product-details.json'));
const rawDetails = read('product-details.json') as Record<string, unknown>[];

/** Spec-table families, each recognised by the leaf columns of its table. */
const TABLE_FAMILIES: Record<string, string[]> = {
  'cable glands': [
    'size',
    'threadSize.mm',
    'threadSize.inch',
    'minThreadLength',
    'cableRange',
    'overallDiameter',
    'isoEntryThread',
    'approxLength',
    'hexagon.acrossFlats',
    'hexagon.acrossCorners',
  ],
  'LV resin joint kit': ['conductorArea', 'numberOfCores', 'kitReference', 'cableDiameter.min', 'cableDiameter.max'],
  'laser marking machine': [
    'partNumber',
    'material',
    'colour',
    'dimensions',
    'customMarking.maxCharacters',
    'customMarking.maxLines',
    'thickness',
    'quantity.package',
    'quantity.carton',
  ],
  'heat shrink termination': [
    'test',
    'parameters',
    'testVoltage.kv12',
    'testVoltage.kv24',
    'testVoltage.kv36',
    'observations.indoor',
    'observations.outdoor',
  ],
  'LV cold shrink straight joint': [
    'kitReference',
    'csa.core2_1kv',
    'csa.core3_1kv',
    'csa.core4_1kv',
    'csa.core3_3_3kv',
  ],
  'resin filled joints': [
    'description',
    'partNumber',
    'joint.length',
    'joint.width',
    'cableEntryRange',
    'fourCore.unarmoured',
    'fourCore.armoured',
  ],
};

const leafIds = (d: ProductDetail): string[] =>
  d.productDetailTableColumns ? leafColumns(d.productDetailTableColumns).map((c) => c.id) : [];
const headerNames = (d: ProductDetail): string =>
  (d.productDetailTableColumns ?? [])
    .flat()
    .map((c) => c.name)
    .join(' | ');
const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;

describe('catalogue size and coverage', () => {
  it(`has at least ${MIN_PRODUCTS} products, every category with at least ${MIN_PRODUCTS_PER_CATEGORY}`, () => {
    expect(products.length).toBeGreaterThanOrEqual(MIN_PRODUCTS);
    for (const category of categories) {
      const count = products.filter((p) => p.productCategoryId === category.id).length;
      expect({ category: category.id, enough: count >= MIN_PRODUCTS_PER_CATEGORY }).toEqual({
        category: category.id,
        enough: true,
      });
    }
  });

  it('has products in the four home teaser categories', () => {
    for (const id of TEASER_CATEGORY_IDS) expect(products.some((p) => p.productCategoryId === id)).toBe(true);
  });

  it('keeps listing and detail records in step: same ids, names, images, categories and brands', () => {
    expect(new Set(products.map((p) => p.id))).toEqual(new Set(details.map((d) => d.id)));
    expect(checkCatalogue(categories, products, details)).toEqual([]);
    for (const p of products) {
      expect(categories.find((c) => c.id === p.productCategoryId)?.title).toBe(p.productCategory);
    }
  });

  it('has url-safe unique ids', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    for (const p of products) expect(encodeURIComponent(p.id)).toBe(p.id);
  });

  it('has sort data: popularity and date for all, a price for most, no price for built-to-order assemblies', () => {
    for (const p of products) {
      expect(Number.isFinite(p.popularity)).toBe(true);
      expect(new Date(`${p.dateAdded}T00:00:00Z`).toISOString().slice(0, 10)).toBe(p.dateAdded);
    }
    const priced = products.filter((p) => p.price !== undefined);
    expect(priced.length).toBeGreaterThan(products.length / 2);
    expect(products.some((p) => p.productCategoryId === 'switchgear_assembly' && p.price === undefined)).toBe(true);
    expect(new Set(products.map((p) => p.popularity)).size).toBeGreaterThan(20);
  });

  it('names the unit of sale of every product: the one its name states, metres for cable cut to length', () => {
    const unitOf = (id: string) => products.find((p) => p.id === id)?.unit;
    for (const p of products) {
      if (/\(\d+(\.\d+)? m Coil\)/.test(p.productName))
        expect({ id: p.id, unit: p.unit }).toEqual({ id: p.id, unit: 'coil' });
      if (/\(\d+(\.\d+)? m Length\)/.test(p.productName))
        expect({ id: p.id, unit: p.unit }).toEqual({ id: p.id, unit: 'length' });
      if (/\(Pack of \d+\)/.test(p.productName)) expect({ id: p.id, unit: p.unit }).toEqual({ id: p.id, unit: 'pack' });
      if (p.productCategoryId === 'cables') expect({ id: p.id, unit: p.unit }).toEqual({ id: p.id, unit: 'metre' });
      if (p.productCategoryId === 'cable_jointing_kit')
        expect({ id: p.id, unit: p.unit }).toEqual({ id: p.id, unit: 'kit' });
    }
    expect([
      unitOf('3m_scotch_super_33_plus_vinyl_tape'),
      unitOf('hex_cw_brass_cable_gland'),
      unitOf('abb_s200_mcb'),
    ]).toEqual(['roll', 'piece', 'piece']);
    // a metre of cable is priced per metre, not per drum
    for (const p of products.filter((q) => q.unit === 'metre')) expect(p.price ?? 0).toBeLessThan(500);
  });

  it("has a model code for every product, unique even once normalised, and never another product's id", () => {
    const codes = products.map((p) => normalizedProductCode(p.code));
    expect(new Set(codes).size).toBe(products.length);
    const ids = new Map(products.map((p) => [normalizedProductCode(p.id), p.id]));
    for (const p of products) expect([p.code, ids.get(normalizedProductCode(p.code)) ?? p.id]).toEqual([p.code, p.id]);
    expect(products.find((p) => p.id === 'oc_cu_xlpe_swa_pvc_cable')?.code).toBe('OC-SWA-416');
  });

  it('uses every brand of the details with its logo, and a variety of illustrations', () => {
    const used = new Set(details.flatMap((d) => d.company ?? []));
    for (const name of [
      'Hex',
      'Elite',
      'MESC',
      'Oxford Cavi',
      '3M',
      'PCE',
      'Marechal',
      'Legrand',
      'Barton',
      'Decoduct',
      'ABB',
      'Hager',
      'Eaton (Moeller)',
      'Schneider',
      'Siemens',
      'Breeze',
      'MK',
      'Rayon',
      'Raychem',
    ]) {
      expect({ name, used: used.has(name) }).toEqual({ name, used: true });
    }
    const images = new Set(products.map((p) => p.image));
    expect(images.size).toBeGreaterThanOrEqual(25);
    expect([...images].sort()).toEqual([...PRODUCT_IMAGE_KEYS].sort());
  });
});

describe('description conventions', () => {
  const entries = details.flatMap((d) => (d.description ?? []).map((entry) => ({ id: d.id, entry })));

  it.each<DescriptionEntryKind>(['subheading', 'item', 'paragraph', 'ceilingRose', 'row'])(
    'at least one product uses a %s entry',
    (kind) => {
      expect(entries.filter(({ entry }) => descriptionEntryKind(entry) === kind).length).toBeGreaterThan(0);
    },
  );

  it('uses both list item forms: an empty key and a key starting with -', () => {
    expect(entries.some(({ entry }) => entry.key === '' && entry.value !== '')).toBe(true);
    expect(entries.some(({ entry }) => entry.key.startsWith('-'))).toBe(true);
  });

  it.each(DESCRIPTION_SECTIONS.map((s) => s.key))(
    'at least one product has the %s section, with content of its kind',
    (key) => {
      const section = DESCRIPTION_SECTIONS.find((s) => s.key === key);
      const found = entries.filter(({ entry }) => entry.key === key);
      expect(found.length).toBeGreaterThan(0);
      for (const { entry } of found) {
        if (section?.kind === 'html') expect(typeof entry.value).toBe('string');
        else expect(Array.isArray(entry.value) && entry.value.length > 0).toBe(true);
      }
    },
  );

  it('classifies keys as documented', () => {
    expect(descriptionEntryKind({ key: '*Application', value: '<p>x</p>' })).toBe('section');
    expect(descriptionEntryKind({ key: 'Features', value: '' })).toBe('subheading');
    expect(descriptionEntryKind({ key: '', value: 'x' })).toBe('item');
    expect(descriptionEntryKind({ key: '-2', value: 'x' })).toBe('item');
    expect(descriptionEntryKind({ key: '^', value: '<p>x</p>' })).toBe('paragraph');
    expect(descriptionEntryKind({ key: '%rose', value: 'alt' })).toBe('ceilingRose');
    expect(descriptionEntryKind({ key: 'Voltage', value: '1 kV' })).toBe('row');
  });
});

describe('spec tables', () => {
  it.each(Object.keys(TABLE_FAMILIES))('at least one product has a %s table', (family) => {
    const expected = TABLE_FAMILIES[family] ?? [];
    const matches = details.filter((d) => leafIds(d).join('|') === expected.join('|'));
    expect(matches.length).toBeGreaterThan(0);
  });

  it('every table header is consistent and every row fits its leaf columns', () => {
    for (const d of details) {
      if (!d.productDetailTableColumns) continue;
      expect({ id: d.id, problems: tableHeaderProblems(d.productDetailTableColumns) }).toEqual({
        id: d.id,
        problems: [],
      });
      (d.productDetailTableData ?? []).forEach((row, index) => {
        expect({ id: d.id, index, problems: tableRowProblems(d.productDetailTableColumns ?? [], row) }).toEqual({
          id: d.id,
          index,
          problems: [],
        });
      });
    }
  });

  it('has two-row headers with colSpan groups for the grouped families', () => {
    const gland = details.find((d) => d.id === 'hex_cw_brass_cable_gland');
    expect(gland?.productDetailTableColumns).toHaveLength(2);
    expect(gland?.productDetailTableColumns?.[0]?.find((c) => c.name === 'Thread Size')?.colSpan).toBe(2);
    expect(flattenTableRow(gland?.productDetailTableData?.[0] ?? {}).slice(0, 3)).toEqual([
      ['size', '20S'],
      ['threadSize.mm', 'M20'],
      ['threadSize.inch', '3/4"'],
    ]);
    const termination = details.find((d) => leafIds(d).includes('testVoltage.kv36'));
    expect(headerNames(termination as ProductDetail)).toMatch(/12 kV \| 24 kV \| 36 kV/);
    expect(headerNames(termination as ProductDetail)).toMatch(/Indoor \| Outdoor/);
    const coldShrink = details.find((d) => leafIds(d).includes('csa.core3_3_3kv'));
    expect(headerNames(coldShrink as ProductDetail)).toMatch(/2 Core 1kV \| 3 Core 1kV \| 4 Core 1kV \| 3 Core 3.3kV/);
  });

  it("notes the laser marking character height: 'maximum characters per line at 16/3 inch (4.77mm) height'", () => {
    const laser = details.filter((d) => leafIds(d).includes('customMarking.maxCharacters'));
    expect(laser.length).toBeGreaterThan(0);
    for (const d of laser)
      expect(JSON.stringify(d)).toMatch(/maximum characters per line at 16\/3 inch \(4\.77mm\) height/i);
  });

  it('has detail description blocks with tables and images, before and after the table', () => {
    const blocks = details.flatMap((d) => [...(d.detailDescription ?? []), ...(d.detailDescriptionAfterTable ?? [])]);
    expect(details.some((d) => d.detailDescription?.length)).toBe(true);
    expect(details.some((d) => d.detailDescriptionAfterTable?.length)).toBe(true);
    expect(blocks.some((b) => b.table && b.table.length > 2)).toBe(true);
    expect(blocks.some((b) => b.images1?.length)).toBe(true);
    expect(blocks.some((b) => b.downloadFile)).toBe(true);
    for (const b of blocks) for (const row of b.table ?? []) expect(row).toHaveLength(b.table?.[0]?.length ?? 0);
  });

  it('has seed reviews without e-mails, downloads, download maps and manufacturer links', () => {
    const reviews = details.flatMap((d) => d.customerReviews ?? []);
    expect(reviews.length).toBeGreaterThan(10);
    for (const r of reviews) expect(Object.keys(r).sort()).toEqual(['comment', 'customerName', 'stars']);
    expect(JSON.stringify(reviews)).not.toMatch(/@/);
    expect(details.some((d) => d.downloadFile)).toBe(true);
    expect(details.some((d) => d.downloadFiles && Object.keys(d.downloadFiles).length > 1)).toBe(true);
    expect(details.some((d) => d.viewManufacturersCatalogue?.startsWith('https://'))).toBe(true);
  });
});

describe('images', () => {
  it('has a valid 400x300 illustration for every product image key, and nothing else in the folder', () => {
    for (const key of PRODUCT_IMAGE_KEYS) {
      const file = publicFile(content.productImagePath(key));
      expect({ key, exists: existsSync(file) }).toEqual({ key, exists: true });
      const svg = readFileSync(file, 'utf8');
      expect({ key, problems: checkSvg(svg) }).toEqual({ key, problems: [] });
      expect(svg).toContain('viewBox="0 0 400 300"');
    }
  });

  it('has distinct illustrations, different from the category art', () => {
    const sources = PRODUCT_IMAGE_KEYS.map((k) => readFileSync(publicFile(content.productImagePath(k)), 'utf8'));
    expect(new Set(sources).size).toBe(PRODUCT_IMAGE_KEYS.length);
    const categoryArt = new Set(
      CATEGORY_IMAGE_KEYS.map((k) => readFileSync(publicFile(content.categoryImagePath(k)), 'utf8')),
    );
    for (const s of sources) expect(categoryArt.has(s)).toBe(false);
  });

  it('resolves every image a product or block refers to', () => {
    for (const d of details) {
      const keys = [
        d.image,
        ...[...(d.detailDescription ?? []), ...(d.detailDescriptionAfterTable ?? [])].flatMap((b) => [
          ...(b.images1 ?? []),
          ...(b.images2 ?? []),
        ]),
      ];
      for (const key of keys)
        expect({ id: d.id, key, exists: existsSync(publicFile(content.productImagePath(key))) }).toEqual({
          id: d.id,
          key,
          exists: true,
        });
    }
  });

  it('has a valid logo for every brand, and every companyImg is one of them', () => {
    for (const brand of BRANDS) {
      const svg = readFileSync(publicFile(content.brandLogoPath(brand.slug)), 'utf8');
      expect({ slug: brand.slug, problems: checkSvg(svg) }).toEqual({ slug: brand.slug, problems: [] });
      expect(svg).toContain(`<title id="brand-${brand.slug}">${brand.name} logo</title>`);
    }
    for (const d of details) {
      (d.companyImg ?? []).forEach((logo, i) => {
        expect(existsSync(publicFile(logo))).toBe(true);
        expect(logo).toBe(content.brandLogoPath(content.findBrandByName(d.company?.[i] ?? '')?.slug ?? 'missing'));
      });
    }
  });

  it('has the fixed detail pictures (ceiling-rose table, characteristics)', () => {
    for (const path of [CEILING_ROSE_TABLE_IMAGE, CHARACTERISTICS_IMAGE]) {
      expect(checkSvg(readFileSync(publicFile(path), 'utf8'))).toEqual([]);
    }
  });
});

describe('generated files', () => {
  let outDir: string;
  let generated: GeneratedPdfs;

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'content-pdfs-'));
    generated = await generatePdfs(outDir);
  }, 60_000);

  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  it('produces every download file the details refer to, as a real PDF', () => {
    const referenced = new Set(details.flatMap(referencedDownloadFiles));
    expect(referenced.size).toBeGreaterThan(10);
    expect(new Set(generated.datasheets)).toEqual(referenced);
    for (const file of referenced) {
      const path = join(outDir, 'uploads', file);
      expect({ file, exists: existsSync(path) }).toEqual({ file, exists: true });
      const pdf = readFileSync(path);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
    }
  });

  it('writes one section per referencing product into a shared datasheet', () => {
    const shared = planDatasheets(details).find((p) => p.entries.length > 1);
    expect(shared).toBeDefined();
    expect(pageCount(readFileSync(join(outDir, 'uploads', shared?.fileName ?? '')))).toBeGreaterThanOrEqual(
      shared?.entries.length ?? 2,
    );
  });

  it('produces the multi-page brochure at its file name (BROCHURE_FILE)', () => {
    expect(generated.brochure).toBe(BROCHURE_FILE);
    const pdf = readFileSync(join(outDir, BROCHURE_FILE));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // cover, profile, branches, contents, one page (at least) per category, contact
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(categories.length + 5);
    expect(pageCount(pdf)).toBe(generated.brochurePages);
  });

  it('is deterministic: the same data gives the same bytes', async () => {
    const again = mkdtempSync(join(tmpdir(), 'content-pdfs-'));
    try {
      await generatePdfs(again, loadCatalogueData(CONTENT_DIR));
      for (const file of [BROCHURE_FILE, ...generated.datasheets.map((f) => join('uploads', f))]) {
        expect({ file, same: readFileSync(join(again, file)).equals(readFileSync(join(outDir, file))) }).toEqual({
          file,
          same: true,
        });
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);

  it('writes the search index from the catalogue', () => {
    const results = writeSearchResults(outDir, CONTENT_DIR);
    const written = searchResultsSchema.parse(JSON.parse(readFileSync(join(outDir, SEARCH_RESULTS_FILE), 'utf8')));
    expect(written).toEqual(results);
    expect(written).toEqual(buildSearchResults(products, categories));
    expect(written.map((r) => r.id)).toEqual(products.map((p) => p.id));
    for (const r of written) {
      const p = products.find((x) => x.id === r.id);
      expect(r).toEqual({
        id: p?.id,
        title: p?.productName,
        productCategory: p?.productCategory,
        productCategoryId: p?.productCategoryId,
        company: p?.company ?? '',
        image: p?.image,
      });
    }
  });

  it('turns data HTML into text with its lines', () => {
    expect(pdfText('<p>Low &amp; high</p><ul><li>One</li><li>Two</li></ul>')).toBe('Low & high\n• One\n• Two');
  });
});

describe('the catalogue schema rejects broken records', () => {
  const gland = rawDetails.find((d) => d.id === 'hex_cw_brass_cable_gland') as Record<string, unknown>;
  const withDescription = rawDetails.find((d) => d.id === 'oc_cu_xlpe_swa_pvc_cable') as Record<string, unknown>;

  it('accepts the real records', () => {
    expect(productDetailSchema.safeParse(gland).success).toBe(true);
    expect(productDetailSchema.safeParse(withDescription).success).toBe(true);
  });

  it('rejects a row that does not fit its columns, and a header whose rows differ in width', () => {
    const rows = gland.productDetailTableData as Record<string, unknown>[];
    const missing = rows.map((r, i) => (i === 0 ? { ...r, hexagon: { acrossFlats: 24 } } : r));
    expect(productDetailSchema.safeParse({ ...gland, productDetailTableData: missing }).success).toBe(false);
    const extra = rows.map((r, i) => (i === 0 ? { ...r, weight: 1 } : r));
    expect(productDetailSchema.safeParse({ ...gland, productDetailTableData: extra }).success).toBe(false);
    const header = gland.productDetailTableColumns as Record<string, unknown>[][];
    const badHeader = [header[0]?.map((c) => (c.name === 'Thread Size' ? { ...c, colSpan: 3 } : c)), header[1]];
    expect(productDetailSchema.safeParse({ ...gland, productDetailTableColumns: badHeader }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, productDetailTableColumns: undefined }).success).toBe(false);
  });

  it('rejects unknown section keys and section values of the wrong kind', () => {
    const description = withDescription.description as { key: string; value: unknown }[];
    const unknownKey = [...description, { key: '*Warranty', value: '<p>x</p>' }];
    expect(productDetailSchema.safeParse({ ...withDescription, description: unknownKey }).success).toBe(false);
    const stringTable = description.map((e) => (e.key === '*Construction' ? { ...e, value: 'Conductor: copper' } : e));
    expect(productDetailSchema.safeParse({ ...withDescription, description: stringTable }).success).toBe(false);
    const arrayHtml = description.map((e) =>
      e.key === '*Application' ? { ...e, value: [{ key: 'a', value: 'b' }] } : e,
    );
    expect(productDetailSchema.safeParse({ ...withDescription, description: arrayHtml }).success).toBe(false);
    const twice = [...description, description.find((e) => e.key === '*Application')];
    expect(productDetailSchema.safeParse({ ...withDescription, description: twice }).success).toBe(false);
  });

  it('rejects active HTML, unknown brands, mismatched logos, unknown images and bad file names', () => {
    expect(productDetailSchema.safeParse({ ...gland, detail: ['<p onclick="x()">x</p>'] }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, detail: ['<script>alert(1)</script>'] }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, detail: ['<p>unclosed'] }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, productName: 'CW <b>gland</b>' }).success).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...gland, description: [{ key: 'Material', value: 'Brass &amp; nickel' }] })
        .success,
    ).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...gland, description: [{ key: 'Material', value: 'Brass & nickel, < 1 kg' }] })
        .success,
    ).toBe(true);
    expect(productDetailSchema.safeParse({ ...gland, company: ['Acme'] }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, companyImg: ['/images/brands/abb.svg'] }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, image: 'toaster' }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, downloadFile: '../secret.pdf' }).success).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, viewManufacturersCatalogue: 'http://example.com' }).success).toBe(
      false,
    );
    // an uploaded picture and datasheet: only the paths the server makes (server/src/catalogue/media/)
    const hash = 'a'.repeat(64);
    expect(
      productDetailSchema.safeParse({
        ...gland,
        picture: { src: `/media/catalogue/hex_cw_brass_cable_gland/${hash}`, widths: [320, 640] },
        datasheet: `/media/catalogue/hex_cw_brass_cable_gland/${hash}.pdf`,
      }).success,
    ).toBe(true);
    expect(
      productDetailSchema.safeParse({ ...gland, picture: { src: 'javascript:alert(1)', widths: [320] } }).success,
    ).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...gland, picture: { src: `/media/catalogue/../../${hash}`, widths: [320] } })
        .success,
    ).toBe(false);
    expect(
      productDetailSchema.safeParse({
        ...gland,
        picture: { src: `/media/catalogue/hex_cw_brass_cable_gland/${hash}`, widths: [] },
      }).success,
    ).toBe(false);
    expect(
      productDetailSchema.safeParse({
        ...gland,
        datasheet: `/media/catalogue/hex_cw_brass_cable_gland/${hash}.pdf.html`,
      }).success,
    ).toBe(false);
    expect(productDetailSchema.safeParse({ ...gland, datasheet: 'https://evil.example/x.pdf' }).success).toBe(false);
    expect(
      productDetailSchema.safeParse({ ...gland, customerReviews: [{ customerName: 'A', stars: 6, comment: 'x' }] })
        .success,
    ).toBe(false);
  });

  it('rejects bad listing records and cross-file mismatches', () => {
    const raw = read('products.json') as Record<string, unknown>[];
    const first = raw[0] as Record<string, unknown>;
    expect(productSchema.safeParse(first).success).toBe(true);
    expect(productSchema.safeParse({ ...first, id: 'Has Spaces' }).success).toBe(false);
    expect(productSchema.safeParse({ ...first, dateAdded: '2021-13-01' }).success).toBe(false);
    expect(productSchema.safeParse({ ...first, price: -1 }).success).toBe(false);
    expect(productsSchema.safeParse([...raw, first]).success).toBe(false);
    expect(productSchema.safeParse({ ...first, unit: undefined }).success).toBe(false);
    expect(productSchema.safeParse({ ...first, unit: 'metres' }).success).toBe(false);
    expect(productSchema.safeParse({ ...first, code: undefined }).success).toBe(false);
    for (const code of ['oc-swa-416', 'OC SWA 416', 'OC_SWA_416', '-OC-SWA', 'OC--SWA', 'OC', 'A'.repeat(33)]) {
      expect({ code, ok: productSchema.safeParse({ ...first, code }).success }).toEqual({ code, ok: false });
    }
    for (const code of ['3M6', 'ABB-S203-C16', 'A'.repeat(32)])
      expect({ code, ok: productSchema.safeParse({ ...first, code }).success }).toEqual({ code, ok: true });
  });

  it("rejects a product code that another product has, as written or normalised, or that reads as another product's id", () => {
    const raw = read('products.json') as Record<string, unknown>[];
    const withSecondCode = (code: string) => raw.map((p, i) => (i === 1 ? { ...p, code } : p));
    const messages = (code: string) =>
      productsSchema
        .safeParse(withSecondCode(code))
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages('OC-SWA-416')).toEqual([
      [
        '1.code',
        "code 'OC-SWA-416' of 'oc_cu_xlpe_swa_lszh_cable' is the code of 'oc_cu_xlpe_swa_pvc_cable' (case, spaces and dashes aside)",
      ],
    ]);
    expect(messages('OCSWA-416')).toHaveLength(1);
    expect(messages('OC-SWA-4-16')).toHaveLength(1);
    // 'HEX-CW-BRASS-CABLE-GLAND' normalises to the id hex_cw_brass_cable_gland: a pasted line could mean either product
    expect(messages('HEX-CW-BRASS-CABLE-GLAND')).toEqual([
      [
        '1.code',
        "code 'HEX-CW-BRASS-CABLE-GLAND' of 'oc_cu_xlpe_swa_lszh_cable' reads as the id of 'hex_cw_brass_cable_gland'",
      ],
    ]);
    // a code that reads as the product's own id means the same product
    expect(messages('OC-CU-XLPE-SWA-LSZH-CABLE')).toBeUndefined();
    expect(messages('OC-SWA-LSZH-416')).toBeUndefined();
    const moved = products.map((p, i) => (i === 0 ? { ...p, productCategoryId: 'toasters' } : p));
    expect(checkCatalogue(categories, moved, details).length).toBeGreaterThan(0);
    expect(checkCatalogue(categories, products.slice(1), details).length).toBeGreaterThan(0);
    const renamed = products.map((p, i) => (i === 0 ? { ...p, productName: 'Other' } : p));
    expect(checkCatalogue(categories, renamed, details).length).toBeGreaterThan(0);
  });
});

describe('browser entry (index.ts)', () => {
  it('exposes the path helpers', () => {
    expect(content.productImagePath('gland_brass')).toBe('/images/products/gland_brass.svg');
    expect(content.brandLogoPath('oxford-cavi')).toBe('/images/brands/oxford-cavi.svg');
    expect(content.uploadPath('x.pdf')).toBe('/uploads/x.pdf');
    expect(content.findBrandByName('Eaton (Moeller)')?.slug).toBe('eaton');
  });

  it('stays free of zod, the schema and node modules, with every entry browser code imports', () => {
    // Bundled as webpack would for the browser: type-only imports (types.ts derives its types from schema.ts) vanish.
    const nodeOnlyInputs = (entry: string): string[] => {
      const { metafile } = buildSync({
        entryPoints: [join(__dirname, entry)],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'browser',
        format: 'esm',
        logLevel: 'silent',
      });
      return Object.keys(metafile.inputs).filter((input) =>
        /node_modules\/zod\/|src\/(schema|validate)\.ts$|^node:/.test(input),
      );
    };
    for (const entry of ['index.ts', 'chat.ts', 'reviews.ts', 'validation/index.ts', 'htmlText.ts']) {
      expect({ entry, nodeOnly: nodeOnlyInputs(entry) }).toEqual({ entry, nodeOnly: [] });
    }
    expect(nodeOnlyInputs('schema.ts').some((input) => input.includes('node_modules/zod/'))).toBe(true);
  });
});
