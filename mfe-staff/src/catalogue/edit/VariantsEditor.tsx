// A product's orderable variants in the editor (docs/decisions/034-orderable-variants.md) as a grid: one row per size,
// in the order buyers see them, with its code, part number, labels, price, unit, pack and its table row's cells in both
// languages, then its published tick and buttons to move or duplicate it. Up and Down (and Enter) move between sizes in
// a column as a spreadsheet does; cells copied from a spreadsheet are pasted as a block from the cell they are pasted
// in, adding sizes past the last; a column can be added to the product's table for every size at once. Each problem
// the server answers with a variant's path is shown in its cell.
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '@site/shared-ui';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { Actions } from '../../ui/StaffField';
import type { FieldProblem } from '../catalogueCalls';
import { SmallButton } from './editorParts';
import { AddTableColumn } from './AddTableColumn';
import { addVariant, changeVariant, duplicateVariant, moveVariant, variantsOf, withVariants } from './variantsModel';
import {
  gridColumns,
  gridCellProblem,
  gridValue,
  isSpreadsheetBlock,
  parseSpreadsheetCells,
  pastedText,
  pasteIntoGrid,
  withGridValue,
  withTableColumn,
  type GridColumn,
} from './variantGrid';

const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Grid = styled.table`
  border-collapse: collapse;
  font-size: 0.9375rem;
  th, td {
    padding: 4px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  thead th { font-weight: 600; vertical-align: bottom; background: ${({ theme }) => theme.colors.surfaceAlt}; }
  /* the size's number and code stay in view while the grid scrolls sideways */
  th[scope='row'] {
    position: sticky;
    inset-inline-start: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surface};
    white-space: nowrap;
    font-weight: 600;
  }
  tr[data-withdrawn] td, tr[data-withdrawn] th { color: ${({ theme }) => theme.colors.textMuted}; }
  input[type='text'] {
    box-sizing: border-box;
    width: 100%;
    min-height: 40px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  input[aria-invalid='true'] { border: 2px solid ${({ theme }) => theme.colors.error}; }
  input:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 0; }
  input[type='checkbox'] { width: 24px; height: 24px; margin: 8px; }
`;

const CellProblem = styled.span`
  display: block;
  max-width: 16em;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.875rem;
`;

/** The Arabic words of a problem found as it is typed (decision 043's cells), under the English. */
const ArabicProblem = styled.span`
  display: block;
`;

const Legend = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RowButtons = styled.div`
  display: flex;
  gap: 4px;
  button { min-width: 44px; padding: 0 8px; }
`;

const buttonId = (index: number, action: string) => `variant-${index + 1}-${action}`;
const cellId = (index: number, column: number) => `variant-${index + 1}-cell-${column}`;

/** A moved row keeps the focus on its own button; at the list's end, on its other one. */
function movedFocus(to: number, by: -1 | 1, count: number): string {
  const atEnd = (by === -1 && to === 0) || (by === 1 && to === count - 1);
  return buttonId(to, atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down');
}

export function VariantsEditor({
  content,
  problems,
  onChange,
}: {
  content: EditableProduct;
  problems: readonly FieldProblem[];
  onChange: (content: EditableProduct) => void;
}) {
  const variants = variantsOf(content);
  const columns = gridColumns(content);
  const hasTable = columns.some((column) => column.kind === 'cell');
  const ids = useId();
  const arabicHint = `${ids}-arabic-cells`;
  const [status, setStatus] = useState('');
  // the control to focus once the grid has drawn again (a moved row's button, a new row's code, a cell below)
  const focus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (focus.current === undefined) return;
    document.querySelector<HTMLElement>(`[data-focus="${focus.current}"]`)?.focus();
    focus.current = undefined;
  });

  const set = (next: typeof variants) => onChange(withVariants(content, next));
  // a cell's problem is at its field, or at its table cell's keys ('row_ar', 'thread', 'mm'); one about the whole
  // table row is shown at its first cell
  const problemOf = (index: number, column: GridColumn, first: boolean) =>
    problems
      .filter(({ field, at }) => {
        if (field !== 'variants' || at[0] !== index || at[1] !== column.field) return false;
        if (column.kind === 'field') return true;
        return at.length === 2 ? first : at.slice(2).join('.') === column.id;
      })
      .map(({ text }) => text)
      .join(' ') || undefined;
  const general = problems.filter((problem) => problem.field === 'variants' && problem.at.length === 0);

  const move = (index: number, by: -1 | 1) => {
    set(moveVariant(variants, index, by));
    focus.current = movedFocus(Math.min(Math.max(index + by, 0), variants.length - 1), by, variants.length);
  };

  // Up and Down (Enter and Shift+Enter as well) go to the same column of the size above or below
  const onCellKey = (event: KeyboardEvent<HTMLInputElement>, index: number, column: number) => {
    const by =
      event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)
        ? 1
        : event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)
          ? -1
          : 0;
    if (by === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter would send the editor's form: in the grid it moves, as in a spreadsheet
    event.preventDefault();
    const to = index + by;
    if (to < 0 || to >= variants.length) return;
    document.querySelector<HTMLElement>(`[data-focus="${cellId(to, column)}"]`)?.focus();
  };

  const onCellPaste = (event: ClipboardEvent<HTMLInputElement>, index: number, column: number) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isSpreadsheetBlock(text)) return;
    event.preventDefault();
    const pasted = pasteIntoGrid(content, index, column, parseSpreadsheetCells(text));
    onChange(pasted.content);
    setStatus(pastedText(pasted));
  };

  return (
    <>
      {general.length > 0 ? <p role="alert">{general.map(({ text }) => text).join(' ')}</p> : null}
      <Legend>
        One row per size. Up and Down move between sizes; cells copied from a spreadsheet paste from the cell you paste
        in, adding sizes past the last. Empty price: price on request; empty part number or pack quantity: none. A size
        not published is withdrawn: not orderable, and its row leaves the table once published.
        {hasTable ? (
          <span id={arabicHint}> The Arabic page shows a size’s English cells until its Arabic ones are changed.</span>
        ) : null}
      </Legend>
      <Scroller>
        <Grid aria-label="Variants">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              {columns.map((column) => (
                <th key={column.key} scope="col" lang={column.lang} style={{ minWidth: column.width }}>
                  {column.label}
                </th>
              ))}
              <th scope="col">Published</th>
              <th scope="col">
                <VisuallyHidden>Order and copies</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant, index) => {
              const name = `Variant ${index + 1}: ${variant.code || 'new'}`;
              return (
                <tr key={index} aria-label={name} data-withdrawn={variant.published ? undefined : ''}>
                  <th scope="row">
                    {index + 1}
                    {variant.published ? null : <span> (withdrawn)</span>}
                  </th>
                  {columns.map((column, at) => {
                    const answered = problemOf(
                      index,
                      column,
                      at === columns.findIndex((c) => c.field === column.field),
                    );
                    // the server's words first; a breaks or minimum cell's own check says it as it is typed
                    const typed = answered === undefined ? gridCellProblem(variant, column) : null;
                    const problem = answered ?? typed?.en;
                    const problemId = `${ids}-${index}-${at}-problem`;
                    const describedBy =
                      [
                        problem === undefined ? undefined : problemId,
                        column.kind === 'cell' && column.field === 'row_ar' && variant.row_ar === undefined
                          ? arabicHint
                          : undefined,
                      ]
                        .filter(Boolean)
                        .join(' ') || undefined;
                    return (
                      <td key={column.key}>
                        <input
                          type="text"
                          aria-label={column.label}
                          aria-invalid={problem === undefined ? undefined : true}
                          aria-describedby={describedBy}
                          data-focus={cellId(index, at)}
                          lang={column.lang}
                          dir={column.lang === 'ar' ? 'rtl' : 'ltr'}
                          value={gridValue(variant, column)}
                          onChange={(event) => set(withGridValue(variants, index, column, event.target.value))}
                          onKeyDown={(event) => onCellKey(event, index, at)}
                          onPaste={(event) => onCellPaste(event, index, at)}
                        />
                        {problem === undefined ? null : (
                          <CellProblem id={problemId}>
                            {problem}
                            {typed == null ? null : (
                              <ArabicProblem lang="ar" dir="rtl">
                                {typed.ar}
                              </ArabicProblem>
                            )}
                          </CellProblem>
                        )}
                      </td>
                    );
                  })}
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Published (variant ${index + 1})`}
                      checked={variant.published}
                      onChange={(event) => set(changeVariant(variants, index, { published: event.target.checked }))}
                    />
                  </td>
                  <td>
                    <RowButtons>
                      <SmallButton
                        type="button"
                        $variant="secondary"
                        data-focus={buttonId(index, 'up')}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                        <VisuallyHidden>Move up variant {index + 1}</VisuallyHidden>
                      </SmallButton>
                      <SmallButton
                        type="button"
                        $variant="secondary"
                        data-focus={buttonId(index, 'down')}
                        disabled={index === variants.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                        <VisuallyHidden>Move down variant {index + 1}</VisuallyHidden>
                      </SmallButton>
                      <SmallButton
                        type="button"
                        $variant="secondary"
                        onClick={() => {
                          set(duplicateVariant(variants, index));
                          focus.current = cellId(index + 1, 0);
                        }}
                      >
                        Duplicate<VisuallyHidden> variant {index + 1}</VisuallyHidden>
                      </SmallButton>
                    </RowButtons>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Grid>
      </Scroller>
      <p role="status" aria-label="Variants grid">
        {status}
      </p>
      <Actions>
        <SmallButton
          type="button"
          $variant="secondary"
          onClick={() => {
            set(addVariant(variants));
            focus.current = cellId(variants.length, 0);
          }}
        >
          Add a variant
        </SmallButton>
        {hasTable ? (
          <AddTableColumn
            onAdd={(column) => {
              onChange(withTableColumn(content, column));
              setStatus(`Column “${column.name.trim()}” added to the table for every size.`);
            }}
          />
        ) : null}
      </Actions>
    </>
  );
}
