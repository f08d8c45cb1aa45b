// The 'Catalogue and Company Profile' brochure: cover, company profile, branches, contents, one section per category
// (its products in a table), contact page.
import { BRANDS } from '../../src/dataConstants';
import type { ProductCategory } from '../../src/types';
import {
  bullet,
  contentWidth,
  drawLogoMark,
  ensureSpace,
  flow,
  GREY,
  INK,
  keyValueTable,
  LIGHT,
  MARGIN,
  moveDown,
  NAVY,
  ORANGE,
  paragraph,
  RULE,
  sectionHeading,
  style,
  textAt,
  writePdf,
  type Pdf,
} from './document';
import { pdfText } from './datasheet';
import { specTable } from './table';
import type { CatalogueData } from './data';

/** Claims of the company profile (spec "Home" and "Business constants"). */
export const PROFILE_CLAIMS = [
  'Operating since 1995: 30+ years of excellence',
  'ISO 9001:2008 certified',
  'The first electrical trading company in the UAE',
  'Trusted by 1,000+ customers across 10+ countries',
  'Quality products from 150+ global suppliers',
];

function coverPage(pdf: Pdf, data: CatalogueData): void {
  const { doc } = pdf;
  const { width, height } = doc.page;
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0; // the cover is drawn edge to edge
  doc.rect(0, 0, width, height).fill(NAVY);
  doc.rect(0, height * 0.62, width, 6).fill(ORANGE);
  drawLogoMark(pdf, MARGIN, 90, 2.2, '#ffffff');
  const textWidth = width - 2 * MARGIN;
  doc.y = 226;
  flow(pdf, data.company.name, style(34, 'bold', '#ffffff'), { width: textWidth });
  moveDown(pdf, 0.3, 20);
  flow(pdf, 'Catalogue and Company Profile', style(20, 'regular', ORANGE), { width: textWidth });
  moveDown(pdf, 0.6, 13);
  flow(pdf, data.company.tagline, style(13, 'regular', '#cfe0f2'), { width: textWidth });
  moveDown(pdf, 0.3, 13);
  flow(pdf, 'The first electrical trading company in the UAE', style(13, 'regular', '#cfe0f2'), { width: textWidth });
  const claims = ['Since 1995', '30+ years', 'ISO 9001:2008', '1,000+ customers', '10+ countries', '150+ suppliers'];
  const boxWidth = (width - 2 * MARGIN - 5 * 8) / 6;
  claims.forEach((claim, i) => {
    const x = MARGIN + i * (boxWidth + 8);
    doc
      .roundedRect(x, height * 0.62 + 30, boxWidth, 46, 6)
      .lineWidth(1)
      .stroke('#4d7fb3');
    textAt(pdf, claim, x + 4, height * 0.62 + 37, boxWidth - 8, style(11, 'bold', '#ffffff'), 'center');
  });
  const footer = style(10, 'regular', '#cfe0f2');
  textAt(pdf, 'Dubai  |  Muscat  |  Bahrain  |  Saudi Arabia', MARGIN, height - 122, textWidth, footer);
  textAt(pdf, `${data.company.mainPhone}  |  ${data.company.generalEmail}`, MARGIN, height - 106, textWidth, footer);
  textAt(pdf, 'Edition 2025', MARGIN, height - 90, textWidth, footer);
  doc.page.margins.bottom = bottomMargin;
}

function pageTitle(pdf: Pdf, title: string, subtitle?: string): void {
  const { doc } = pdf;
  doc.y = MARGIN;
  flow(pdf, title, style(22, 'bold', NAVY));
  if (subtitle) flow(pdf, subtitle, style(11, 'regular', GREY));
  doc
    .moveTo(MARGIN, doc.y + 6)
    .lineTo(MARGIN + 60, doc.y + 6)
    .lineWidth(3)
    .stroke(ORANGE);
  moveDown(pdf, 1.2, 12);
}

function profilePage(pdf: Pdf, data: CatalogueData): void {
  const { doc } = pdf;
  doc.addPage();
  pageTitle(pdf, 'Company Profile', `${data.company.name}, since ${data.company.founded}`);
  paragraph(
    pdf,
    `${data.company.name} has supplied electrical products to contractors, utilities, industry and the oil and gas sector since ${data.company.founded}. With more than 30 years of excellence, it was the first electrical trading company in the UAE and today serves more than 1,000 customers in over 10 countries from its head office and warehouse in Dubai, its office in Muscat, its warehouse in Bahrain and an associated company in Saudi Arabia.`,
  );
  paragraph(
    pdf,
    'As authorised distributor of leading global brands, we hold large stocks of cables, cable glands, lugs, jointing kits, conduits, wiring devices, industrial plugs and sockets, switchgear and accessories, so that projects get the right product on time, with test certificates and technical support.',
  );
  sectionHeading(pdf, 'At a glance');
  for (const claim of PROFILE_CLAIMS) bullet(pdf, claim);
  moveDown(pdf, 0.6);
  const stats: [string, string][] = [
    ['1000+', 'Customers Served'],
    ['10+', 'Countries in Operation'],
    ['200+', 'Products Catalogue'],
    ['150+', 'Suppliers Across Globe'],
  ];
  ensureSpace(pdf, 80);
  const y = doc.y;
  const w = (contentWidth(pdf) - 3 * 10) / 4;
  stats.forEach(([value, label], i) => {
    const x = MARGIN + i * (w + 10);
    doc.roundedRect(x, y, w, 66, 6).fill(LIGHT);
    textAt(pdf, value, x, y + 7, w, style(20, 'bold', NAVY), 'center');
    textAt(pdf, label, x, y + 38, w, style(9, 'regular', INK), 'center');
  });
  doc.y = y + 80;
  sectionHeading(pdf, 'Quality');
  paragraph(
    pdf,
    'Our quality management system is certified to ISO 9001:2008 (now ISO 9001:2015 for the UAE and Oman companies). Every product is sourced from the manufacturer or its authorised channel, with full traceability.',
  );
  sectionHeading(pdf, 'Brands we distribute');
  paragraph(pdf, BRANDS.map((b) => b.name).join('  |  '));
}

function branchesPage(pdf: Pdf, data: CatalogueData): void {
  const { doc } = pdf;
  doc.addPage();
  pageTitle(pdf, 'Our Branches', 'Offices, warehouses and associated company');
  const inner = { x: MARGIN + 14, width: contentWidth(pdf) - 28 };
  for (const branch of data.branches) {
    ensureSpace(pdf, 110);
    const y = doc.y;
    doc.roundedRect(MARGIN, y, contentWidth(pdf), 96, 6).fill(LIGHT);
    doc.y = y + 10;
    flow(pdf, branch.label, style(13, 'bold', NAVY), inner);
    flow(pdf, branch.address, style(10), inner);
    flow(pdf, `Phone: ${branch.mobileNo}${branch.fax ? `    Fax: ${branch.fax}` : ''}`, style(10), inner);
    flow(pdf, `E-mail: ${branch.email}`, style(10), inner);
    doc.y = y + 108;
  }
}

function contentsPage(pdf: Pdf): number {
  pdf.doc.addPage();
  pageTitle(pdf, 'Product Range', 'Contents');
  return pdf.doc.bufferedPageRange().start + pdf.doc.bufferedPageRange().count - 1;
}

function categorySection(pdf: Pdf, data: CatalogueData, category: ProductCategory): void {
  const { doc } = pdf;
  doc.addPage();
  const width = contentWidth(pdf);
  const top = doc.y;
  doc.rect(MARGIN, top, width, 54).fill(NAVY);
  textAt(pdf, category.title, MARGIN + 14, top + 7, width - 28, style(18, 'bold', '#ffffff'));
  if (category.company) textAt(pdf, category.company, MARGIN + 14, top + 33, width - 28, style(10, 'regular', ORANGE));
  doc.y = top + 68;
  paragraph(pdf, category.info);
  sectionHeading(pdf, 'Products');
  const products = data.products.filter((p) => p.productCategoryId === category.id);
  const firstSentence = (id: string): string => {
    const detail = data.details.find((d) => d.id === id);
    const text = pdfText(detail?.detail?.[0] ?? '');
    const end = text.indexOf('. ');
    return end > 0 ? text.slice(0, end + 1) : text;
  };
  specTable(
    pdf,
    [
      [
        { id: 'name', name: 'Product', customeWidth: '38%' },
        { id: 'brand', name: 'Brand', customeWidth: '14%' },
        { id: 'summary', name: 'Description' },
      ],
    ],
    products.map((p) => ({ name: p.productName, brand: p.company ?? '-', summary: firstSentence(p.id) })),
    'start',
  );
  paragraph(
    pdf,
    `Product pages, datasheets and enquiries: /our-products/${category.id} on our website, or call ${data.company.mainPhone}.`,
    { size: 9, color: GREY },
  );
}

function contactPage(pdf: Pdf, data: CatalogueData): void {
  pdf.doc.addPage();
  pageTitle(pdf, 'Contact Us', 'Request a quote, stock check or datasheet');
  const rows: [string, string][] = [
    ['Head office', data.company.address],
    ['Phone', `${data.company.mainPhone}, ${data.company.secondPhone}`],
    ['E-mail', data.company.generalEmail],
    ['Careers', data.company.careersEmail],
    ['Postal address', data.company.postalAddress],
    ...data.company.socials.map((s): [string, string] => [s.name, s.url]),
  ];
  keyValueTable(pdf, rows);
  sectionHeading(pdf, 'Branches');
  keyValueTable(
    pdf,
    data.branches.map((b): [string, string] => [
      b.label,
      `${b.address}\nPhone ${b.mobileNo}${b.fax ? `, fax ${b.fax}` : ''}\n${b.email}`,
    ]),
  );
  paragraph(pdf, 'We reply to every message and enquiry within 24 hours.', { bold: true, color: NAVY });
}

/** The contents, once the page of each category is known. */
function contentsList(pdf: Pdf, data: CatalogueData, pageOf: ReadonlyMap<string, number>): void {
  const { doc } = pdf;
  const width = contentWidth(pdf);
  data.categories.forEach((category, i) => {
    const y = 130 + i * 24;
    const n = data.products.filter((p) => p.productCategoryId === category.id).length;
    textAt(pdf, `${category.title}  (${n} products)`, MARGIN, y - 3, width - 60, style(11, 'regular', INK));
    textAt(
      pdf,
      String(pageOf.get(category.id) ?? ''),
      MARGIN + width - 50,
      y - 3,
      50,
      style(11, 'bold', NAVY),
      'right',
    );
    doc
      .moveTo(MARGIN, y + 16)
      .lineTo(MARGIN + width, y + 16)
      .lineWidth(0.5)
      .stroke(RULE);
  });
}

/** Writes the brochure: cover, profile, branches, contents, one section per category, contact page. */
export function writeBrochure(data: CatalogueData, file: string): Promise<number> {
  const { company, branches } = data;
  return writePdf(
    file,
    {
      title: `${company.name} - Catalogue and Company Profile`,
      subject: 'Catalogue and Company Profile',
      company,
      branches,
      cover: true,
    },
    (pdf) => {
      coverPage(pdf, data);
      profilePage(pdf, data);
      branchesPage(pdf, data);
      const contentsIndex = contentsPage(pdf);
      const pageOf = new Map<string, number>();
      for (const category of data.categories) {
        // categorySection starts on a new page: its 1-based number is the current page count + 1
        pageOf.set(category.id, pdf.doc.bufferedPageRange().count + 1);
        categorySection(pdf, data, category);
      }
      contactPage(pdf, data);
      pdf.doc.switchToPage(contentsIndex);
      contentsList(pdf, data, pageOf);
    },
  );
}
