// A quotation's lines as the editor's form holds them (text, as typed), made from the quotation read, a catalogue part
// added, a previous quotation's copied line or a blank line; and sent back as the save's lines.
import type { Quotation, QuotationPart } from '@site/contracts/quotations-api';
import type { QuotationLineInput } from '@site/contracts/quotations-api-schemas';

export interface LineDraft extends Omit<QuotationLineInput, 'code' | 'quantity' | 'unitPrice' | 'discountPercent'> {
  /** Rows' keys: stable while lines are added and taken out. */
  key: number;
  code: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** What the stock feed says of the part at the branch now (the server's words); undefined: not known until saved. */
  availabilityNow?: string | undefined;
  /** What the saved quantity breaks of the part's minimum order and pack (the server's words); undefined: not saved yet. */
  quantityNote?: string | undefined;
}

/** The fields staff type in a line's row. */
export type LineField = 'code' | 'description' | 'quantity' | 'unitPrice' | 'discountPercent' | 'availabilityNote';

let nextKey = 1;
export const newLineKey = (): number => nextKey++;

export const draftOf = (quotation: Quotation): LineDraft[] =>
  quotation.lines.map((line) => ({
    key: newLineKey(),
    code: line.code ?? '',
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    availabilityNote: line.availabilityNote,
    availabilityNow: line.availabilityNow,
    quantityNote: line.quantityNote,
    lineNote: line.lineNote,
  }));

export const blankLine = (): LineDraft => ({
  key: newLineKey(),
  code: '',
  description: '',
  unit: '',
  quantity: '1',
  unitPrice: '',
  discountPercent: '0',
  availabilityNote: '',
  lineNote: '',
});

/** A catalogue part found by "Add a catalogue part": one of it, at its price, with its stock now. */
export const lineOfPart = (part: QuotationPart): LineDraft => ({
  key: newLineKey(),
  code: part.code,
  description: part.description,
  unit: part.unit,
  quantity: '1',
  unitPrice: part.unitPrice,
  discountPercent: '0',
  availabilityNote: part.availabilityNote,
  availabilityNow: part.availabilityNote,
  lineNote: '',
});

/** A line as the save sends it: a code cleared makes it free text. */
export const lineInput = ({
  key: _key,
  availabilityNow: _now,
  quantityNote: _note,
  code,
  ...line
}: LineDraft): QuotationLineInput => ({
  ...line,
  code: code.trim() === '' ? null : code.trim(),
});
