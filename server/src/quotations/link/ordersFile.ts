// The staff's orders as a file: CSV or an Excel workbook, through the site's one spreadsheet module (its formula
// guard: a buyer's company or PO number typed as `=HYPERLINK(…)` opens as text).
import type { OrderFileFormat, StaffOrder } from '@site/contracts/quotation-link-api';
import { writeCsv } from '../../platform/spreadsheet/csv.js';
import { workbookBuffer } from '../../platform/spreadsheet/workbookCells.js';

export const ORDERS_FILE_HEADER = [
  'Accepted (UTC)',
  'Request',
  'Quotation',
  'Buyer company',
  'Branch',
  'Total',
  'Currency',
  'PO number',
] as const;

/** 2026-11-28 10:05:07 */
const utc = (iso: string): string => iso.slice(0, 19).replace('T', ' ');

const cellsOf = (order: StaffOrder): string[] => [
  utc(order.createdAt),
  order.requestReference,
  order.quotationNumber,
  order.buyerCompany,
  order.branch,
  order.total,
  order.currency,
  order.poNumber ?? '',
];

export const ORDERS_FILE_TYPES: Readonly<Record<OrderFileFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** orders-2026-11-28.csv */
export const ordersFileName = (format: OrderFileFormat, now: Date): string =>
  `orders-${now.toISOString().slice(0, 10)}.${format}`;

export async function ordersFile(format: OrderFileFormat, orders: readonly StaffOrder[]): Promise<Buffer> {
  const rows = orders.map(cellsOf);
  if (format === 'csv') return Buffer.from(writeCsv(ORDERS_FILE_HEADER, rows), 'utf8');
  return workbookBuffer('Orders', ORDERS_FILE_HEADER, rows);
}
