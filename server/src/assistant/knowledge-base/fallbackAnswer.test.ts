import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Product, ProductDetail } from '@site/content';
import {
  answerLocale,
  ARABIC_FALLBACK_PREFIX,
  arabicKnowledgeBaseSources,
  buildKnowledgeBase,
  createFallbackAnswerer,
  FALLBACK_PREFIX,
  fallbackReply,
  siteKnowledgeBaseSources,
} from './index.js';
import { stem, words } from './matching.js';

const includes = (text: string, part: string): void =>
  assert.ok(text.includes(part), `${JSON.stringify(part)} not in:\n${text}`);
const excludes = (text: string, part: string): void =>
  assert.ok(!text.includes(part), `${JSON.stringify(part)} in:\n${text}`);

// A small catalogue of our own, so that these tests do not move when the real catalogue grows.
const product = (
  id: string,
  productCategoryId: string,
  productCategory: string,
  productName: string,
  company: string,
): Product => ({
  id,
  productCategoryId,
  productCategory,
  productName,
  code: id.toUpperCase().replace(/_/g, '-'),
  image: 'gland_brass',
  company,
  popularity: 50,
  dateAdded: '2024-01-01',
  unit: 'piece',
});
const products: Product[] = [
  product(
    'hex_cw_gland',
    'industrial_cable_glands',
    'Industrial Cable Glands',
    'CW Brass Cable Gland for SWA Cable (IP66)',
    'Hex',
  ),
  product('hex_a2_gland', 'industrial_cable_glands', 'Industrial Cable Glands', 'A2 Brass Compression Gland', 'Hex'),
  product(
    'scotch_23_tape',
    'scotch_tapes_and_mastics',
    'Scotch Tapes and Mastics',
    '3M Scotch 23 Rubber Splicing Tape',
    '3M',
  ),
  product('coldshrink_joint', 'cable_jointing_kit', 'Cable Jointing Kit', '3M Cold Shrink Straight Joint, 1 kV', '3M'),
  product(
    'hager_rccb',
    'switchgear_accessories',
    'Switchgear Accessories',
    'Hager Residual Current Circuit Breaker (RCCB), 30 mA',
    'Hager',
  ),
  product(
    'legrand_trunking',
    'cable_management_system',
    'Cable Management System',
    'Legrand DLP PVC Trunking',
    'Legrand',
  ),
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
    assert.deepEqual(words('Do you have Cable Glands, 20 mm?'), ['cable', 'gland', 'mm']);
    assert.equal(stem('boxes'), 'box');
    assert.equal(stem('accessories'), 'accessory');
    assert.equal(stem('ties'), 'tie');
    assert.equal(stem('glass'), 'glass');
  });
});

describe('the spec keyword branches', () => {
  it('products: the range summary with the products page link and the phone', () => {
    const reply = answer('What products do you offer?');
    includes(reply, '[Our Products](/our-products)');
    includes(reply, PHONE);
    includes(reply, 'Industrial Cable Glands');
  });

  it('contact, phone or e-mail: the three branch phones, the general e-mail and the contact page', () => {
    for (const question of ['How can I contact you?', 'What is your phone number?', 'Can I send you an email?']) {
      const reply = answer(question);
      includes(reply, PHONE);
      includes(reply, '+968 2450 1230');
      includes(reply, '+973 1770 4120');
      excludes(reply, 'XX XXX');
      includes(reply, 'info@crescent-electrical.example');
      includes(reply, '[Contact Us](/contact-us)');
    }
  });

  it('location or office: the office list', () => {
    const reply = answer('Where are your offices located?');
    for (const name of ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']) includes(reply, `**${name}**`);
    includes(reply, 'Al Quoz');
  });

  it('about or company: the since-1995 summary with about and management links', () => {
    const reply = answer('Tell me about the company');
    includes(reply, 'since 1995');
    includes(reply, '[About Us](/about)');
    includes(reply, '[Our Team](/management)');
  });

  it('anything else: a generic offer with links to products and home', () => {
    const reply = answer('Good morning!');
    includes(reply, '[Our Products](/our-products)');
    includes(reply, '[Home](/home)');
  });
});

describe('named items come first', () => {
  it('a category: its description, brands, products and link', () => {
    const reply = answer('Do you have cable glands?');
    assert.match(reply, /^\*\*Industrial Cable Glands\*\*/);
    includes(reply, 'Brands: Hex.');
    includes(reply, '[CW Brass Cable Gland for SWA Cable (IP66)](/our-products/industrial_cable_glands/hex_cw_gland)');
    includes(reply, '[Industrial Cable Glands](/our-products/industrial_cable_glands)');
  });

  it('one word of a category title that is not a mere modifier names it; a modifier alone does not', () => {
    includes(answer('fans'), '[Industrial Fans](/our-products/industrial_fans)');
    assert.match(answer('cables please'), /^\*\*Cables\*\*/);
    excludes(answer('industrial'), '/our-products/industrial_');
  });

  it('a word several categories share lists them all', () => {
    const reply = answer('conduits');
    includes(reply, '[PVC Conduits](/our-products/pvc_conduits)');
    includes(reply, '[Flexible/Rigid Conduit and Accessories](/our-products/flexiblerigid_conduit_and_accessories)');
  });

  it("a word only one category's products use names that category", () => {
    assert.match(answer('Do you stock trunking?'), /^\*\*Cable Management System\*\*/);
  });

  it('a product named more closely than any category: that product with its link', () => {
    const reply = answer('3M rubber splicing tape');
    includes(reply, '[3M Scotch 23 Rubber Splicing Tape](/our-products/scotch_tapes_and_mastics/scotch_23_tape)');
    excludes(reply, 'Cold Shrink');
  });

  it('a rare product word: the products that use it', () => {
    includes(answer('RCCB'), '(/our-products/switchgear_accessories/hager_rccb)');
  });

  it('a brand: the categories and products we carry of it', () => {
    const reply = answer('Are you a Hager distributor?');
    includes(reply, '**Hager**');
    includes(reply, '[Switchgear Accessories](/our-products/switchgear_accessories)');
    includes(reply, '/our-products/switchgear_accessories/hager_rccb');
  });

  it('a partner brand we list no products of: a pointer to the contact page', () => {
    includes(answer('Simplex'), '[Contact Us](/contact-us)');
  });

  it('a branch: its address, phone, e-mail and manager', () => {
    const reply = answer('What is the address of the Muscat office?');
    includes(reply, '**Oman**');
    includes(reply, 'Ghala Industrial Area');
    includes(reply, 'oman@crescent-electrical.example');
    includes(reply, 'Salim Al Rawahi');
  });
});

describe('other topics', () => {
  for (const [question, fact, pageLink] of [
    ['Who founded the company? I mean the founder', 'Khalid Al Suwaidi', '[Our Team](/management)'],
    ['Are you ISO certified?', 'ISO 9001:2008', '[Certificates](/certificates)'],
    ['Which projects have you supplied?', 'Palm Jumeirah', '[Our Projects](/our-projects)'],
    ['Any job vacancy?', 'Oil & Gas', '[Career Opportunities](/career-opportunities)'],
    ['Where can I get your brochure?', 'Catalogue and Company Profile', '[Our Products](/our-products)'],
  ] as const) {
    it(question, () => {
      const reply = answer(question);
      includes(reply, fact);
      includes(reply, pageLink);
    });
  }
});

describe('every answer', () => {
  const questions = ['cables', 'contact', 'Hager', 'Oman', 'about', 'hello', '<script>alert(1)</script>', '', '   '];

  it('links only to the site routes, never to anything else', () => {
    for (const question of questions) {
      for (const [, path] of answer(question).matchAll(/\]\(([^)]*)\)/g)) {
        assert.match(
          path ?? '',
          /^\/(home|about|management|certificates|our-projects|career-opportunities|contact-us|our-products(\/[A-Za-z0-9_]+){0,2})$/,
        );
      }
    }
  });

  it('never echoes the question', () => {
    excludes(answer('<script>alert(1)</script>'), '<script>');
  });

  it('comes after the notice when the AI provider failed', () => {
    assert.equal(fallbackReply('Hello'), `${FALLBACK_PREFIX}\n\nHello`);
    assert.equal(FALLBACK_PREFIX, "⚠️ AI service temporarily unavailable. Here's basic information:");
  });
});

describe('the site knowledge base', () => {
  const siteAnswer = createFallbackAnswerer(buildKnowledgeBase());

  it('answers a category question with links into the real catalogue', () => {
    const reply = siteAnswer('Do you sell cable glands?');
    includes(reply, '[Industrial Cable Glands](/our-products/industrial_cable_glands)');
    assert.match(reply, /\]\(\/our-products\/industrial_cable_glands\/[a-z0-9_]+\)/);
  });
});

describe('in Arabic', () => {
  const arabicKb = buildKnowledgeBase(
    arabicKnowledgeBaseSources({ ...siteKnowledgeBaseSources(), products, productDetails: details }),
    'ar',
  );
  const answerIn = createFallbackAnswerer(kb, arabicKb);
  /** Words of the English answers' fixed sentences: none may be left in an Arabic answer. */
  const ENGLISH_SENTENCE =
    /\b(For prices|Yes, we|Here is|More in|Brands:|Products|See the|We (are|supply|carry)|You can|Address|Phone|Fax|E-mail|Manager|Maps and|Browse|Call us|Learn more|Our |Meet them|See them|Send your|Details|I can help)\b/;
  const ARABIC_SITE_LINK =
    /^\/ar\/(home|about|management|certificates|our-projects|career-opportunities|contact-us|our-products(\/[A-Za-z0-9_]+){0,2})$/;

  it('words: Arabic is normalised and light-stemmed, question words left out', () => {
    assert.deepEqual(words('هل لديكم جلب الكابلات؟'), ['جلب', 'كابل']);
    assert.deepEqual(words('ما هي منتجاتكم؟'), ['منتج']);
    assert.deepEqual(words('أسلاك'), words('الاسلاك'));
    assert.deepEqual(words('Hager لديكم؟'), ['hager']);
  });

  it('an Arabic question is answered in Arabic, with the Arabic names and the links of the Arabic pages', () => {
    const reply = answerIn('هل لديكم جلب كابلات؟');
    assert.match(reply, /^\*\*جلب الكابلات الصناعية\*\*: /);
    includes(reply, 'العلامات التجارية: Hex.');
    includes(reply, '(/ar/our-products/industrial_cable_glands/hex_cw_gland)');
    includes(reply, 'تصفّح الفئة كاملة: [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)');
    includes(reply, `اتصل بنا على **${PHONE}** أو استخدم زر «إرسال استفسار».`);
  });

  it('on an Arabic page an English question is answered in Arabic too; on an English page the answer is as before', () => {
    assert.match(answerIn('Do you have cable glands?', 'ar'), /^\*\*جلب الكابلات الصناعية\*\*/);
    assert.equal(answerIn('Do you have cable glands?', 'en'), answer('Do you have cable glands?'));
    assert.equal(answerIn('Do you have cable glands?'), answer('Do you have cable glands?'));
  });

  for (const [topic, question, fact, pageLink] of [
    ['products', 'ما هي منتجاتكم؟', 'أكثر من 200 منتج', '[منتجاتنا](/ar/our-products)'],
    ['contact', 'كيف أتواصل معكم؟', '+968 2450 1230', '[اتصل بنا](/ar/contact-us)'],
    ['phone', 'ما رقم هاتفكم؟', 'info@crescent-electrical.example', '[اتصل بنا](/ar/contact-us)'],
    ['offices', 'أين تقع مكاتبكم؟', '**البحرين** (مستودع)', '[اتصل بنا](/ar/contact-us)'],
    ['about', 'حدثني عن الشركة', 'منذ 1995', '[من نحن](/ar/about) · [فريقنا](/ar/management)'],
    ['a branch', 'ما عنوان مكتب مسقط؟', 'سالم الرواحي', '[اتصل بنا](/ar/contact-us)'],
    ['the founder', 'من هو مؤسس الشركة؟', '**خالد السويدي**', '[فريقنا](/ar/management)'],
    ['certificates', 'هل أنتم معتمدون بشهادة الأيزو؟', 'ISO 9001:2008', '[الشهادات](/ar/certificates)'],
    ['projects', 'ما المشاريع التي ورّدتم لها؟', 'نخلة جميرا', '[مشاريعنا](/ar/our-projects)'],
    ['careers', 'هل لديكم وظائف شاغرة؟', 'النفط والغاز', '[الوظائف الشاغرة](/ar/career-opportunities)'],
    ['the brochure', 'أين أجد الكتيّب؟', 'باللغة الإنجليزية', '[منتجاتنا](/ar/our-products)'],
    ['brands', 'ما العلامات التجارية التي توزعونها؟', 'Schneider', '[منتجاتنا](/ar/our-products)'],
    [
      'a brand',
      'هل أنتم وكلاء Hager؟',
      '**Hager**',
      '[ملحقات لوحات المفاتيح الكهربائية](/ar/our-products/switchgear_accessories)',
    ],
    ['a partner brand', 'هل تتعاملون مع Simplex؟', '**Simplex**', '[اتصل بنا](/ar/contact-us)'],
    ['a rare product word', 'هل يتوفر لديكم RCCB؟', 'Hager', '(/ar/our-products/switchgear_accessories/hager_rccb)'],
    [
      'a category word',
      'هل تبيعون المراوح الصناعية؟',
      '**المراوح الصناعية**',
      '[المراوح الصناعية](/ar/our-products/industrial_fans)',
    ],
    ['several categories', 'مواسير', '—', '[مواسير PVC](/ar/our-products/pvc_conduits)'],
    ['anything else', 'صباح الخير', 'يسعدني مساعدتك', '[الصفحة الرئيسية](/ar/home)'],
  ] as const) {
    it(`${topic}: ${question}`, () => {
      const reply = answerIn(question);
      includes(reply, fact);
      includes(reply, pageLink);
      assert.doesNotMatch(reply, ENGLISH_SENTENCE);
    });
  }

  it('every Arabic answer links only to the Arabic pages of the site', () => {
    for (const question of [
      'كابلات',
      'اتصل',
      'وكلاء Hager',
      'عمان',
      'عن الشركة',
      'مرحبا',
      '<script>تنبيه</script>',
      'ما هي منتجاتكم؟',
    ]) {
      for (const [, path] of answerIn(question).matchAll(/\]\(([^)]*)\)/g))
        assert.match(path ?? '', ARABIC_SITE_LINK, question);
    }
    for (const [, path] of answerIn('cables', 'ar').matchAll(/\]\(([^)]*)\)/g))
      assert.match(path ?? '', ARABIC_SITE_LINK);
  });

  it('comes after the Arabic notice when the AI provider failed', () => {
    assert.equal(fallbackReply('مرحبًا', 'ar'), `${ARABIC_FALLBACK_PREFIX}\n\nمرحبًا`);
    assert.equal(fallbackReply('Hello', 'en'), `${FALLBACK_PREFIX}\n\nHello`);
  });

  it('is in the language of the page, or Arabic when the question is in Arabic', () => {
    assert.equal(answerLocale('Do you sell cables?'), 'en');
    assert.equal(answerLocale('Do you sell cables?', 'ar'), 'ar');
    assert.equal(answerLocale('هل تبيعون الكابلات؟', 'en'), 'ar');
  });

  it('the site knowledge base answers an Arabic question with links into the real Arabic catalogue', () => {
    const site = createFallbackAnswerer(buildKnowledgeBase(), buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar'));
    const reply = site('هل تبيعون جلب الكابلات؟');
    includes(reply, '[جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)');
    assert.match(reply, /\]\(\/ar\/our-products\/industrial_cable_glands\/[a-z0-9_]+\)/);
    assert.doesNotMatch(reply, ENGLISH_SENTENCE);
  });
});
