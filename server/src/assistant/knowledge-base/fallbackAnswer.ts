// The chat's answer when the AI provider cannot answer (no key, provider error, timeout): the spec's keyword
// branches, after a more specific answer when the question names a product, category, brand or branch we have.
// Links are written [text](path) and emphasis **text**: the chat widget renders exactly these two forms.
// Both editions: every answer has an English and an Arabic form (the same facts, from the knowledge base of
// the answer's language, with the links of that edition's pages); a question is understood in either language.
import type { BranchId } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { hasArabicLetters } from './arabicWords.js';
import type { KbCategory, KbLocation, KbProduct, KnowledgeBase } from './knowledgeBase.js';
import { buildMatchIndex, matchBranch, matchItem, mentions, type ItemMatch, type MatchIndex } from './matching.js';

export const FALLBACK_PREFIX = "⚠️ AI service temporarily unavailable. Here's basic information:";
/** The notice in Arabic. */
export const ARABIC_FALLBACK_PREFIX = '⚠️ خدمة الذكاء الاصطناعي غير متاحة مؤقتًا. إليك المعلومات الأساسية:';

/** Most products or categories listed in one answer. */
const MAX_LISTED = 5;

const link = (text: string, path: string): string => `[${text.replace(/[[\]]/g, '')}](${path})`;
const bullets = (lines: string[]): string => lines.map((line) => `• ${line}`).join('\n');

/** '200+' → 'أكثر من 200' (a figure of the knowledge base's stats, as an Arabic sentence says it). */
const arabicAtLeast = (figure: string): string => (figure.endsWith('+') ? `أكثر من ${figure.slice(0, -1)}` : figure);

/** The fixed words of the answers in one language; the facts come from that language's knowledge base. */
interface AnswerTexts {
  prefix: string;
  /** Joins the items of a list in a sentence. */
  comma: string;
  /** Joins the facts of a product line. */
  semicolon: string;
  /** Link texts of the site's pages, by menu id (the menu's own name when missing). */
  pages: Partial<Record<string, string>>;
  callToAction: (phone: string) => string;
  carryOne: string;
  carryMany: string;
  moreIn: (links: string) => string;
  brands: (names: string) => string;
  productsInclude: string;
  wholeRange: (link: string) => string;
  ranges: string;
  partnerBrand: (name: string, contact: string, phone: string) => string;
  distributorOf: (name: string, links: string) => string;
  productsOf: string;
  address: string;
  phone: string;
  fax: string;
  email: string;
  manager: string;
  branchTitle: (location: KbLocation) => string;
  directions: (link: string) => string;
  productRange: (kb: KnowledgeBase) => string;
  browseAll: (link: string) => string;
  callForPrices: (phone: string) => string;
  reachUs: string;
  allBranches: (link: string) => string;
  offices: string;
  office: (location: KbLocation) => string;
  stats: (stats: KnowledgeBase['company']['stats']) => string;
  learnMore: (links: string) => string;
  foundedBy: (year: number, founder: string) => string;
  member: (name: string, position: string) => string;
  meetThem: (link: string) => string;
  seeThem: (link: string) => string;
  projectsInclude: (names: string) => string;
  more: (link: string) => string;
  lookingFor: (opening: string, requirements: string) => string;
  sendCv: (email: string, link: string) => string;
  brochure: (title: string, description: string, link: string) => string;
  allBrands: (names: string) => string;
  byCategory: (link: string) => string;
  generic: (products: string, home: string) => string;
  askMore: (phone: string) => string;
}

const ENGLISH: AnswerTexts = {
  prefix: FALLBACK_PREFIX,
  comma: ', ',
  semicolon: '; ',
  pages: {
    contact: 'Contact Us',
    products: 'Our Products',
    about: 'About Us',
    management: 'Our Team',
    certificates: 'Certificates',
    projects: 'Our Projects',
    home: 'Home',
  },
  callToAction: (phone) => `For prices and availability call **${phone}** or use 'Send Inquiry'.`,
  carryOne: 'Yes, we carry it:',
  carryMany: 'Here is what we carry:',
  moreIn: (links) => `More in ${links}.`,
  brands: (names) => `Brands: ${names}.`,
  productsInclude: 'Products include:',
  wholeRange: (range) => `See the whole range: ${range}`,
  ranges: 'We carry these ranges:',
  partnerBrand: (name, contact, phone) =>
    `**${name}** is one of our partner brands. Ask us about the products you need: ${contact} or call **${phone}**.`,
  distributorOf: (name, links) => `We are authorised distributors of **${name}**: ${links}.`,
  productsOf: 'Products:',
  address: 'Address',
  phone: 'Phone',
  fax: 'Fax',
  email: 'E-mail',
  manager: 'Manager',
  branchTitle: (l) => `**${l.name}** (${l.type}, ${l.country})`,
  directions: (contact) => `Maps and directions: ${contact}`,
  productRange: (kb) =>
    `We supply ${kb.company.stats.products} products from ${kb.company.stats.suppliers} global suppliers in ${kb.productCategories.length} categories: ` +
    `${kb.productCategories.map((c) => c.title).join(', ')}.`,
  browseAll: (products) => `Browse them all: ${products}`,
  callForPrices: (phone) => `Call us on **${phone}** for prices and availability.`,
  reachUs: 'You can reach us at:',
  allBranches: (contact) => `All branches and a message form: ${contact}`,
  offices: 'Our offices:',
  office: (l) => `**${l.name}** (${l.type}): ${l.address}`,
  stats: (s) =>
    `${s.customers} customers in ${s.countries} countries, ${s.products} products from ${s.suppliers} global suppliers, ${s.experience} of experience.`,
  learnMore: (links) => `Learn more: ${links}`,
  foundedBy: (year, founder) => `Our company was founded in ${year} by **${founder}**. Our team:`,
  member: (name, position) => `**${name}**, ${position}`,
  meetThem: (team) => `Meet them: ${team}`,
  seeThem: (certificates) => `See them: ${certificates}`,
  projectsInclude: (names) => `Projects we supplied include ${names}.`,
  more: (projects) => `More: ${projects}`,
  lookingFor: (opening, requirements) => `We are looking for a **${opening}**: ${requirements}.`,
  sendCv: (email, careers) => `Send your CV to **${email}**. Details: ${careers}`,
  brochure: (title, description, products) =>
    `Our **${title}**: ${description} Product datasheets are on each product's page in ${products}.`,
  allBrands: (names) => `We are authorised distributors of leading global brands: ${names}.`,
  byCategory: (products) => `Browse by category: ${products}`,
  generic: (products, home) =>
    `I can help you with our products, brands, branches and company. Browse ${products} or start from our ${home} page.`,
  askMore: (phone) => `You can also ask me about a product, a brand or a branch, or call **${phone}**.`,
};

const ARABIC: AnswerTexts = {
  prefix: ARABIC_FALLBACK_PREFIX,
  comma: '، ',
  semicolon: '؛ ',
  pages: {
    contact: 'اتصل بنا',
    products: 'منتجاتنا',
    about: 'من نحن',
    management: 'فريقنا',
    certificates: 'الشهادات',
    projects: 'مشاريعنا',
    home: 'الصفحة الرئيسية',
  },
  callToAction: (phone) => `للاستفسار عن الأسعار والتوافر، اتصل بنا على **${phone}** أو استخدم زر «إرسال استفسار».`,
  carryOne: 'نعم، هذا المنتج متوفر لدينا:',
  carryMany: 'إليك ما نوفّره:',
  moreIn: (links) => `المزيد في ${links}.`,
  brands: (names) => `العلامات التجارية: ${names}.`,
  productsInclude: 'من منتجات هذه الفئة:',
  wholeRange: (range) => `تصفّح الفئة كاملة: ${range}`,
  ranges: 'نوفّر الفئات التالية:',
  partnerBrand: (name, contact, phone) =>
    `**${name}** من العلامات التجارية الشريكة لنا. اسألنا عن المنتجات التي تحتاجها عبر ${contact} أو اتصل بنا على **${phone}**.`,
  distributorOf: (name, links) => `نحن موزّعون معتمدون لمنتجات **${name}**: ${links}.`,
  productsOf: 'المنتجات:',
  address: 'العنوان',
  phone: 'الهاتف',
  fax: 'الفاكس',
  email: 'البريد الإلكتروني',
  manager: 'المسؤول',
  branchTitle: (l) => `**${l.name}** (${l.type}، ${l.country})`,
  directions: (contact) => `الخرائط والاتجاهات: ${contact}`,
  productRange: (kb) =>
    `نورّد ${arabicAtLeast(kb.company.stats.products)} منتج من ${arabicAtLeast(kb.company.stats.suppliers)} مورّد عالمي ضمن ` +
    `${kb.productCategories.length} فئة: ${kb.productCategories.map((c) => c.title).join('، ')}.`,
  browseAll: (products) => `تصفّحها جميعًا: ${products}`,
  callForPrices: (phone) => `اتصل بنا على **${phone}** للاستفسار عن الأسعار والتوافر.`,
  reachUs: 'يمكنك التواصل معنا عبر:',
  allBranches: (contact) => `جميع الفروع ونموذج المراسلة: ${contact}`,
  offices: 'مكاتبنا:',
  office: (l) => `**${l.name}** (${l.type}): ${l.address}`,
  stats: (s) =>
    `${arabicAtLeast(s.customers)} عميل في ${arabicAtLeast(s.countries)} دول، و${arabicAtLeast(s.products)} منتج من ` +
    `${arabicAtLeast(s.suppliers)} مورّد عالمي، وخبرة تمتد إلى ${s.experience}.`,
  learnMore: (links) => `لمعرفة المزيد: ${links}`,
  foundedBy: (year, founder) => `تأسست شركتنا عام ${year} على يد **${founder}**. فريقنا:`,
  member: (name, position) => `**${name}**، ${position}`,
  meetThem: (team) => `تعرّف على فريقنا: ${team}`,
  seeThem: (certificates) => `اطّلع عليها: ${certificates}`,
  projectsInclude: (names) => `من المشاريع التي ورّدنا لها: ${names}.`,
  more: (projects) => `المزيد: ${projects}`,
  lookingFor: (opening, requirements) => `نبحث عن **${opening}**: ${requirements}.`,
  sendCv: (email, careers) => `أرسل سيرتك الذاتية إلى **${email}**. التفاصيل: ${careers}`,
  brochure: (title, description, products) =>
    `**${title}** (ملف PDF باللغة الإنجليزية): ${description} وتتوفر أوراق البيانات الفنية في صفحة كل منتج ضمن ${products}.`,
  allBrands: (names) => `نحن موزّعون معتمدون لكبرى العلامات التجارية العالمية: ${names}.`,
  byCategory: (products) => `تصفّح المنتجات حسب الفئة: ${products}`,
  generic: (products, home) =>
    `يسعدني مساعدتك في كل ما يتعلق بمنتجاتنا وعلاماتنا التجارية وفروعنا وشركتنا. تصفّح ${products} أو ابدأ من ${home}.`,
  askMore: (phone) => `يمكنك أيضًا أن تسألني عن منتج أو علامة تجارية أو فرع، أو الاتصال بنا على **${phone}**.`,
};

const TEXTS: Readonly<Record<Locale, AnswerTexts>> = { en: ENGLISH, ar: ARABIC };

/** What one answer is written from: the knowledge base and the fixed words of its language. */
interface Answering {
  kb: KnowledgeBase;
  t: AnswerTexts;
}

/** A link to one of the site's pages, by its menu id ('contact', 'products'...), with the answer's name for it. */
function pageLink({ kb, t }: Answering, id: string, named = true): string {
  const page = kb.websitePages.find((p) => p.id === id);
  return page ? link((named ? t.pages[id] : undefined) ?? page.name, page.path) : '';
}

const callToAction = ({ kb, t }: Answering): string => t.callToAction(kb.company.phones[0] ?? '');

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function productLine({ t }: Answering, { product }: { product: KbProduct }): string {
  const facts = [product.company.join(t.comma), ...product.specs.slice(0, 2)].filter(Boolean).join(t.semicolon);
  return `${link(product.name, product.path)}${facts ? ` — ${facts}` : ''}`;
}

function answerProducts(a: Answering, products: { product: KbProduct; category: KbCategory }[]): string {
  const shown = products.slice(0, MAX_LISTED);
  const categories = [...new Map(shown.map(({ category }) => [category.id, category])).values()];
  return [
    products.length === 1 ? a.t.carryOne : a.t.carryMany,
    bullets(shown.map((entry) => productLine(a, entry))),
    a.t.moreIn(categories.map((c) => link(c.title, c.path)).join(a.t.comma)),
    callToAction(a),
  ].join('\n\n');
}

function answerCategory(a: Answering, category: KbCategory): string {
  const { t } = a;
  const parts = [`**${category.title}**: ${category.description}`];
  if (category.detailedInfo) parts.push(category.detailedInfo);
  if (category.companies.length > 0) parts.push(t.brands(category.companies.join(t.comma)));
  if (category.productDetails.length > 0) {
    parts.push(
      `${t.productsInclude}\n${bullets(category.productDetails.slice(0, MAX_LISTED).map((p) => link(p.name, p.path)))}`,
    );
  }
  parts.push(t.wholeRange(link(category.title, category.path)), callToAction(a));
  return parts.join('\n\n');
}

function answerCategories(a: Answering, categories: KbCategory[]): string {
  if (categories.length === 1) return answerCategory(a, categories[0]!);
  return [
    a.t.ranges,
    bullets(categories.slice(0, MAX_LISTED).map((c) => `${link(c.title, c.path)} — ${firstSentence(c.description)}`)),
    callToAction(a),
  ].join('\n\n');
}

function answerBrand(a: Answering, name: string): string {
  const { kb, t } = a;
  const brand = kb.brands.find((b) => b.name === name);
  const products = kb.productCategories.flatMap((category) =>
    category.productDetails.filter((p) => p.company.includes(name)).map((product) => ({ product, category })),
  );
  if (!brand || brand.categories.length === 0)
    return t.partnerBrand(name, pageLink(a, 'contact'), kb.company.phones[0] ?? '');
  const parts = [t.distributorOf(name, brand.categories.map((c) => link(c.name, c.path)).join(t.comma))];
  if (products.length > 0)
    parts.push(`${t.productsOf}\n${bullets(products.slice(0, MAX_LISTED).map((entry) => productLine(a, entry)))}`);
  parts.push(callToAction(a));
  return parts.join('\n\n');
}

function locationLines(t: AnswerTexts, location: KbLocation): string[] {
  return [
    `${t.address}: ${location.address}`,
    `${t.phone}: ${location.phone}`,
    ...(location.fax ? [`${t.fax}: ${location.fax}`] : []),
    `${t.email}: ${location.email}`,
    ...(location.manager ? [`${t.manager}: ${location.manager}`] : []),
  ];
}

function answerBranch(a: Answering, id: BranchId): string {
  const location = a.kb.locations[id];
  return [
    a.t.branchTitle(location),
    locationLines(a.t, location).join('\n'),
    a.t.directions(pageLink(a, 'contact')),
  ].join('\n\n');
}

/** Phones of the branches that have a real number (the Saudi associate's is a placeholder). */
const reachableLocations = (kb: KnowledgeBase): KbLocation[] =>
  Object.values(kb.locations).filter((l) => !/X/.test(l.phone));

function answerProductRange(a: Answering): string {
  return [
    a.t.productRange(a.kb),
    a.t.browseAll(pageLink(a, 'products')),
    a.t.callForPrices(a.kb.company.phones[0] ?? ''),
  ].join('\n\n');
}

function answerContact(a: Answering): string {
  const { kb, t } = a;
  return [
    t.reachUs,
    bullets([
      ...reachableLocations(kb).map((l) => `${l.label}: **${l.phone}**`),
      `${t.email}: **${kb.company.email}**`,
    ]),
    t.allBranches(pageLink(a, 'contact')),
  ].join('\n\n');
}

function answerLocations(a: Answering): string {
  return [
    a.t.offices,
    bullets(Object.values(a.kb.locations).map(a.t.office)),
    a.t.directions(pageLink(a, 'contact')),
  ].join('\n\n');
}

function answerAbout(a: Answering): string {
  const { company } = a.kb;
  return [
    `**${company.tagline}.** ${firstSentence(company.about)}`,
    a.t.stats(company.stats),
    bullets(company.certifications),
    a.t.learnMore(`${pageLink(a, 'about')} · ${pageLink(a, 'management')}`),
  ].join('\n\n');
}

function answerTeam(a: Answering): string {
  const { kb, t } = a;
  return [
    t.foundedBy(kb.company.founded, kb.company.founder.name),
    bullets(kb.team.map((m) => t.member(m.name, m.position))),
    t.meetThem(pageLink(a, 'management')),
  ].join('\n\n');
}

function answerCertificates(a: Answering): string {
  return [bullets(a.kb.company.certifications), a.t.seeThem(pageLink(a, 'certificates'))].join('\n\n');
}

function answerProjects(a: Answering): string {
  const { projectExperience: experience } = a.kb;
  return [
    experience.summary,
    a.t.projectsInclude(experience.projects.join(a.t.comma)),
    a.t.more(pageLink(a, 'projects')),
  ].join('\n\n');
}

function answerCareers(a: Answering): string {
  const { careers } = a.kb;
  return [
    a.t.lookingFor(careers.opening, careers.requirements),
    a.t.sendCv(careers.email, pageLink(a, 'careers', false)),
  ].join('\n\n');
}

function answerBrochure(a: Answering): string {
  return a.t.brochure(a.kb.brochure.title, a.kb.brochure.description, pageLink(a, 'products'));
}

function answerBrands(a: Answering): string {
  return [a.t.allBrands(a.kb.brands.map((b) => b.name).join(a.t.comma)), a.t.byCategory(pageLink(a, 'products'))].join(
    '\n\n',
  );
}

function answerGeneric(a: Answering): string {
  return [a.t.generic(pageLink(a, 'products'), pageLink(a, 'home')), a.t.askMore(a.kb.company.phones[0] ?? '')].join(
    '\n\n',
  );
}

type Topic = { keywords: string[]; answer: (a: Answering) => string };

/** Topics beyond the spec's keyword branches, checked before them (they are more specific). Keywords in both languages. */
const TOPICS: Topic[] = [
  {
    keywords: [
      'brochure',
      'catalogue',
      'catalog',
      'pdf',
      'profile',
      'datasheet',
      'كتيب',
      'كتيّب',
      'بروشور',
      'كتالوج',
      'كاتالوج',
      'الملف التعريفي',
      'نشرة',
    ],
    answer: answerBrochure,
  },
  {
    keywords: [
      'career',
      'job',
      'vacancy',
      'hiring',
      'cv',
      'resume',
      'recruitment',
      'وظيفة',
      'وظائف',
      'شاغر',
      'شواغر',
      'توظيف',
      'تعيين',
      'سيرة',
    ],
    answer: answerCareers,
  },
  {
    keywords: [
      'project',
      'reference',
      'experience',
      'refinery',
      'مشروع',
      'مشاريع',
      'خبرة',
      'خبرات',
      'مرجع',
      'مراجع',
      'مصفاة',
      'مصافي',
    ],
    answer: answerProjects,
  },
  {
    keywords: [
      'certificate',
      'certification',
      'certified',
      'iso',
      'quality',
      'شهادة',
      'شهادات',
      'أيزو',
      'ايزو',
      'جودة',
      'معتمد',
      'معتمدة',
      'اعتماد',
    ],
    answer: answerCertificates,
  },
  {
    keywords: [
      'team',
      'management',
      'founder',
      'director',
      'chairman',
      'ceo',
      'owner',
      'manager',
      'فريق',
      'الإدارة',
      'مؤسس',
      'المؤسس',
      'مدير',
      'رئيس',
      'مالك',
      'أسس',
    ],
    answer: answerTeam,
  },
  {
    keywords: [
      'brand',
      'partner',
      'manufacturer',
      'distributor',
      'علامة',
      'علامات',
      'ماركة',
      'ماركات',
      'شريك',
      'شركاء',
      'مصنع',
      'مصنعين',
      'موزع',
      'وكيل',
      'وكلاء',
    ],
    answer: answerBrands,
  },
];

/** The spec's keyword branches, in its order. Keywords in both languages. */
const KEYWORD_BRANCHES: Topic[] = [
  {
    keywords: ['product', 'cable', 'plug', 'منتج', 'منتجات', 'كابل', 'كابلات', 'قابس', 'مقابس'],
    answer: answerProductRange,
  },
  {
    keywords: [
      'contact',
      'phone',
      'email',
      'mail',
      'call',
      'number',
      'telephone',
      'reach',
      'اتصال',
      'اتصل',
      'أتصل',
      'نتصل',
      'تواصل',
      'أتواصل',
      'نتواصل',
      'هاتف',
      'تليفون',
      'جوال',
      'رقم',
      'بريد',
      'إيميل',
      'ايميل',
    ],
    answer: answerContact,
  },
  {
    keywords: [
      'location',
      'office',
      'address',
      'where',
      'branch',
      'warehouse',
      'visit',
      'موقع',
      'مواقع',
      'مكتب',
      'مكاتب',
      'عنوان',
      'أين',
      'فرع',
      'فروع',
      'مستودع',
      'مستودعات',
      'زيارة',
    ],
    answer: answerLocations,
  },
  {
    keywords: ['about', 'company', 'history', 'founded', 'شركة', 'شركتكم', 'تاريخ', 'تأسست', 'تأسيس', 'نبذة', 'نحن'],
    answer: answerAbout,
  },
];

/** The same category or product in another knowledge base (the two editions have the same ids). */
function inKnowledgeBase(kb: KnowledgeBase, item: ItemMatch): ItemMatch {
  const category = (id: string): KbCategory => kb.productCategories.find((c) => c.id === id)!;
  if (item.kind === 'categories') return { kind: 'categories', categories: item.categories.map((c) => category(c.id)) };
  if (item.kind === 'products') {
    return {
      kind: 'products',
      products: item.products.map((entry) => {
        const inCategory = category(entry.category.id);
        return { category: inCategory, product: inCategory.productDetails.find((p) => p.id === entry.product.id)! };
      }),
    };
  }
  return item;
}

/** The language an answer is written in: the page's, or Arabic whenever the question is written in Arabic. */
export const answerLocale = (question: string, pageLocale: Locale = 'en'): Locale =>
  pageLocale === 'ar' || hasArabicLetters(question) ? 'ar' : 'en';

/**
 * Answers a question from the knowledge base alone, in `locale` (by default the question's language). Create it once
 * per knowledge base (it indexes the catalogue); the returned function is pure. `arabic` is the Arabic edition of `kb`
 * (buildKnowledgeBase(arabicKnowledgeBaseSources(…), 'ar')): an Arabic question is matched against its names, and an
 * Arabic answer written from it. Without it, answers are English.
 */
export function createFallbackAnswerer(
  kb: KnowledgeBase,
  arabic?: KnowledgeBase,
): (question: string, locale?: Locale) => string {
  const editions: Record<Locale, { kb: KnowledgeBase; index: MatchIndex }> = {
    en: { kb, index: buildMatchIndex(kb) },
    ar: arabic ? { kb: arabic, index: buildMatchIndex(arabic) } : { kb, index: buildMatchIndex(kb) },
  };
  return (question, locale = answerLocale(question)) => {
    const answerIn: Locale = arabic ? locale : 'en';
    const a: Answering = { kb: editions[answerIn].kb, t: TEXTS[answerIn] };
    // an Arabic question is matched against the Arabic names (with the Latin ones they keep: brands, codes)
    const found = matchItem(question, editions[hasArabicLetters(question) ? 'ar' : 'en'].index);
    const item = found && inKnowledgeBase(a.kb, found);
    if (item?.kind === 'products') return answerProducts(a, item.products);
    if (item?.kind === 'categories') return answerCategories(a, item.categories);
    if (item?.kind === 'brand') return answerBrand(a, item.brand);
    const branch = matchBranch(question);
    if (branch) return answerBranch(a, branch);
    const topic = [...TOPICS, ...KEYWORD_BRANCHES].find((t) => mentions(question, t.keywords));
    return (topic?.answer ?? answerGeneric)(a);
  };
}

/** The reply shown when the AI provider could not answer: the notice, then the knowledge base's answer (in its language). */
export const fallbackReply = (answer: string, locale: Locale = 'en'): string => `${TEXTS[locale].prefix}\n\n${answer}`;
