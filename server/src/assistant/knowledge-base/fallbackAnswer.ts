// The chat's answer when the AI provider cannot answer (no key, provider error, timeout): the spec's keyword
// branches, after a more specific answer when the question names a product, category, brand or branch we have.
// Links are written [text](path) and emphasis **text**: the chat widget renders exactly these two forms.
import type { BranchId } from '@site/content';
import type { KbCategory, KbLocation, KbProduct, KnowledgeBase } from './knowledgeBase.js';
import { buildMatchIndex, matchBranch, matchItem, mentions, type MatchIndex } from './matching.js';

export const FALLBACK_PREFIX = "⚠️ AI service temporarily unavailable. Here's basic information:";

/** Most products or categories listed in one answer. */
const MAX_LISTED = 5;

const link = (text: string, path: string): string => `[${text.replace(/[[\]]/g, '')}](${path})`;
const bullets = (lines: string[]): string => lines.map((line) => `• ${line}`).join('\n');
/** A link to one of the site's pages, by its menu id ('contact', 'products'...). */
function pageLink(kb: KnowledgeBase, id: string, text?: string): string {
  const page = kb.websitePages.find((p) => p.id === id);
  return page ? link(text ?? page.name, page.path) : '';
}

function callToAction(kb: KnowledgeBase): string {
  return `For prices and availability call **${kb.company.phones[0]}** or use 'Send Inquiry'.`;
}

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function productLine({ product }: { product: KbProduct }): string {
  const facts = [product.company.join(', '), ...product.specs.slice(0, 2)].filter(Boolean).join('; ');
  return `${link(product.name, product.path)}${facts ? ` — ${facts}` : ''}`;
}

function answerProducts(kb: KnowledgeBase, products: { product: KbProduct; category: KbCategory }[]): string {
  const shown = products.slice(0, MAX_LISTED);
  const categories = [...new Map(shown.map(({ category }) => [category.id, category])).values()];
  return [
    products.length === 1 ? 'Yes, we carry it:' : 'Here is what we carry:',
    bullets(shown.map(productLine)),
    `More in ${categories.map((c) => link(c.title, c.path)).join(', ')}.`,
    callToAction(kb),
  ].join('\n\n');
}

function answerCategory(kb: KnowledgeBase, category: KbCategory): string {
  const parts = [`**${category.title}**: ${category.description}`];
  if (category.detailedInfo) parts.push(category.detailedInfo);
  if (category.companies.length > 0) parts.push(`Brands: ${category.companies.join(', ')}.`);
  if (category.productDetails.length > 0) {
    parts.push(`Products include:\n${bullets(category.productDetails.slice(0, MAX_LISTED).map((p) => link(p.name, p.path)))}`);
  }
  parts.push(`See the whole range: ${link(category.title, category.path)}`, callToAction(kb));
  return parts.join('\n\n');
}

function answerCategories(kb: KnowledgeBase, categories: KbCategory[]): string {
  if (categories.length === 1) return answerCategory(kb, categories[0]!);
  return [
    'We carry these ranges:',
    bullets(categories.slice(0, MAX_LISTED).map((c) => `${link(c.title, c.path)} — ${firstSentence(c.description)}`)),
    callToAction(kb),
  ].join('\n\n');
}

function answerBrand(kb: KnowledgeBase, name: string): string {
  const brand = kb.brands.find((b) => b.name === name);
  const products = kb.productCategories.flatMap((category) =>
    category.productDetails.filter((p) => p.company.includes(name)).map((product) => ({ product, category })),
  );
  if (!brand || brand.categories.length === 0) {
    return `**${name}** is one of our partner brands. Ask us about the products you need: ${pageLink(kb, 'contact', 'Contact Us')} or call **${kb.company.phones[0]}**.`;
  }
  const parts = [`We are authorised distributors of **${name}**: ${brand.categories.map((c) => link(c.name, c.path)).join(', ')}.`];
  if (products.length > 0) parts.push(`Products:\n${bullets(products.slice(0, MAX_LISTED).map(productLine))}`);
  parts.push(callToAction(kb));
  return parts.join('\n\n');
}

function locationLines(location: KbLocation): string[] {
  return [
    `Address: ${location.address}`,
    `Phone: ${location.phone}`,
    ...(location.fax ? [`Fax: ${location.fax}`] : []),
    `E-mail: ${location.email}`,
    ...(location.manager ? [`Manager: ${location.manager}`] : []),
  ];
}

function answerBranch(kb: KnowledgeBase, id: BranchId): string {
  const location = kb.locations[id];
  return [
    `**${location.name}** (${location.type}, ${location.country})`,
    locationLines(location).join('\n'),
    `Maps and directions: ${pageLink(kb, 'contact', 'Contact Us')}`,
  ].join('\n\n');
}

/** Phones of the branches that have a real number (the Saudi associate's is a placeholder). */
const reachableLocations = (kb: KnowledgeBase): KbLocation[] => Object.values(kb.locations).filter((l) => !/X/.test(l.phone));

function answerProductRange(kb: KnowledgeBase): string {
  const { stats } = kb.company;
  return [
    `We supply ${stats.products} products from ${stats.suppliers} global suppliers in ${kb.productCategories.length} categories: ` +
      `${kb.productCategories.map((c) => c.title).join(', ')}.`,
    `Browse them all: ${pageLink(kb, 'products', 'Our Products')}`,
    `Call us on **${kb.company.phones[0]}** for prices and availability.`,
  ].join('\n\n');
}

function answerContact(kb: KnowledgeBase): string {
  return [
    'You can reach us at:',
    bullets([
      ...reachableLocations(kb).map((l) => `${l.label}: **${l.phone}**`),
      `E-mail: **${kb.company.email}**`,
    ]),
    `All branches and a message form: ${pageLink(kb, 'contact', 'Contact Us')}`,
  ].join('\n\n');
}

function answerLocations(kb: KnowledgeBase): string {
  return [
    'Our offices:',
    bullets(Object.values(kb.locations).map((l) => `**${l.name}** (${l.type}): ${l.address}`)),
    `Maps and directions: ${pageLink(kb, 'contact', 'Contact Us')}`,
  ].join('\n\n');
}

function answerAbout(kb: KnowledgeBase): string {
  const { company } = kb;
  return [
    `**${company.tagline}.** ${firstSentence(company.about)}`,
    `${company.stats.customers} customers in ${company.stats.countries} countries, ${company.stats.products} products from ` +
      `${company.stats.suppliers} global suppliers, ${company.stats.experience} of experience.`,
    bullets(company.certifications),
    `Learn more: ${pageLink(kb, 'about', 'About Us')} · ${pageLink(kb, 'management', 'Our Team')}`,
  ].join('\n\n');
}

function answerTeam(kb: KnowledgeBase): string {
  return [
    `Our company was founded in ${kb.company.founded} by **${kb.company.founder.name}**. Our team:`,
    bullets(kb.team.map((m) => `**${m.name}**, ${m.position}`)),
    `Meet them: ${pageLink(kb, 'management', 'Our Team')}`,
  ].join('\n\n');
}

function answerCertificates(kb: KnowledgeBase): string {
  return [bullets(kb.company.certifications), `See them: ${pageLink(kb, 'certificates', 'Certificates')}`].join('\n\n');
}

function answerProjects(kb: KnowledgeBase): string {
  const { projectExperience: experience } = kb;
  return [
    experience.summary,
    `Projects we supplied include ${experience.projects.join(', ')}.`,
    `More: ${pageLink(kb, 'projects', 'Our Projects')}`,
  ].join('\n\n');
}

function answerCareers(kb: KnowledgeBase): string {
  const { careers } = kb;
  return [
    `We are looking for a **${careers.opening}**: ${careers.requirements}.`,
    `Send your CV to **${careers.email}**. Details: ${pageLink(kb, 'careers')}`,
  ].join('\n\n');
}

function answerBrochure(kb: KnowledgeBase): string {
  return `Our **${kb.brochure.title}**: ${kb.brochure.description} Product datasheets are on each product's page in ${pageLink(kb, 'products', 'Our Products')}.`;
}

function answerBrands(kb: KnowledgeBase): string {
  return [
    `We are authorised distributors of leading global brands: ${kb.brands.map((b) => b.name).join(', ')}.`,
    `Browse by category: ${pageLink(kb, 'products', 'Our Products')}`,
  ].join('\n\n');
}

function answerGeneric(kb: KnowledgeBase): string {
  return [
    `I can help you with our products, brands, branches and company. Browse ${pageLink(kb, 'products', 'Our Products')} ` +
      `or start from our ${pageLink(kb, 'home', 'Home')} page.`,
    `You can also ask me about a product, a brand or a branch, or call **${kb.company.phones[0]}**.`,
  ].join('\n\n');
}

/** Topics beyond the spec's keyword branches, checked before them (they are more specific). */
const TOPICS: { keywords: string[]; answer: (kb: KnowledgeBase) => string }[] = [
  { keywords: ['brochure', 'catalogue', 'catalog', 'pdf', 'profile', 'datasheet'], answer: answerBrochure },
  { keywords: ['career', 'job', 'vacancy', 'hiring', 'cv', 'resume', 'recruitment'], answer: answerCareers },
  { keywords: ['project', 'reference', 'experience', 'refinery'], answer: answerProjects },
  { keywords: ['certificate', 'certification', 'certified', 'iso', 'quality'], answer: answerCertificates },
  { keywords: ['team', 'management', 'founder', 'director', 'chairman', 'ceo', 'owner', 'manager'], answer: answerTeam },
  { keywords: ['brand', 'partner', 'manufacturer', 'distributor'], answer: answerBrands },
];

/** The spec's keyword branches, in its order. */
const KEYWORD_BRANCHES: { keywords: string[]; answer: (kb: KnowledgeBase) => string }[] = [
  { keywords: ['product', 'cable', 'plug'], answer: answerProductRange },
  { keywords: ['contact', 'phone', 'email', 'mail', 'call', 'number', 'telephone', 'reach'], answer: answerContact },
  { keywords: ['location', 'office', 'address', 'where', 'branch', 'warehouse', 'visit'], answer: answerLocations },
  { keywords: ['about', 'company', 'history', 'founded'], answer: answerAbout },
];

/**
 * Answers a question from the knowledge base alone. Create it once per knowledge base (it indexes the catalogue);
 * the returned function is pure.
 */
export function createFallbackAnswerer(kb: KnowledgeBase): (question: string) => string {
  const index: MatchIndex = buildMatchIndex(kb);
  return (question) => {
    const item = matchItem(question, index);
    if (item?.kind === 'products') return answerProducts(kb, item.products);
    if (item?.kind === 'categories') return answerCategories(kb, item.categories);
    if (item?.kind === 'brand') return answerBrand(kb, item.brand);
    const branch = matchBranch(question);
    if (branch) return answerBranch(kb, branch);
    const topic = [...TOPICS, ...KEYWORD_BRANCHES].find((t) => mentions(question, t.keywords));
    return (topic?.answer ?? answerGeneric)(kb);
  };
}

/** The reply shown when the AI provider could not answer: the notice, then the knowledge base's answer. */
export const fallbackReply = (answer: string): string => `${FALLBACK_PREFIX}\n\n${answer}`;
