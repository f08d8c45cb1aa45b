// Every kind of page of the site in both editions, and how a spec reads what the server drew for it from a plain
// request's HTML (no browser): the deployment and release specs check the same pages the same way.
import { localizedPath } from '@site/contracts/locale';
import { productPath } from '@site/contracts/paths';
import { expect } from './fixtures';

export const PRODUCT_PATH = productPath('industrial_cable_glands', 'hex_cw_brass_cable_gland');
export const PRODUCT = {
  en: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)',
  ar: 'جلبة كابل CW من النحاس الأصفر لكابلات SWA، للاستخدام الداخلي/الخارجي (IP66)',
};

/** A kind of page: its address, its heading, a text of its content (the data it starts from, when it has any). */
export interface DrawnPage {
  path: string;
  heading: string;
  text?: string;
  /** Drawn by the catalogue remote (the one a catalogue release changes). */
  catalogue?: true;
}

/** Each kind of page, in English and under /ar. */
export const EVERY_KIND_OF_PAGE: readonly DrawnPage[] = [
  { path: '/home', heading: 'Electrical Products & Industrial Solutions' },
  { path: '/about', heading: 'About Us' },
  { path: '/management', heading: 'Management' },
  { path: '/certificates', heading: 'Certificates' },
  { path: '/our-projects', heading: 'Our Projects' },
  { path: '/career-opportunities', heading: 'Career Opportunities' },
  { path: '/contact-us', heading: 'Contact Us', text: 'Send us a message' },
  { path: '/our-products', heading: 'Our Products', text: 'Industrial Cable Glands', catalogue: true },
  {
    path: '/our-products/industrial_cable_glands',
    heading: 'Industrial Cable Glands',
    text: PRODUCT.en,
    catalogue: true,
  },
  { path: PRODUCT_PATH, heading: 'Product Details', text: PRODUCT.en, catalogue: true },
  { path: '/search?q=gland', heading: 'Search results', text: PRODUCT.en, catalogue: true },
  { path: '/ar/home', heading: 'المنتجات الكهربائية والحلول الصناعية' },
  { path: '/ar/about', heading: 'من نحن' },
  { path: '/ar/contact-us', heading: 'اتصل بنا', text: 'أرسل لنا رسالة' },
  { path: '/ar/our-products', heading: 'منتجاتنا', text: 'جلب الكابلات الصناعية', catalogue: true },
  {
    path: '/ar/our-products/industrial_cable_glands',
    heading: 'جلب الكابلات الصناعية',
    text: PRODUCT.ar,
    catalogue: true,
  },
  { path: localizedPath('ar', PRODUCT_PATH), heading: 'تفاصيل المنتج', text: PRODUCT.ar, catalogue: true },
  { path: '/ar/search?q=gland', heading: 'نتائج البحث', text: PRODUCT.ar, catalogue: true },
];

/** The catalogue's kinds of page (category list, listing, product, search), in both editions. */
export const CATALOGUE_PAGES: readonly DrawnPage[] = EVERY_KIND_OF_PAGE.filter((page) => page.catalogue === true);

/** What the server drew inside <div id="root"> (the no-script sentence follows it), as text. */
export function drawnText(html: string): { headings: string[]; text: string } {
  const start = html.search(/<div id="?root"?>/);
  const end = html.indexOf('<noscript', start);
  const root = start === -1 ? '' : html.slice(start, end === -1 ? undefined : end);
  const plain = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return {
    headings: [...root.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => plain(match[1] ?? '')),
    text: plain(root),
  };
}

/**
 * Expects `html` to be `page` drawn by the server: its one heading (`heading`, when a build under test changed it), its
 * content, no load error, not the page that says it needs JavaScript. Returns what was drawn.
 */
export function expectDrawnByServer(
  html: string,
  page: DrawnPage,
  heading = page.heading,
  label = page.path,
): { headings: string[]; text: string } {
  const drawn = drawnText(html);
  expect(drawn.headings, label).toEqual([heading]);
  if (page.text !== undefined) expect(drawn.text, label).toContain(page.text);
  expect(drawn.text, label).not.toContain('Could not load');
  expect(drawn.text, label).not.toContain('needs JavaScript');
  return drawn;
}
