import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BRANDS, BROCHURE_FILE, branches, company, menu, productCategories } from '@site/content';
import {
  arabicKnowledgeBaseSources,
  buildKnowledgeBase,
  MAX_SPECS_PER_PRODUCT,
  siteKnowledgeBaseSources,
} from './index.js';

const kb = buildKnowledgeBase();

/** Each key of `expected` has that value in `actual` (other keys of `actual` are not looked at). */
function assertHas(actual: object, expected: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(expected))
    assert.deepEqual((actual as Record<string, unknown>)[key], value, key);
}

describe('the knowledge base', () => {
  it('holds the company facts of the site', () => {
    assertHas(kb.company, {
      name: company.name,
      tagline: company.tagline,
      founded: 1995,
      founder: { name: 'Khalid Al Suwaidi', position: 'Founder & Chairman' },
      stats: { customers: '1,000+', countries: '10+', products: '200+', suppliers: '150+', experience: '28+ years' },
      phones: [company.mainPhone, company.secondPhone],
      email: company.generalEmail,
    });
    assert.ok(
      kb.company.certifications.includes('ISO 9001:2008 certified quality management system'),
      kb.company.certifications.join('\n'),
    );
    assert.ok(
      kb.company.certifications.some((claim) => /^ISO 9001:2015 certificate \(UAE\)/.test(claim)),
      kb.company.certifications.join('\n'),
    );
  });

  it('has the five team members and the four locations of branches.json', () => {
    assert.equal(kb.team.length, 5);
    assert.deepEqual(Object.keys(kb.locations), ['dubai', 'oman', 'bahrain', 'saudi']);
    for (const branch of branches) {
      assertHas(kb.locations[branch.id], {
        name: branch.name,
        address: branch.address,
        phone: branch.mobileNo,
        email: branch.email,
      });
    }
    assert.match(kb.locations.oman.manager ?? '', /Salim Al Rawahi/);
  });

  it('has every category with its path, and every product with its path and specs', () => {
    assert.deepEqual(
      kb.productCategories.map((c) => c.id),
      productCategories.map((c) => c.id),
    );
    const products = siteKnowledgeBaseSources().products;
    assert.equal(kb.productCategories.flatMap((c) => c.productDetails).length, products.length);
    for (const category of kb.productCategories) {
      assert.equal(category.path, `/our-products/${category.id}`);
      for (const product of category.productDetails) {
        assert.equal(product.path, `/our-products/${category.id}/${product.id}`);
        assert.ok(product.specs.length <= MAX_SPECS_PER_PRODUCT);
        assert.doesNotMatch(product.specs.join(' '), /<[a-z]/i);
      }
    }
    const gland = kb.productCategories.find((c) => c.id === 'industrial_cable_glands');
    assert.deepEqual(gland?.companies, ['Hex']);
    assert.ok((gland?.products.length ?? 0) >= 3);
  });

  it("lists each product's orderable variants: their codes and indicative prices (AED per unit), an only one without a label", () => {
    const products = kb.productCategories.flatMap((c) => c.productDetails);
    assert.ok(products.every((product) => product.variants.length >= 1));
    const gland = products.find((product) => product.id === 'hex_cw_brass_cable_gland');
    assert.equal(gland?.variants.length, 11);
    assert.deepEqual(
      gland?.variants.find((variant) => variant.code === 'HEX-CW-25'),
      { code: 'HEX-CW-25', label: 'Size 25 (M25)', priceAed: 16.75, unit: 'piece' },
    );
    const cable = products.find((product) => product.id === 'oc_fire_resistant_cable');
    assert.deepEqual(cable?.variants, [{ code: 'OC-FR-2E-15', priceAed: 9.5, unit: 'metre' }]);
    const ar = buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar').productCategories.flatMap(
      (c) => c.productDetails,
    );
    const arabicGland = ar.find((product) => product.id === 'hex_cw_brass_cable_gland');
    assert.deepEqual(
      arabicGland?.variants.find((variant) => variant.code === 'HEX-CW-25'),
      { code: 'HEX-CW-25', label: 'المقاس 25 (M25)', priceAed: 16.75, unit: 'piece' },
    );
  });

  it('lists every brand of the site, with the categories that carry it', () => {
    assert.deepEqual(
      kb.brands.map((b) => b.name),
      BRANDS.map((b) => b.name),
    );
    const hagerPaths = kb.brands.find((b) => b.name === 'Hager')?.categories.map((c) => c.path) ?? [];
    assert.ok(hagerPaths.includes('/our-products/switchgear_accessories'), hagerPaths.join('\n'));
  });

  it('lists the eight pages of the menu with a description each', () => {
    assert.deepEqual(
      kb.websitePages.map((p) => p.path),
      menu.map((m) => m.path),
    );
    assert.equal(kb.websitePages.length, 8);
    for (const page of kb.websitePages) assert.notEqual(page.description, '');
  });

  it('has services, brochure, careers and project experience', () => {
    assert.ok(kb.services.length > 0);
    assert.equal(kb.brochure.file, `/${BROCHURE_FILE}`);
    assertHas(kb.careers, { email: company.careersEmail, path: '/career-opportunities' });
    assert.equal(kb.projectExperience.projects.length, 7);
    assert.match(kb.projectExperience.clients.join(' '), /defence/i);
  });

  it('stays small enough to send whole with every question', () => {
    assert.ok(JSON.stringify(kb).length < 120_000);
  });
});

describe('the Arabic knowledge base', () => {
  const ar = buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar');

  it('has the same records and ids, every path that of the Arabic page', () => {
    assert.deepEqual(
      ar.productCategories.map((c) => [c.id, c.productDetails.map((p) => p.id)]),
      kb.productCategories.map((c) => [c.id, c.productDetails.map((p) => p.id)]),
    );
    for (const category of ar.productCategories) {
      assert.equal(category.path, `/ar/our-products/${category.id}`);
      for (const product of category.productDetails)
        assert.equal(product.path, `/ar/our-products/${category.id}/${product.id}`);
    }
    assert.deepEqual(
      ar.websitePages.map((p) => p.path),
      menu.map((m) => `/ar${m.path}`),
    );
    assert.equal(ar.careers.path, '/ar/career-opportunities');
    assert.equal(ar.projectExperience.path, '/ar/our-projects');
    assert.equal(ar.brochure.file, kb.brochure.file, 'the brochure is one PDF (English) for both editions');
  });

  it('says the facts in Arabic, keeping phone numbers, e-mails, brands and codes', () => {
    assert.equal(ar.company.name, 'الهلال للتجارة الكهربائية');
    assert.deepEqual(ar.company.phones, kb.company.phones);
    assert.equal(ar.company.email, kb.company.email);
    assert.equal(ar.company.founder.name, 'خالد السويدي');
    assert.equal(ar.locations.oman.name, 'عُمان');
    assert.equal(ar.locations.oman.phone, kb.locations.oman.phone);
    assert.equal(ar.productCategories.find((c) => c.id === 'industrial_cable_glands')?.title, 'جلب الكابلات الصناعية');
    assert.deepEqual(ar.productCategories.find((c) => c.id === 'industrial_cable_glands')?.companies, ['Hex']);
    assert.deepEqual(
      ar.brands.map((b) => b.name),
      BRANDS.map((b) => b.name),
    );
    assert.ok(
      ar.company.certifications.includes(
        'شهادة ISO 9001:2015 (الإمارات العربية المتحدة)، صادرة عن Gulf Quality Certification Services',
      ),
      ar.company.certifications.join('\n'),
    );
    assert.equal(ar.company.stats.experience, 'أكثر من 28 عامًا');
    assert.match(ar.projectExperience.projects.join(' '), /نخلة جميرا/);
  });

  it('stays small enough to send whole with every question', () => {
    assert.ok(JSON.stringify(ar).length < 120_000);
  });
});
