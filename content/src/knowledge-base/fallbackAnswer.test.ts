import type { Product, ProductDetail } from '../types';
import { buildKnowledgeBase, createFallbackAnswerer, FALLBACK_PREFIX, fallbackReply, siteKnowledgeBaseSources } from './index';
import { stem, words } from './matching';

// A small catalogue of our own, so that these tests do not move when the real catalogue grows.
const product = (id: string, productCategoryId: string, productCategory: string, productName: string, company: string): Product => ({
  id,
  productCategoryId,
  productCategory,
  productName,
  image: 'gland_brass',
  company,
  popularity: 50,
  dateAdded: '2024-01-01',
});
const products: Product[] = [
  product('hex_cw_gland', 'industrial_cable_glands', 'Industrial Cable Glands', 'CW Brass Cable Gland for SWA Cable (IP66)', 'Hex'),
  product('hex_a2_gland', 'industrial_cable_glands', 'Industrial Cable Glands', 'A2 Brass Compression Gland', 'Hex'),
  product('scotch_23_tape', 'scotch_tapes_and_mastics', 'Scotch Tapes and Mastics', '3M Scotch 23 Rubber Splicing Tape', '3M'),
  product('coldshrink_joint', 'cable_jointing_kit', 'Cable Jointing Kit', '3M Cold Shrink Straight Joint, 1 kV', '3M'),
  product('hager_rccb', 'switchgear_accessories', 'Switchgear Accessories', 'Hager Residual Current Circuit Breaker (RCCB), 30 mA', 'Hager'),
  product('legrand_trunking', 'cable_management_system', 'Cable Management System', 'Legrand DLP PVC Trunking', 'Legrand'),
];
const details: ProductDetail[] = products.map((p) => ({
  id: p.id,
  productName: p.productName,
  image: p.image,
  productCategory: p.productCategoryId,
  categoryName: p.productCategory,
  company: [p.company!],
  Specification: [{ specification: [`Spec of ${p.id}`] }],
}));

const kb = buildKnowledgeBase({ ...siteKnowledgeBaseSources(), products, productDetails: details });
const answer = createFallbackAnswerer(kb);
const PHONE = '+971 4 347 1100';

describe('words', () => {
  it('lower-cases, stems plurals and drops stop words and bare numbers', () => {
    expect(words('Do you have Cable Glands, 20 mm?')).toEqual(['cable', 'gland', 'mm']);
    expect(stem('boxes')).toBe('box');
    expect(stem('accessories')).toBe('accessory');
    expect(stem('ties')).toBe('tie');
    expect(stem('glass')).toBe('glass');
  });
});

describe('the spec keyword branches', () => {
  it('products: the range summary with the products page link and the phone', () => {
    const reply = answer('What products do you offer?');
    expect(reply).toContain('[Our Products](/our-products)');
    expect(reply).toContain(PHONE);
    expect(reply).toContain('Industrial Cable Glands');
  });

  it('contact, phone or e-mail: the three branch phones, the general e-mail and the contact page', () => {
    for (const question of ['How can I contact you?', 'What is your phone number?', 'Can I send you an email?']) {
      const reply = answer(question);
      expect(reply).toContain(PHONE);
      expect(reply).toContain('+968 2450 1230');
      expect(reply).toContain('+973 1770 4120');
      expect(reply).not.toContain('XX XXX');
      expect(reply).toContain('info@crescent-electrical.example');
      expect(reply).toContain('[Contact Us](/contact-us)');
    }
  });

  it('location or office: the office list', () => {
    const reply = answer('Where are your offices located?');
    for (const name of ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']) expect(reply).toContain(`**${name}**`);
    expect(reply).toContain('Al Quoz');
  });

  it('about or company: the since-1995 summary with about and management links', () => {
    const reply = answer('Tell me about the company');
    expect(reply).toContain('since 1995');
    expect(reply).toContain('[About Us](/about)');
    expect(reply).toContain('[Our Team](/management)');
  });

  it('anything else: a generic offer with links to products and home', () => {
    const reply = answer('Good morning!');
    expect(reply).toContain('[Our Products](/our-products)');
    expect(reply).toContain('[Home](/home)');
  });
});

describe('named items come first', () => {
  it('a category: its description, brands, products and link', () => {
    const reply = answer('Do you have cable glands?');
    expect(reply).toMatch(/^\*\*Industrial Cable Glands\*\*/);
    expect(reply).toContain('Brands: Hex.');
    expect(reply).toContain('[CW Brass Cable Gland for SWA Cable (IP66)](/our-products/industrial_cable_glands/hex_cw_gland)');
    expect(reply).toContain('[Industrial Cable Glands](/our-products/industrial_cable_glands)');
  });

  it('one word of a category title that is not a mere modifier names it; a modifier alone does not', () => {
    expect(answer('fans')).toContain('[Industrial Fans](/our-products/industrial_fans)');
    expect(answer('cables please')).toMatch(/^\*\*Cables\*\*/);
    expect(answer('industrial')).not.toContain('/our-products/industrial_');
  });

  it('a word several categories share lists them all', () => {
    const reply = answer('conduits');
    expect(reply).toContain('[PVC Conduits](/our-products/pvc_conduits)');
    expect(reply).toContain('[Flexible/Rigid Conduit and Accessories](/our-products/flexiblerigid_conduit_and_accessories)');
  });

  it('a word only one category\'s products use names that category', () => {
    expect(answer('Do you stock trunking?')).toMatch(/^\*\*Cable Management System\*\*/);
  });

  it('a product named more closely than any category: that product with its link', () => {
    const reply = answer('3M rubber splicing tape');
    expect(reply).toContain('[3M Scotch 23 Rubber Splicing Tape](/our-products/scotch_tapes_and_mastics/scotch_23_tape)');
    expect(reply).not.toContain('Cold Shrink');
  });

  it('a rare product word: the products that use it', () => {
    expect(answer('RCCB')).toContain('(/our-products/switchgear_accessories/hager_rccb)');
  });

  it('a brand: the categories and products we carry of it', () => {
    const reply = answer('Are you a Hager distributor?');
    expect(reply).toContain('**Hager**');
    expect(reply).toContain('[Switchgear Accessories](/our-products/switchgear_accessories)');
    expect(reply).toContain('/our-products/switchgear_accessories/hager_rccb');
  });

  it('a partner brand we list no products of: a pointer to the contact page', () => {
    expect(answer('Simplex')).toContain('[Contact Us](/contact-us)');
  });

  it('a branch: its address, phone, e-mail and manager', () => {
    const reply = answer('What is the address of the Muscat office?');
    expect(reply).toContain('**Oman**');
    expect(reply).toContain('Ghala Industrial Area');
    expect(reply).toContain('oman@crescent-electrical.example');
    expect(reply).toContain('Salim Al Rawahi');
  });
});

describe('other topics', () => {
  it.each([
    ['Who founded the company? I mean the founder', 'Khalid Al Suwaidi', '[Our Team](/management)'],
    ['Are you ISO certified?', 'ISO 9001:2008', '[Certificates](/certificates)'],
    ['Which projects have you supplied?', 'Palm Jumeirah', '[Our Projects](/our-projects)'],
    ['Any job vacancy?', 'Oil & Gas', '[Career Opportunities](/career-opportunities)'],
    ['Where can I get your brochure?', 'Catalogue and Company Profile', '[Our Products](/our-products)'],
  ])('%s', (question, fact, pageLink) => {
    const reply = answer(question);
    expect(reply).toContain(fact);
    expect(reply).toContain(pageLink);
  });
});

describe('every answer', () => {
  const questions = ['cables', 'contact', 'Hager', 'Oman', 'about', 'hello', '<script>alert(1)</script>', '', '   '];

  it('links only to the site routes, never to anything else', () => {
    for (const question of questions) {
      for (const [, path] of answer(question).matchAll(/\]\(([^)]*)\)/g)) {
        expect(path).toMatch(/^\/(home|about|management|certificates|our-projects|career-opportunities|contact-us|our-products(\/[A-Za-z0-9_]+){0,2})$/);
      }
    }
  });

  it('never echoes the question', () => {
    expect(answer('<script>alert(1)</script>')).not.toContain('<script>');
  });

  it('comes after the notice when the AI provider failed', () => {
    expect(fallbackReply('Hello')).toBe(`${FALLBACK_PREFIX}\n\nHello`);
    expect(FALLBACK_PREFIX).toBe("⚠️ AI service temporarily unavailable. Here's basic information:");
  });
});

describe('the site knowledge base', () => {
  const siteAnswer = createFallbackAnswerer(buildKnowledgeBase());

  it('answers a category question with links into the real catalogue', () => {
    const reply = siteAnswer('Do you sell cable glands?');
    expect(reply).toContain('[Industrial Cable Glands](/our-products/industrial_cable_glands)');
    expect(reply).toMatch(/\]\(\/our-products\/industrial_cable_glands\/[a-z0-9_]+\)/);
  });
});
