import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  branchesSchema,
  certificatesSchema,
  companySchema,
  DATA_FILES,
  menuSchema,
  productCategoriesSchema,
  type DataFileName,
} from './schema';
import { BRANCH_LABELS, CATEGORY_IMAGE_KEYS, TEASER_CATEGORY_IDS } from './dataConstants';
import { checkSvg, MAX_CATEGORY_SVG_BYTES, validateContent } from './validate';
import * as content from './index';
import * as certificatesModule from './certificates';

const CONTENT_DIR = resolve(__dirname, '..');
const readData = (file: DataFileName): unknown =>
  JSON.parse(readFileSync(join(CONTENT_DIR, 'data', file), 'utf8')) as unknown;
const publicFile = (sitePath: string): string => join(CONTENT_DIR, 'public', sitePath);

const categories = productCategoriesSchema.parse(readData('products-category.json'));
const branches = branchesSchema.parse(readData('branches.json'));
const company = companySchema.parse(readData('company.json'));
const menu = menuSchema.parse(readData('menu.json'));
const certificates = certificatesSchema.parse(readData('certificates.json'));

describe('data files match the schema', () => {
  it.each(Object.keys(DATA_FILES) as DataFileName[])('%s', (file) => {
    const result = DATA_FILES[file].safeParse(readData(file));
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('the whole content folder validates (data, images, cross-file rules)', () => {
    expect(validateContent(CONTENT_DIR).errors).toEqual([]);
  });

  it('index.ts and the page subpaths export the same data, typed', () => {
    expect(certificatesModule.certificates).toEqual(certificates);
    expect(content.productCategories).toEqual(categories);
    expect(content.branches).toEqual(branches);
    expect(content.company).toEqual(company);
    expect(content.menu).toEqual(menu);
    expect(content.categoryImagePath('Cable_Ties')).toBe('/images/categories/Cable_Ties.svg');
    expect(content.findBranch('oman')?.label).toBe('Oman (Muscat Office)');
    expect(content.findCategory('cable_jointing_kit')?.image).toBe('Jointing_Kit');
  });
});

describe('product categories', () => {
  it('has 19 categories with unique ids', () => {
    expect(categories).toHaveLength(19);
    expect(new Set(categories.map((c) => c.id)).size).toBe(19);
  });

  it('uses each image key exactly once', () => {
    expect(categories.map((c) => c.image).sort()).toEqual([...CATEGORY_IMAGE_KEYS].sort());
  });

  it('contains the four home teaser categories with their images', () => {
    const imageOf = (id: string) => categories.find((c) => c.id === id)?.image;
    expect(TEASER_CATEGORY_IDS.map(imageOf)).toEqual([
      'Industrial_Plugs',
      'Jointing_Kit',
      'FlexibleRigid_Conduit_And_Accessories',
      'Resin_Jointing_Kits',
    ]);
  });

  it('derives every id from its title (lower_snake_case, except the teaser id Resin_Jointing_Kits)', () => {
    for (const { id, title } of categories) {
      const slug = title
        .replace(/[^A-Za-z0-9 ]/g, '')
        .trim()
        .replace(/\s+/g, '_');
      expect(id.toLowerCase()).toBe(slug.toLowerCase());
      if (id !== 'Resin_Jointing_Kits') expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
    }
  });

  it('has an illustration for every category: a well-formed, self-contained SVG', () => {
    for (const { image } of categories) {
      const file = publicFile(content.categoryImagePath(image));
      expect(existsSync(file)).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.trimStart().startsWith('<svg')).toBe(true);
      expect(svg).toMatch(/<title(?:\s[^>]*)?>[^<]+<\/title>/);
      expect(svg).toContain('viewBox="0 0 400 300"');
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toMatch(/href="(?!#)/);
      expect(Buffer.byteLength(svg)).toBeLessThanOrEqual(MAX_CATEGORY_SVG_BYTES);
      expect({ image, problems: checkSvg(svg) }).toEqual({ image, problems: [] });
    }
  });

  it('has distinct illustrations', () => {
    const sources = CATEGORY_IMAGE_KEYS.map((key) => readFileSync(publicFile(`/images/categories/${key}.svg`), 'utf8'));
    expect(new Set(sources).size).toBe(CATEGORY_IMAGE_KEYS.length);
  });
});

describe('branches, company, menu, certificates', () => {
  it('has the four branches with the region selector labels', () => {
    expect(branches.map((b) => [b.id, b.name, b.label])).toEqual([
      ['dubai', 'Dubai', 'Dubai'],
      ['oman', 'Oman', 'Oman (Muscat Office)'],
      ['bahrain', 'Bahrain', 'Bahrain (Warehouse)'],
      ['saudi', 'Saudi Arabia', 'Saudi (through an associated company)'],
    ]);
    expect(branches.map((b) => b.label)).toEqual(Object.values(BRANCH_LABELS));
  });

  it('shows a fax only for Dubai and Oman, and a placeholder phone for Saudi Arabia', () => {
    expect(branches.filter((b) => b.fax).map((b) => b.id)).toEqual(['dubai', 'oman']);
    expect(branches.find((b) => b.id === 'saudi')?.mobileNo).toBe('+966 XX XXX XXXX');
  });

  it("uses the Dubai branch's number as the company's main phone and its map in the footer", () => {
    const dubai = branches.find((b) => b.id === 'dubai');
    expect(company.mainPhone).toBe(dubai?.mobileNo);
    expect(company.warehouseMap).toBe(dubai?.location);
    expect(company.founded).toBe(1995);
    expect(company.copyright).toBe('© 2025 All Rights Reserved.');
  });

  it('lists the menu in header order, Career Opportunities in the drawer only', () => {
    expect(menu.map((m) => [m.name, m.path, m.inHeader])).toEqual([
      ['Home', '/home', true],
      ['About Us', '/about', true],
      ['Management', '/management', true],
      ['Certificates', '/certificates', true],
      ['Products', '/our-products', true],
      ['Projects', '/our-projects', true],
      ['Contact', '/contact-us', true],
      ['Career Opportunities', '/career-opportunities', false],
    ]);
  });

  it('has the two ISO 9001:2015 certificates with existing, valid images', () => {
    expect(certificates.map((c) => c.id)).toEqual(['iso-9001-uae', 'iso-9001-oman']);
    for (const cert of certificates) {
      expect(cert.standard).toBe('ISO 9001:2015');
      const file = publicFile(cert.image);
      expect(existsSync(file)).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(checkSvg(svg)).toEqual([]);
      expect(svg).toContain(`viewBox="0 0 ${cert.width} ${cert.height}"`);
    }
  });

  it('has a valid logo', () => {
    expect(checkSvg(readFileSync(publicFile(content.LOGO_PATH), 'utf8'))).toEqual([]);
  });
});

describe('the schema rejects broken data', () => {
  const valid = readData('products-category.json') as Record<string, unknown>[];

  it('rejects an unknown image key, a duplicate id, a missing teaser id and a wrong count', () => {
    const unknownImage = valid.map((c, i) => (i === 0 ? { ...c, image: 'Toasters' } : c));
    expect(productCategoriesSchema.safeParse(unknownImage).success).toBe(false);

    const duplicateId = valid.map((c, i) => (i === 1 ? { ...c, id: valid[0]?.id } : c));
    expect(productCategoriesSchema.safeParse(duplicateId).success).toBe(false);

    const noTeaser = valid.map((c) => (c.id === 'cable_jointing_kit' ? { ...c, id: 'cable_jointing_kits' } : c));
    expect(productCategoriesSchema.safeParse(noTeaser).success).toBe(false);

    expect(productCategoriesSchema.safeParse(valid.slice(1)).success).toBe(false);
  });

  it('rejects a wrong branch label, a missing branch and a bad map URL', () => {
    const raw = readData('branches.json') as Record<string, unknown>[];
    expect(branchesSchema.safeParse(raw.map((b, i) => (i === 1 ? { ...b, label: 'Oman' } : b))).success).toBe(false);
    expect(branchesSchema.safeParse(raw.slice(0, 3)).success).toBe(false);
    expect(
      branchesSchema.safeParse(raw.map((b, i) => (i === 0 ? { ...b, location: 'https://example.com/map' } : b)))
        .success,
    ).toBe(false);
  });

  it('rejects unknown fields and bad e-mails in company.json', () => {
    const raw = readData('company.json') as Record<string, unknown>;
    expect(companySchema.safeParse({ ...raw, extra: 1 }).success).toBe(false);
    expect(companySchema.safeParse({ ...raw, generalEmail: 'not-an-email' }).success).toBe(false);
  });

  it('checkSvg flags scripts, external references, missing titles and bad nesting', () => {
    const ok =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3" role="img"><title>x</title><g><rect/></g></svg>';
    expect(checkSvg(ok)).toEqual([]);
    expect(checkSvg(ok.replace('<rect/>', '<script>alert(1)</script>'))).not.toEqual([]);
    expect(checkSvg(ok.replace('<rect/>', '<image href="https://example.com/a.png"/>'))).not.toEqual([]);
    expect(checkSvg(ok.replace('<rect/>', '<rect fill="url(https://x/y)"/>'))).not.toEqual([]);
    expect(checkSvg(ok.replace('<title>x</title>', ''))).not.toEqual([]);
    expect(checkSvg(ok.replace('</g>', ''))).not.toEqual([]);
    expect(checkSvg(`<?xml version="1.0"?>${ok}`)).not.toEqual([]);
  });
});
