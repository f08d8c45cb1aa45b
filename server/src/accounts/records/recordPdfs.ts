// A buyer's record as a PDF, built as the request's and the quotation's own routes build them: the request as its mails
// have it (renderQuotePdf), the quotation as its buyer's link shows it (loadBuyerDocument, renderQuotationPdf). Only
// a record of the buyer's address: undefined for another buyer's and for one that does not exist alike.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { isOwnQuotation, ownRequestId, type Addresses } from './accountRecords.js';
import {
  loadBuyerDocument,
  loadQuoteSnapshot,
  quotationPdfFileName,
  quotePdfFileName,
  renderQuotationPdf,
  renderQuotePdf,
} from './otherFeatures.js';

type Db = Kysely<DatabaseSchema>;

export interface RecordPdf {
  fileName: string;
  bytes: Buffer;
}

/** The PDF of the buyer's request `reference`. */
export async function requestPdfOf(db: Db, email: Addresses, reference: string): Promise<RecordPdf | undefined> {
  const id = await ownRequestId(db, email, reference);
  if (id === undefined) return undefined;
  const snapshot = await loadQuoteSnapshot(db, id);
  if (snapshot === undefined) return undefined;
  return { fileName: quotePdfFileName(snapshot.reference), bytes: await renderQuotePdf(snapshot) };
}

/** The PDF of sent quotation `id` addressed to the buyer. */
export async function quotationPdfOf(db: Db, email: Addresses, id: number, now: Date): Promise<RecordPdf | undefined> {
  if (!(await isOwnQuotation(db, email, id))) return undefined;
  const document = await loadBuyerDocument(db, id, now);
  if (document === undefined) return undefined;
  return { fileName: quotationPdfFileName(document.view.number), bytes: await renderQuotationPdf(document.view) };
}
