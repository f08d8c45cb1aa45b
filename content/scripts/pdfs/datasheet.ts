// The datasheets: one PDF per file name the details reference (downloadFile, downloadFiles values, a block's
// downloadFile), one section per product that references it: header band, title, the product's blocks, its
// specification, description, tables, and how to order.
import { htmlToText } from '../../src/htmlText';
import { descriptionEntryKind, referencedDownloadFiles } from '../../src/catalogue';
import { descriptionSection } from '../../src/dataConstants';
import type { CompanyInfo, DescriptionEntry, DetailBlock, ProductDetail } from '../../src/types';
import {
  bullet,
  contentWidth,
  drawLogoMark,
  GREY,
  keyValueTable,
  MARGIN,
  moveDown,
  NAVY,
  ORANGE,
  paragraph,
  sectionHeading,
  style,
  textAt,
  flow,
  writePdf,
  type Pdf,
} from './document';
import { blockTable, specTable } from './table';
import type { CatalogueData } from './data';

/** Printable text of an HTML fragment of the data: its lines, list items bulleted. */
export const pdfText = (html: string): string => htmlToText(html, { keepLines: true });

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
    if (!plan.entries.some((e) => e.product.id === product.id))
      plan.entries.push(block ? { product, label, block } : { product, label });
    plans.set(fileName, plan);
  };
  for (const product of details) {
    if (product.downloadFile) add(product.downloadFile, product, 'Datasheet');
    for (const [label, file] of Object.entries(product.downloadFiles ?? {})) add(file, product, label);
    for (const block of [...(product.detailDescriptionAfterTable ?? []), ...(product.detailDescription ?? [])]) {
      if (block.downloadFile)
        add(block.downloadFile, product, block.title ? pdfText(block.title) : 'Installation Guide', block);
    }
    // every referenced file is planned (referencedDownloadFiles is the single definition of "referenced")
    for (const file of referencedDownloadFiles(product)) if (!plans.has(file)) add(file, product, 'Datasheet');
  }
  return [...plans.values()];
}

function descriptionContent(pdf: Pdf, entries: DescriptionEntry[]): void {
  const plainRows: [string, string][] = [];
  const flushRows = (): void => {
    if (plainRows.length) keyValueTable(pdf, plainRows.splice(0));
  };
  for (const entry of entries) {
    const kind = descriptionEntryKind(entry);
    const value = typeof entry.value === 'string' ? pdfText(entry.value) : '';
    if (kind === 'row') plainRows.push([entry.key, value]);
    else if (kind === 'section') continue;
    else {
      flushRows();
      if (kind === 'subheading') paragraph(pdf, entry.key, { bold: true, color: NAVY });
      else if (kind === 'item') bullet(pdf, value);
      else if (kind === 'paragraph') paragraph(pdf, value);
      else if (kind === 'ceilingRose')
        paragraph(pdf, `Connections: ${value} (see the ceiling rose connection table on the product page).`, {
          color: GREY,
        });
    }
  }
  flushRows();
  for (const entry of entries) {
    if (descriptionEntryKind(entry) !== 'section') continue;
    const section = descriptionSection(entry.key);
    if (!section) continue;
    sectionHeading(pdf, section.title);
    if (typeof entry.value === 'string') {
      for (const line of pdfText(entry.value).split('\n')) {
        if (line.startsWith('• ')) bullet(pdf, line.slice(2));
        else paragraph(pdf, line);
      }
    } else {
      keyValueTable(
        pdf,
        entry.value.map((row) => [row.key.replace(/<[^>]+>/g, ''), pdfText(row.value)]),
      );
    }
  }
}

function blockContent(pdf: Pdf, block: DetailBlock): void {
  if (block.title) sectionHeading(pdf, pdfText(block.title));
  for (const p of block.content ?? []) paragraph(pdf, pdfText(p));
  if (block.table) blockTable(pdf, block.table);
  for (const p of block.DataAfterTable ?? []) paragraph(pdf, pdfText(p), { size: 9, color: GREY });
}

/** The navy band at the top of a product's section: logo, company and tagline, the file's label and the brands. */
function headerBand(pdf: Pdf, company: CompanyInfo, product: ProductDetail, label: string): void {
  const { doc } = pdf;
  const width = contentWidth(pdf);
  const top = doc.y;
  doc.rect(MARGIN, top, width, 58).fill(NAVY);
  drawLogoMark(pdf, MARGIN + 10, top + 7, 0.85, '#ffffff');
  textAt(pdf, company.name, MARGIN + 62, top + 10, width - 240, style(14, 'bold', '#ffffff'), 'left');
  textAt(pdf, company.tagline, MARGIN + 62, top + 31, width - 240, style(9, 'regular', '#cfe0f2'), 'left');
  textAt(pdf, label.toUpperCase(), MARGIN + width - 170, top + 11, 160, style(10, 'bold', ORANGE), 'right');
  if (product.company?.length)
    textAt(
      pdf,
      `Brand: ${product.company.join(', ')}`,
      MARGIN + width - 170,
      top + 31,
      160,
      style(9, 'regular', '#ffffff'),
      'right',
    );
  doc.y = top + 72;
}

function productSection(
  pdf: Pdf,
  data: CatalogueData,
  product: ProductDetail,
  label: string,
  block?: DetailBlock,
): void {
  headerBand(pdf, data.company, product, label);
  flow(pdf, product.productName, style(17, 'bold', NAVY));
  moveDown(pdf, 0.2);
  flow(pdf, `${product.categoryName}  |  Ref. ${product.id}`, style(10, 'regular', GREY));
  moveDown(pdf, 0.5);

  if (block) {
    blockContent(pdf, block);
    sectionHeading(pdf, 'Product overview');
  }
  for (const p of product.detail ?? []) paragraph(pdf, pdfText(p));

  for (const spec of product.Specification ?? []) {
    sectionHeading(pdf, spec.extraSpecTitle ?? 'Specification');
    for (const line of spec.extraSpec ?? []) bullet(pdf, line);
    for (const line of spec.specification ?? []) bullet(pdf, line);
  }
  if (product.description?.length) {
    sectionHeading(pdf, 'Description');
    descriptionContent(pdf, product.description);
  }
  for (const b of product.detailDescriptionAfterTable ?? []) if (b !== block) blockContent(pdf, b);
  if (product.productDetailTableColumns && product.productDetailTableData) {
    sectionHeading(pdf, 'Technical table');
    specTable(pdf, product.productDetailTableColumns, product.productDetailTableData);
  }
  for (const b of product.detailDescription ?? []) if (b !== block) blockContent(pdf, b);

  sectionHeading(pdf, 'Ordering and enquiries');
  paragraph(
    pdf,
    `Quote the reference ${product.id} with the size and quantity. Stock, lead times and prices: ${data.company.generalEmail}, ${data.company.mainPhone}. Data are indicative; the manufacturer's documentation governs.`,
    { size: 9, color: GREY },
  );
}

/** Writes one datasheet. */
export async function writeDatasheet(plan: DatasheetPlan, data: CatalogueData, file: string): Promise<void> {
  const first = plan.entries[0];
  const title = first ? `${first.product.productName} - ${first.label}` : plan.fileName;
  await writePdf(
    file,
    { title, subject: 'Product datasheet', company: data.company, branches: data.branches },
    (pdf) => {
      plan.entries.forEach((entry, index) => {
        if (index > 0) pdf.doc.addPage();
        productSection(pdf, data, entry.product, entry.label, entry.block);
      });
    },
  );
}
