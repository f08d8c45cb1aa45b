import type { KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button, VisuallyHidden } from '@site/shared-ui';
import { QUOTATION_LIMITS } from '@site/contracts/quotations-api';
import type { StaffFailure } from '../api/staffBaseQuery';
import { problemAt } from '../ui/problems';
import { Table } from '../ui/Table';
import type { LineDraft, LineField } from './lineDraft';

/**
 * The widths the line fields keep at 1280 px (tests/specs/staff-quotation-editor.spec.ts measures them): a code shows
 * its 18 characters (the catalogue's longest is 17), a description wraps over lines of 28 or more (as many lines as it
 * needs, up to six), the figures their digits; the table still fits the page without scrolling sideways.
 */
export const LINE_FIELD_WIDTHS = {
  code: '18ch',
  description: '28ch',
  quantity: '7ch',
  price: '9ch',
  percent: '5ch',
} as const;

const Lines = styled.div`
  table th,
  table td { padding: 8px 5px; }
  /* "Unit price (OMR)" may take two lines: the width goes to the description */
  table thead th { white-space: normal; }
`;

const Cell = styled.td`
  input,
  textarea {
    width: 100%;
    min-height: 44px;
    padding: 4px 8px;
    font: inherit;
  }
  small { display: block; color: ${({ theme }) => theme.colors.error}; }
`;

const CodeCell = styled(Cell)`
  input {
    /* a code's characters all as wide as a digit: 18ch is eighteen of them */
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    width: calc(${LINE_FIELD_WIDTHS.code} + 18px);
  }
`;

const DescriptionCell = styled(Cell)`
  min-width: calc(${LINE_FIELD_WIDTHS.description} + 18px);
  textarea { resize: vertical; }
`;

const FigureCell = styled(Cell)<{ $width: string }>`
  input { width: calc(${({ $width }) => $width} + 18px); text-align: end; }
`;

const AvailabilityCell = styled(Cell)`
  min-width: 14ch;
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Amount = styled.td`
  text-align: end !important;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** A line's total and VAT as a save stores them; null while the line cannot be priced. */
export interface LineAmounts {
  lineTotal: string;
  vat: string;
  vatPercent: string;
}

interface LinesTableProps {
  lines: readonly LineDraft[];
  currency: string;
  /** Each line's figures, in the lines' order (live while editing, as saved once sent). */
  amounts: readonly (LineAmounts | null)[];
  editable: boolean;
  problems: StaffFailure['problems'];
  onChange: (key: number, field: LineField, value: string) => void;
  onRemove: (key: number) => void;
}

/** Two lines for a description, more for a longer one (up to six): the whole of it is read without scrolling. */
const descriptionRows = (text: string) => Math.min(6, Math.max(2, Math.ceil(text.length / 25)));

/** A description is one line of text: a line break typed (or pasted) is a space, and Enter adds none. */
const oneLine = (text: string) => text.replace(/\r\n?|\n/g, ' ');
const noEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** The quotation's lines: each field typed in its row, its total and VAT as a save stores them, its stock now. */
export function LinesTable({ lines, currency, amounts, editable, problems, onChange, onRemove }: LinesTableProps) {
  const price = `Unit price (${currency})`;
  return (
    <Lines>
      <Table caption={`${lines.length} line${lines.length === 1 ? '' : 's'} in ${currency}`}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Description</th>
            <th scope="col">Quantity</th>
            <th scope="col">{price}</th>
            <th scope="col">Discount %</th>
            <th scope="col">Line total</th>
            <th scope="col">VAT</th>
            <th scope="col">Availability</th>
            {editable ? <th scope="col">Remove</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const n = index + 1;
            const error = (field: LineField) => problemAt(problems, 'lines', index, field);
            const nowId = `line-${line.key}-now`;
            const quantityNoteId = `line-${line.key}-quantity-note`;
            const quantityNote =
              line.quantityNote === undefined || line.quantityNote === '' || line.code.trim() === ''
                ? null
                : line.quantityNote;
            const now =
              line.availabilityNow === undefined || line.code.trim() === ''
                ? null
                : `Now: ${line.availabilityNow === '' ? 'the stock feed says nothing of it here' : line.availabilityNow}`;
            const control = (field: LineField, label: string) => {
              const found = error(field);
              const errorId = `line-${line.key}-${field}-error`;
              // the stock now describes the document's availability note beside it
              const described = [
                found === undefined ? null : errorId,
                field === 'availabilityNote' && now !== null ? nowId : null,
                field === 'quantity' && quantityNote !== null ? quantityNoteId : null,
              ].filter((id) => id !== null);
              return {
                control: {
                  'aria-label': `${label}, line ${n}`,
                  value: line[field],
                  'aria-invalid': found === undefined ? undefined : true,
                  'aria-describedby': described.length === 0 ? undefined : described.join(' '),
                },
                message: found === undefined ? null : <small id={errorId}>{found}</small>,
              };
            };
            const input = (field: LineField, label: string, mode?: 'decimal') => {
              const { control: props, message } = control(field, label);
              return (
                <>
                  <input
                    {...props}
                    inputMode={mode}
                    dir={field === 'code' || mode === 'decimal' ? 'ltr' : undefined}
                    onChange={(event) => onChange(line.key, field, event.target.value)}
                  />
                  {message}
                </>
              );
            };
            const description = control('description', 'Description');
            const amount = amounts[index] ?? null;
            return (
              <tr key={line.key}>
                <CodeCell>{input('code', 'Code')}</CodeCell>
                <DescriptionCell>
                  <textarea
                    {...description.control}
                    rows={descriptionRows(line.description)}
                    maxLength={QUOTATION_LIMITS.description}
                    onKeyDown={noEnter}
                    onChange={(event) => onChange(line.key, 'description', oneLine(event.target.value))}
                  />
                  {description.message}
                </DescriptionCell>
                <FigureCell $width={LINE_FIELD_WIDTHS.quantity}>
                  {input('quantity', 'Quantity', 'decimal')}
                  {/* the part's minimum order and pack (decision 043), as the quantity was saved */}
                  {quantityNote === null ? null : <p id={quantityNoteId}>{quantityNote}</p>}
                </FigureCell>
                <FigureCell $width={LINE_FIELD_WIDTHS.price}>{input('unitPrice', price, 'decimal')}</FigureCell>
                <FigureCell $width={LINE_FIELD_WIDTHS.percent}>
                  {input('discountPercent', 'Discount %', 'decimal')}
                </FigureCell>
                <Amount>{amount?.lineTotal ?? '—'}</Amount>
                <Amount>{amount === null ? '—' : `${amount.vat} (${amount.vatPercent} %)`}</Amount>
                <AvailabilityCell>
                  {input('availabilityNote', 'Availability')}
                  {now === null ? null : <p id={nowId}>{now}</p>}
                </AvailabilityCell>
                {editable ? (
                  <td>
                    <Button type="button" $variant="secondary" onClick={() => onRemove(line.key)}>
                      Remove<VisuallyHidden> line {n}</VisuallyHidden>
                    </Button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Lines>
  );
}
