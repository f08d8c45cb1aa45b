// Writes the PDFs the site links to, from the content data, with pdfkit and its built-in Helvetica fonts:
//   - one datasheet per file name referenced by product-details.json (downloadFile, downloadFiles values, block
//     downloadFile) into {outDir}/uploads/{fileName}, served at /uploads/{fileName};
//   - the 'Catalogue and Company Profile' brochure into {outDir}/{company.brochureFile}, served at the site root.
// Output is deterministic: fixed creation date, no randomness, data in file order.
// Usage (from the repo root): npx tsx content/scripts/generate-pdfs.ts [outDir]   (default content/generated)
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { htmlToText } from '../src/htmlText';
import { descriptionEntryKind, descriptionSection, flattenTableRow, leafColumns, referencedDownloadFiles } from '../src/catalogue';
import { branchesSchema, companySchema, productCategoriesSchema, productDetailsSchema, productsSchema } from '../src/schema';
import { BRANDS } from '../src/dataConstants';
import type { Branch, CompanyInfo, DescriptionEntry, DetailBlock, Product, ProductCategory, ProductDetail, TableCell } from '../src/types';

const CONTENT_DIR = resolve(__dirname, '..');

/** Fixed creation date of every PDF, so that the same data gives the same bytes. */
export const PDF_CREATION_DATE = new Date('2025-01-01T00:00:00Z');

const NAVY = '#003c75';
const ORANGE = '#f5a623';
const INK = '#1f2a36';
const GREY = '#5c6e82';
const LIGHT = '#e3eef8';
const RULE = '#c9d2dc';
const MARGIN = 50;

export interface CatalogueData {
  company: CompanyInfo;
  branches: Branch[];
  categories: ProductCategory[];
  products: Product[];
  details: ProductDetail[];
}

/** Reads and validates the data files the PDFs are made from. */
export function loadCatalogueData(contentDir: string = CONTENT_DIR): CatalogueData {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(contentDir, 'data', file), 'utf8')) as unknown;
  return {
    company: companySchema.parse(read('company.json')),
    branches: branchesSchema.parse(read('branches.json')),
    categories: productCategoriesSchema.parse(read('products-category.json')),
    products: productsSchema.parse(read('products.json')),
    details: productDetailsSchema.parse(read('product-details.json')),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Text helpers: HTML from the data to plain text in the WinAnsi character set of the standard PDF fonts
// ---------------------------------------------------------------------------------------------------------------

const REPLACEMENTS: Record<string, string> = {
  'Ω': 'ohm',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '✓': 'yes',
  '\u2009': ' ',
  '\u202f': ' ',
};
/** cp1252 characters outside Latin-1 that the standard fonts can show. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Makes a string printable with the standard fonts (WinAnsi): known symbols spelled out, anything else dropped. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) out += ch;
  }
  return out;
}

/** Printable text of an HTML fragment of the data: its lines (list items bulleted), made safe for the standard fonts. */
export const pdfText = (html: string): string => pdfSafe(htmlToText(html, { keepLines: true }));

// ---------------------------------------------------------------------------------------------------------------
// Document helpers
// ---------------------------------------------------------------------------------------------------------------

type Doc = PDFKit.PDFDocument;

function newDocument(title: string, subject: string, company: CompanyInfo): Doc {
  return new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 78, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: pdfSafe(title),
      Author: company.name,
      Subject: pdfSafe(subject),
      Keywords: 'electrical products, datasheet, catalogue',
      Creator: `${company.name} content build`,
      CreationDate: PDF_CREATION_DATE,
    },
  });
}

const contentWidth = (doc: Doc): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc): number => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when less than `height` points are left. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

/** The crescent-and-bolt mark of the logo (content/public/images/logo.svg), drawn at (x, y) with a scale. */
function drawLogoMark(doc: Doc, x: number, y: number, scale: number, crescent = NAVY): void {
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.path('M25.5 6.1A22 22 0 1 0 49.4 33A18 18 0 0 1 25.5 6.1z').fill(crescent);
  doc.path('M41 9L31 28h8l-4 17 14-22h-8l5-14z').fill(ORANGE);
  doc.restore();
}

function sectionHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(MARGIN, y, 4, 16).fill(ORANGE);
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(13).text(pdfSafe(text), MARGIN + 12, y + 1, { width: contentWidth(doc) - 12 });
  doc.moveDown(0.4);
  doc.x = MARGIN;
}

function paragraph(doc: Doc, text: string, options: { size?: number; color?: string; bold?: boolean } = {}): void {
  const clean = text.trim();
  if (!clean) return;
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 10).fillColor(options.color ?? INK);
  ensureSpace(doc, doc.heightOfString(clean, { width: contentWidth(doc) }) > 200 ? 40 : doc.heightOfString(clean, { width: contentWidth(doc) }) + 4);
  doc.text(clean, MARGIN, doc.y, { width: contentWidth(doc), lineGap: 2 });
  doc.moveDown(0.35);
}

function bullet(doc: Doc, text: string): void {
  const clean = text.trim();
  if (!clean) return;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  ensureSpace(doc, doc.heightOfString(clean, { width: contentWidth(doc) - 14 }) + 4);
  const y = doc.y;
  doc.circle(MARGIN + 4, y + 5, 1.8).fill(NAVY);
  doc.fillColor(INK).text(clean, MARGIN + 14, y, { width: contentWidth(doc) - 14, lineGap: 1.5 });
  doc.x = MARGIN;
}

/** A two-column key / value list (description rows, spec rows). */
function keyValueTable(doc: Doc, rows: [string, string][]): void {
  const width = contentWidth(doc);
  const keyWidth = Math.round(width * 0.36);
  const valueWidth = width - keyWidth;
  doc.fontSize(9.5);
  rows.forEach(([key, value], index) => {
    doc.font('Helvetica-Bold');
    const keyHeight = doc.heightOfString(key, { width: keyWidth - 12 });
    doc.font('Helvetica');
    const valueHeight = doc.heightOfString(value, { width: valueWidth - 12 });
    const height = Math.max(keyHeight, valueHeight) + 8;
    ensureSpace(doc, height);
    const y = doc.y;
    if (index % 2 === 0) doc.rect(MARGIN, y, width, height).fill(LIGHT);
    doc.fillColor(NAVY).font('Helvetica-Bold').text(key, MARGIN + 6, y + 4, { width: keyWidth - 12 });
    doc.fillColor(INK).font('Helvetica').text(value, MARGIN + keyWidth + 6, y + 4, { width: valueWidth - 12 });
    doc.y = y + height;
  });
  doc.x = MARGIN;
  doc.moveDown(0.4);
}

interface GridCell {
  text: string;
  /** First leaf column covered. */
  col: number;
  span: number;
  /** Header rows covered (a colSpan 1 cell over empty-named cells below spans down). */
  rowSpan: number;
}

/** Widths of the leaf columns: customeWidth (% of the table, or px at 0.75 pt) where given, the rest shared. */
function columnWidths(leaves: TableCell[], total: number): number[] {
  const fixed = leaves.map((cell) => {
    const m = /^(\d+(?:\.\d+)?)(px|%|rem|em)$/.exec(cell.customeWidth ?? '');
    if (!m) return undefined;
    const n = Number(m[1]);
    return m[2] === '%' ? (total * n) / 100 : m[2] === 'px' ? n * 0.75 : n * 12;
  });
  const used = fixed.reduce<number>((s, w) => s + (w ?? 0), 0);
  const free = fixed.filter((w) => w === undefined).length;
  const share = free ? Math.max(30, (total - used) / free) : 0;
  const widths = fixed.map((w) => w ?? share);
  const scale = total / widths.reduce((s, w) => s + w, 0);
  return widths.map((w) => w * scale);
}

/** Header grid of a product detail table: group rows, then leaves; cells spanning down over empty-named leaves. */
function headerGrid(header: TableCell[][]): GridCell[][] {
  const grid: GridCell[][] = header.map((row) => {
    let col = 0;
    return row.map((cell) => {
      const g = { text: pdfSafe(cell.name), col, span: cell.colSpan ?? 1, rowSpan: 1 };
      col += g.span;
      return g;
    });
  });
  for (let r = 0; r < grid.length; r++) {
    for (const cell of grid[r] ?? []) {
      if (cell.span !== 1 || cell.rowSpan === 0) continue;
      for (let below = r + 1; below < grid.length; below++) {
        const under = grid[below]?.find((c) => c.col === cell.col && c.span === 1);
        if (!under || under.text !== '') break;
        under.rowSpan = 0; // covered
        cell.rowSpan += 1;
      }
    }
  }
  return grid;
}

/** Draws a product detail table (header rows with colSpan, nested values flattened), repeating the header on new pages. */
export function specTable(
  doc: Doc,
  header: TableCell[][],
  rows: ProductDetail['productDetailTableData'] = [],
  align: 'center' | 'left' = 'center',
): void {
  const width = contentWidth(doc);
  const leaves = leafColumns(header);
  const widths = columnWidths(leaves, width);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const fontSize = leaves.length > 8 ? 7 : leaves.length > 5 ? 8 : 9;
  const grid = headerGrid(header);
  const spanWidth = (col: number, span: number): number => widths.slice(col, col + span).reduce((s, w) => s + w, 0);

  const headerRowHeights = grid.map((row) => {
    doc.font('Helvetica-Bold').fontSize(fontSize);
    return Math.max(14, ...row.filter((c) => c.rowSpan === 1).map((c) => doc.heightOfString(c.text || ' ', { width: spanWidth(c.col, c.span) - 6 }) + 6));
  });
  const drawHeader = (): void => {
    const top = doc.y;
    grid.forEach((row, r) => {
      const y = top + headerRowHeights.slice(0, r).reduce((s, h) => s + h, 0);
      for (const cell of row) {
        if (cell.rowSpan === 0) continue;
        const x = xs[cell.col] ?? MARGIN;
        const w = spanWidth(cell.col, cell.span);
        const h = headerRowHeights.slice(r, r + cell.rowSpan).reduce((s, v) => s + v, 0);
        doc.rect(x, y, w, h).fillAndStroke(NAVY, '#ffffff');
        doc.font('Helvetica-Bold').fontSize(fontSize).fillColor('#ffffff');
        const textHeight = doc.heightOfString(cell.text || ' ', { width: w - 6 });
        doc.text(cell.text, x + 3, y + (h - textHeight) / 2, { width: w - 6, align: 'center' });
      }
    });
    doc.y = top + headerRowHeights.reduce((s, h) => s + h, 0);
  };

  ensureSpace(doc, headerRowHeights.reduce((s, h) => s + h, 0) + 40);
  drawHeader();
  rows.forEach((row, index) => {
    const values = flattenTableRow(row).map(([, v]) => pdfSafe(String(v)));
    doc.font('Helvetica').fontSize(fontSize);
    const height = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: (widths[i] ?? 40) - 6 }))) + 8;
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    doc.rect(MARGIN, y, width, height).fill(index % 2 ? '#ffffff' : LIGHT);
    values.forEach((value, i) => {
      doc.fillColor(INK).font('Helvetica').fontSize(fontSize).text(value, (xs[i] ?? MARGIN) + 3, y + 4, { width: (widths[i] ?? 40) - 6, align });
    });
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).lineWidth(0.5).stroke(RULE);
    doc.y = y + height;
  });
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

/** A plain block table: first row is the header. */
function blockTable(doc: Doc, table: string[][]): void {
  const [head, ...body] = table;
  if (!head) return;
  specTable(
    doc,
    [head.map((name, i) => ({ id: `c${i}`, name }))],
    body.map((cells) => Object.fromEntries(cells.map((v, i) => [`c${i}`, v]))),
  );
}

function footerLines(company: CompanyInfo, branches: Branch[]): string[] {
  return [
    pdfSafe(`${company.name}  |  ${company.address}  |  Tel ${company.mainPhone}  |  ${company.generalEmail}`),
    pdfSafe(branches.map((b) => `${b.name} ${b.mobileNo}`).join('   |   ')),
    pdfSafe(branches.map((b) => b.email).join('   |   ')),
  ];
}

/** Writes the footer (contact details and page x of y) on every buffered page. */
function addFooters(doc: Doc, company: CompanyInfo, branches: Branch[], skipFirst = false): void {
  const range = doc.bufferedPageRange();
  const lines = footerLines(company, branches);
  for (let i = range.start; i < range.start + range.count; i++) {
    if (skipFirst && i === range.start) continue;
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 60;
    const width = doc.page.width - 2 * MARGIN;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.8).stroke(NAVY);
    doc.font('Helvetica').fontSize(6.5).fillColor(GREY);
    lines.forEach((line, n) => {
      let size = 6.5;
      while (size > 4.5 && doc.fontSize(size).widthOfString(line) > width - 2) size -= 0.25;
      doc.text(line, MARGIN, y + 5 + n * 9, { width, align: 'center', lineBreak: false });
    });
    doc.fontSize(6.5);
    const last = y + 7 + lines.length * 9;
    doc.text(company.copyright, MARGIN, last, { width: width / 2, align: 'left', lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width / 2, last, { width: width / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

function writeDocument(doc: Doc, file: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const stream = createWriteStream(file);
    stream.on('finish', () => resolvePromise());
    stream.on('error', reject);
    doc.pipe(stream);
    doc.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Datasheets
// ---------------------------------------------------------------------------------------------------------------

/** What goes into one datasheet file: the products that reference it, each with its button label or block. */
export interface DatasheetPlan {
  fileName: string;
  entries: { product: ProductDetail; label: string; block?: DetailBlock }[];
}

/** The datasheet files referenced by the details, in data order, each with the products that reference it. */
export function planDatasheets(details: ProductDetail[]): DatasheetPlan[] {
  const plans = new Map<string, DatasheetPlan>();
  const add = (fileName: string, product: ProductDetail, label: string, block?: DetailBlock): void => {
    const plan = plans.get(fileName) ?? { fileName, entries: [] };
    if (!plan.entries.some((e) => e.product.id === product.id)) plan.entries.push(block ? { product, label, block } : { product, label });
    plans.set(fileName, plan);
  };
  for (const product of details) {
    if (product.downloadFile) add(product.downloadFile, product, 'Datasheet');
    for (const [label, file] of Object.entries(product.downloadFiles ?? {})) add(file, product, label);
    for (const block of [...(product.detailDescriptionAfterTable ?? []), ...(product.detailDescription ?? [])]) {
      if (block.downloadFile) add(block.downloadFile, product, block.title ? pdfText(block.title) : 'Installation Guide', block);
    }
    // every referenced file is planned (referencedDownloadFiles is the single definition of "referenced")
    for (const file of referencedDownloadFiles(product)) if (!plans.has(file)) add(file, product, 'Datasheet');
  }
  return [...plans.values()];
}

function descriptionContent(doc: Doc, entries: DescriptionEntry[]): void {
  const plainRows: [string, string][] = [];
  const flushRows = (): void => {
    if (plainRows.length) keyValueTable(doc, plainRows.splice(0));
  };
  for (const entry of entries) {
    const kind = descriptionEntryKind(entry);
    const value = typeof entry.value === 'string' ? pdfText(entry.value) : '';
    if (kind === 'row') plainRows.push([pdfSafe(entry.key), value]);
    else if (kind === 'section') continue;
    else {
      flushRows();
      if (kind === 'subheading') paragraph(doc, pdfSafe(entry.key), { bold: true, color: NAVY });
      else if (kind === 'item') bullet(doc, value);
      else if (kind === 'paragraph') paragraph(doc, value);
      else if (kind === 'ceilingRose') paragraph(doc, `Connections: ${value} (see the ceiling rose connection table on the product page).`, { color: GREY });
    }
  }
  flushRows();
  for (const entry of entries) {
    if (descriptionEntryKind(entry) !== 'section') continue;
    const section = descriptionSection(entry.key);
    if (!section) continue;
    sectionHeading(doc, section.title);
    if (typeof entry.value === 'string') {
      for (const line of pdfText(entry.value).split('\n')) {
        if (line.startsWith('• ')) bullet(doc, line.slice(2));
        else paragraph(doc, line);
      }
    } else {
      keyValueTable(doc, entry.value.map((row) => [pdfSafe(row.key.replace(/<[^>]+>/g, '')), pdfText(row.value)]));
    }
  }
}

function blockContent(doc: Doc, block: DetailBlock): void {
  if (block.title) sectionHeading(doc, pdfText(block.title));
  for (const p of block.content ?? []) paragraph(doc, pdfText(p));
  if (block.table) blockTable(doc, block.table);
  for (const p of block.DataAfterTable ?? []) paragraph(doc, pdfText(p), { size: 9, color: GREY });
}

function productSection(doc: Doc, data: CatalogueData, product: ProductDetail, label: string, block?: DetailBlock): void {
  const width = contentWidth(doc);
  // header band
  const top = doc.y;
  doc.rect(MARGIN, top, width, 58).fill(NAVY);
  drawLogoMark(doc, MARGIN + 10, top + 7, 0.85, '#ffffff');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text(data.company.name, MARGIN + 62, top + 13, { width: width - 200 });
  doc.font('Helvetica').fontSize(9).fillColor('#cfe0f2').text(data.company.tagline, MARGIN + 62, top + 33, { width: width - 200 });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(ORANGE).text(pdfSafe(label.toUpperCase()), MARGIN + width - 170, top + 13, { width: 160, align: 'right' });
  if (product.company?.length) {
    doc.font('Helvetica').fontSize(9).fillColor('#ffffff').text(pdfSafe(`Brand: ${product.company.join(', ')}`), MARGIN + width - 170, top + 33, { width: 160, align: 'right' });
  }
  doc.y = top + 72;
  // title
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(17).text(pdfSafe(product.productName), MARGIN, doc.y, { width });
  doc.moveDown(0.2);
  doc.fillColor(GREY).font('Helvetica').fontSize(10).text(pdfSafe(`${product.categoryName}  |  Ref. ${product.id}`), { width });
  doc.moveDown(0.5);

  if (block) {
    blockContent(doc, block);
    sectionHeading(doc, 'Product overview');
  }
  for (const p of product.detail ?? []) paragraph(doc, pdfText(p));

  for (const spec of product.Specification ?? []) {
    sectionHeading(doc, spec.extraSpecTitle ?? 'Specification');
    for (const line of spec.extraSpec ?? []) bullet(doc, pdfSafe(line));
    for (const line of spec.specification ?? []) bullet(doc, pdfSafe(line));
  }
  if (product.description?.length) {
    sectionHeading(doc, 'Description');
    descriptionContent(doc, product.description);
  }
  for (const b of product.detailDescriptionAfterTable ?? []) if (b !== block) blockContent(doc, b);
  if (product.productDetailTableColumns && product.productDetailTableData) {
    sectionHeading(doc, 'Technical table');
    specTable(doc, product.productDetailTableColumns, product.productDetailTableData);
  }
  for (const b of product.detailDescription ?? []) if (b !== block) blockContent(doc, b);

  sectionHeading(doc, 'Ordering and enquiries');
  paragraph(
    doc,
    `Quote the reference ${product.id} with the size and quantity. Stock, lead times and prices: ${data.company.generalEmail}, ${data.company.mainPhone}. Data are indicative; the manufacturer's documentation governs.`,
    { size: 9, color: GREY },
  );
}

/** Writes one datasheet. */
export async function writeDatasheet(plan: DatasheetPlan, data: CatalogueData, file: string): Promise<void> {
  const first = plan.entries[0];
  const title = first ? `${first.product.productName} - ${first.label}` : plan.fileName;
  const doc = newDocument(title, 'Product datasheet', data.company);
  plan.entries.forEach((entry, index) => {
    if (index > 0) doc.addPage();
    productSection(doc, data, entry.product, entry.label, entry.block);
  });
  addFooters(doc, data.company, data.branches);
  await writeDocument(doc, file);
}

// ---------------------------------------------------------------------------------------------------------------
// Brochure: Catalogue and Company Profile
// ---------------------------------------------------------------------------------------------------------------

/** Claims of the company profile (spec "Home" and "Business constants"). */
export const PROFILE_CLAIMS = [
  'Operating since 1995: 30+ years of excellence',
  'ISO 9001:2008 certified',
  'The first electrical trading company in the UAE',
  'Trusted by 1,000+ customers across 10+ countries',
  'Quality products from 150+ global suppliers',
];

function coverPage(doc: Doc, data: CatalogueData): void {
  const { width, height } = doc.page;
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0; // the cover is drawn edge to edge
  doc.rect(0, 0, width, height).fill(NAVY);
  doc.rect(0, height * 0.62, width, 6).fill(ORANGE);
  drawLogoMark(doc, MARGIN, 90, 2.2, '#ffffff');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(34).text(data.company.name, MARGIN, 230, { width: width - 2 * MARGIN });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(20).fillColor(ORANGE).text('Catalogue and Company Profile');
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(13).fillColor('#cfe0f2').text(data.company.tagline);
  doc.moveDown(0.3);
  doc.text('The first electrical trading company in the UAE');
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#ffffff');
  const claims = ['Since 1995', '30+ years', 'ISO 9001:2008', '1,000+ customers', '10+ countries', '150+ suppliers'];
  const boxWidth = (width - 2 * MARGIN - 5 * 8) / 6;
  claims.forEach((claim, i) => {
    const x = MARGIN + i * (boxWidth + 8);
    doc.roundedRect(x, height * 0.62 + 30, boxWidth, 46, 6).lineWidth(1).stroke('#4d7fb3');
    doc.fillColor('#ffffff').text(claim, x + 4, height * 0.62 + 40, { width: boxWidth - 8, align: 'center' });
  });
  doc.font('Helvetica').fontSize(10).fillColor('#cfe0f2');
  doc.text('Dubai  |  Muscat  |  Bahrain  |  Saudi Arabia', MARGIN, height - 120, { width: width - 2 * MARGIN });
  doc.text(`${data.company.mainPhone}  |  ${data.company.generalEmail}`, MARGIN, height - 104, { width: width - 2 * MARGIN });
  doc.text('Edition 2025', MARGIN, height - 88, { width: width - 2 * MARGIN });
  doc.page.margins.bottom = bottomMargin;
}

function pageTitle(doc: Doc, title: string, subtitle?: string): void {
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(22).text(pdfSafe(title), MARGIN, MARGIN, { width: contentWidth(doc) });
  if (subtitle) doc.fillColor(GREY).font('Helvetica').fontSize(11).text(pdfSafe(subtitle), { width: contentWidth(doc) });
  doc.moveTo(MARGIN, doc.y + 6).lineTo(MARGIN + 60, doc.y + 6).lineWidth(3).stroke(ORANGE);
  doc.moveDown(1.2);
}

function profilePage(doc: Doc, data: CatalogueData): void {
  doc.addPage();
  pageTitle(doc, 'Company Profile', `${data.company.name}, since ${data.company.founded}`);
  paragraph(
    doc,
    `${data.company.name} has supplied electrical products to contractors, utilities, industry and the oil and gas sector since ${data.company.founded}. With more than 30 years of excellence, it was the first electrical trading company in the UAE and today serves more than 1,000 customers in over 10 countries from its head office and warehouse in Dubai, its office in Muscat, its warehouse in Bahrain and an associated company in Saudi Arabia.`,
  );
  paragraph(
    doc,
    'As authorised distributor of leading global brands, we hold large stocks of cables, cable glands, lugs, jointing kits, conduits, wiring devices, industrial plugs and sockets, switchgear and accessories, so that projects get the right product on time, with test certificates and technical support.',
  );
  sectionHeading(doc, 'At a glance');
  for (const claim of PROFILE_CLAIMS) bullet(doc, claim);
  doc.moveDown(0.6);
  // stats boxes
  const stats: [string, string][] = [
    ['1000+', 'Customers Served'],
    ['10+', 'Countries in Operation'],
    ['200+', 'Products Catalogue'],
    ['150+', 'Suppliers Across Globe'],
  ];
  ensureSpace(doc, 80);
  const y = doc.y;
  const w = (contentWidth(doc) - 3 * 10) / 4;
  stats.forEach(([value, label], i) => {
    const x = MARGIN + i * (w + 10);
    doc.roundedRect(x, y, w, 66, 6).fill(LIGHT);
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(20).text(value, x, y + 10, { width: w, align: 'center' });
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(label, x, y + 40, { width: w, align: 'center' });
  });
  doc.y = y + 80;
  doc.x = MARGIN;
  sectionHeading(doc, 'Quality');
  paragraph(doc, 'Our quality management system is certified to ISO 9001:2008 (now ISO 9001:2015 for the UAE and Oman companies). Every product is sourced from the manufacturer or its authorised channel, with full traceability.');
  sectionHeading(doc, 'Brands we distribute');
  paragraph(doc, BRANDS.map((b) => b.name).join('  |  '));
}

function branchesPage(doc: Doc, data: CatalogueData): void {
  doc.addPage();
  pageTitle(doc, 'Our Branches', 'Offices, warehouses and associated company');
  for (const branch of data.branches) {
    ensureSpace(doc, 110);
    const y = doc.y;
    doc.roundedRect(MARGIN, y, contentWidth(doc), 96, 6).fill(LIGHT);
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(13).text(pdfSafe(branch.label), MARGIN + 14, y + 12, { width: contentWidth(doc) - 28 });
    doc.fillColor(INK).font('Helvetica').fontSize(10);
    doc.text(pdfSafe(branch.address), { width: contentWidth(doc) - 28 });
    doc.text(`Phone: ${branch.mobileNo}${branch.fax ? `    Fax: ${branch.fax}` : ''}`);
    doc.text(`E-mail: ${branch.email}`);
    doc.y = y + 108;
    doc.x = MARGIN;
  }
}

function contentsPage(doc: Doc): number {
  doc.addPage();
  pageTitle(doc, 'Product Range', 'Contents');
  return doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
}

function categorySection(doc: Doc, data: CatalogueData, category: ProductCategory): void {
  doc.addPage();
  const width = contentWidth(doc);
  const top = doc.y;
  doc.rect(MARGIN, top, width, 54).fill(NAVY);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text(pdfSafe(category.title), MARGIN + 14, top + 10, { width: width - 28 });
  if (category.company) doc.fillColor(ORANGE).font('Helvetica').fontSize(10).text(pdfSafe(category.company), MARGIN + 14, top + 34, { width: width - 28 });
  doc.y = top + 68;
  paragraph(doc, pdfSafe(category.info));
  sectionHeading(doc, 'Products');
  const products = data.products.filter((p) => p.productCategoryId === category.id);
  const firstSentence = (id: string): string => {
    const detail = data.details.find((d) => d.id === id);
    const text = pdfText(detail?.detail?.[0] ?? '');
    const end = text.indexOf('. ');
    return end > 0 ? text.slice(0, end + 1) : text;
  };
  specTable(
    doc,
    [
      [
        { id: 'name', name: 'Product', customeWidth: '38%' },
        { id: 'brand', name: 'Brand', customeWidth: '14%' },
        { id: 'summary', name: 'Description' },
      ],
    ],
    products.map((p) => ({ name: p.productName, brand: p.company ?? '-', summary: firstSentence(p.id) })),
    'left',
  );
  paragraph(doc, `Product pages, datasheets and enquiries: /our-products/${category.id} on our website, or call ${data.company.mainPhone}.`, { size: 9, color: GREY });
}

function contactPage(doc: Doc, data: CatalogueData): void {
  doc.addPage();
  pageTitle(doc, 'Contact Us', 'Request a quote, stock check or datasheet');
  const rows: [string, string][] = [
    ['Head office', pdfSafe(data.company.address)],
    ['Phone', `${data.company.mainPhone}, ${data.company.secondPhone}`],
    ['E-mail', data.company.generalEmail],
    ['Careers', data.company.careersEmail],
    ['Postal address', pdfSafe(data.company.postalAddress)],
    ...data.company.socials.map((s): [string, string] => [s.name, s.url]),
  ];
  keyValueTable(doc, rows);
  sectionHeading(doc, 'Branches');
  keyValueTable(
    doc,
    data.branches.map((b): [string, string] => [pdfSafe(b.label), pdfSafe(`${b.address}\nPhone ${b.mobileNo}${b.fax ? `, fax ${b.fax}` : ''}\n${b.email}`)]),
  );
  paragraph(doc, 'We reply to every message and enquiry within 24 hours.', { bold: true, color: NAVY });
}

/** Writes the brochure: cover, profile, branches, contents, one section per category, contact page. */
export async function writeBrochure(data: CatalogueData, file: string): Promise<number> {
  const doc = newDocument(`${data.company.name} - Catalogue and Company Profile`, 'Catalogue and Company Profile', data.company);
  coverPage(doc, data);
  profilePage(doc, data);
  branchesPage(doc, data);
  const contentsIndex = contentsPage(doc);
  const pageOf = new Map<string, number>();
  for (const category of data.categories) {
    // categorySection starts on a new page: its 1-based number is the current page count + 1
    pageOf.set(category.id, doc.bufferedPageRange().count + 1);
    categorySection(doc, data, category);
  }
  contactPage(doc, data);
  // contents, with the page numbers now known
  doc.switchToPage(contentsIndex);
  doc.y = 130;
  doc.fontSize(11);
  data.categories.forEach((category, i) => {
    const y = 130 + i * 24;
    const n = data.products.filter((p) => p.productCategoryId === category.id).length;
    doc.fillColor(INK).font('Helvetica').text(pdfSafe(`${category.title}  (${n} products)`), MARGIN, y, { width: contentWidth(doc) - 60, lineBreak: false });
    doc.fillColor(NAVY).font('Helvetica-Bold').text(String(pageOf.get(category.id) ?? ''), MARGIN + contentWidth(doc) - 50, y, { width: 50, align: 'right', lineBreak: false });
    doc.moveTo(MARGIN, y + 16).lineTo(MARGIN + contentWidth(doc), y + 16).lineWidth(0.5).stroke(RULE);
  });
  const pages = doc.bufferedPageRange().count;
  addFooters(doc, data.company, data.branches, true);
  await writeDocument(doc, file);
  return pages;
}

// ---------------------------------------------------------------------------------------------------------------

export interface GeneratedPdfs {
  datasheets: string[];
  brochure: string;
  brochurePages: number;
}

/** Generates every datasheet and the brochure into outDir (uploads/ and the root). */
export async function generatePdfs(outDir: string, data: CatalogueData = loadCatalogueData()): Promise<GeneratedPdfs> {
  const uploads = join(outDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const plans = planDatasheets(data.details);
  await Promise.all(plans.map((plan) => writeDatasheet(plan, data, join(uploads, plan.fileName))));
  const brochure = join(outDir, data.company.brochureFile);
  const brochurePages = await writeBrochure(data, brochure);
  return { datasheets: plans.map((p) => p.fileName), brochure: data.company.brochureFile, brochurePages };
}

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? join(CONTENT_DIR, 'generated'));
  const started = Date.now();
  generatePdfs(outDir)
    .then((result) => {
      console.log(
        `Wrote ${result.datasheets.length} datasheets to ${join(outDir, 'uploads')} and the ${result.brochurePages}-page brochure ${result.brochure} in ${Date.now() - started} ms`,
      );
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
