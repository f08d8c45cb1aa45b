// A product's orderable variants in the editor (docs/decisions/034-orderable-variants.md): a row each, in the order
// buyers see them, with its code, part number, labels in both languages, its table row's cells in both languages where
// the product's table lists parts, price, unit, pack and published state; add, duplicate, move up or down, withdraw. Each problem the
// server answers with a variant's path is shown beside its field. Moving keeps the focus on the moved row's button.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, VisuallyHidden } from '@site/shared-ui';
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import { Actions, StaffField } from '../../ui/StaffField';
import type { FieldProblem } from '../catalogueCalls';
import {
  addVariant,
  changeVariant,
  duplicateVariant,
  leafColumns,
  moveVariant,
  tableCellOf,
  type TableRowField,
  variantsOf,
  withTableCell,
  withVariants,
} from './variantsModel';

const Row = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 12px 16px;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: 12px;
  legend { font-weight: 600; padding: 0 4px; }
`;

const Withdrawn = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

type TextField = Exclude<keyof EditableVariant, 'row' | 'row_ar' | 'published'>;

const FIELDS: { field: TextField; label: string; lang?: 'en' | 'ar'; hint?: string }[] = [
  { field: 'code', label: 'Code' },
  { field: 'mpn', label: 'Part number', hint: "The maker's; empty for none." },
  { field: 'label', label: 'Label (English)', lang: 'en', hint: 'e.g. Size 25 (M25).' },
  { field: 'label_ar', label: 'Label (Arabic)', lang: 'ar' },
  { field: 'price', label: 'Price (AED)', hint: 'Empty for price on request.' },
  { field: 'unit', label: 'Unit' },
  { field: 'packQuantity', label: 'Pack quantity', hint: 'Empty for none.' },
];

/** The table row's cells in each language, English first: the Arabic inputs right to left. */
const TABLE_ROWS: { field: TableRowField; language: string; lang: 'en' | 'ar' }[] = [
  { field: 'row', language: 'English', lang: 'en' },
  { field: 'row_ar', language: 'Arabic', lang: 'ar' },
];

const buttonId = (index: number, action: string) => `variant-${index + 1}-${action}`;

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
  const columns = variants.some((variant) => variant.row !== undefined) ? leafColumns(content.details) : [];
  // the button to focus once the list has drawn again (a moved row's, or the new row's first field)
  const focus = useRef<string | undefined>(undefined);
  const setFocus = (target: string) => {
    focus.current = target;
  };
  // after each drawing: the control asked for, once
  useEffect(() => {
    if (focus.current === undefined) return;
    document.querySelector<HTMLElement>(`[data-focus="${focus.current}"]`)?.focus();
    focus.current = undefined;
  });

  const set = (next: EditableVariant[]) => onChange(withVariants(content, next));
  const errorOf = (index: number, field: string) =>
    problems
      .filter((problem) => problem.field === 'variants' && problem.at[0] === index && problem.at[1] === field)
      .map(({ text }) => text)
      .join(' ') || undefined;
  // a cell's problem is at its keys ('row_ar', 'thread', 'mm'); one about the whole row is shown at its first cell
  const cellErrorOf = (index: number, field: TableRowField, id: string, first: boolean) =>
    problems
      .filter(
        ({ field: name, at }) =>
          name === 'variants' &&
          at[0] === index &&
          at[1] === field &&
          (at.length === 2 ? first : at.slice(2).join('.') === id),
      )
      .map(({ text }) => text)
      .join(' ') || undefined;
  const general = problems.filter((problem) => problem.field === 'variants' && problem.at.length === 0);
  const move = (index: number, by: -1 | 1) => {
    set(moveVariant(variants, index, by));
    const to = Math.min(Math.max(index + by, 0), variants.length - 1);
    // at the list's end the other button of the moved row keeps the focus
    setFocus(
      buttonId(
        to,
        (by === -1 && to === 0) || (by === 1 && to === variants.length - 1)
          ? by === -1
            ? 'down'
            : 'up'
          : by === -1
            ? 'up'
            : 'down',
      ),
    );
  };

  return (
    <>
      {general.length > 0 ? <p role="alert">{general.map(({ text }) => text).join(' ')}</p> : null}
      {variants.map((variant, index) => (
        <Row key={index} aria-label={`Variant ${index + 1}: ${variant.code || 'new'}`}>
          <legend>
            Variant {index + 1}: {variant.code || 'new'}
            {variant.published ? '' : ' (withdrawn)'}
          </legend>
          {FIELDS.map(({ field, label, lang, hint }) => (
            <StaffField key={field} label={label} hint={hint} error={errorOf(index, field)}>
              {(control) => (
                <input
                  {...control}
                  data-focus={field === 'code' ? `variant-${index + 1}-code` : undefined}
                  type="text"
                  lang={lang}
                  dir={lang === 'ar' ? 'rtl' : 'ltr'}
                  value={variant[field]}
                  onChange={(event) => set(changeVariant(variants, index, { [field]: event.target.value }))}
                />
              )}
            </StaffField>
          ))}
          {TABLE_ROWS.map(({ field, language, lang }) =>
            columns.map((column, at) => (
              <StaffField
                key={`${field}:${column.id}`}
                label={`Table (${language}): ${column.name}`}
                hint={
                  field === 'row_ar' && variant.row_ar === undefined && at === 0
                    ? 'The Arabic page shows the English cells until these are changed.'
                    : undefined
                }
                error={cellErrorOf(index, field, column.id, at === 0)}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    lang={lang}
                    dir={lang === 'ar' ? 'rtl' : 'ltr'}
                    value={tableCellOf(variant, field, column.id)}
                    onChange={(event) =>
                      set(
                        changeVariant(variants, index, {
                          [field]: withTableCell(variant, field, column.id, event.target.value),
                        }),
                      )
                    }
                  />
                )}
              </StaffField>
            )),
          )}
          {variant.published ? null : (
            <Withdrawn>Withdrawn: not orderable, and its row leaves the table once published.</Withdrawn>
          )}
          <Actions style={{ gridColumn: '1 / -1' }}>
            <Button
              type="button"
              $variant="secondary"
              data-focus={buttonId(index, 'up')}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              Move up<VisuallyHidden> variant {index + 1}</VisuallyHidden>
            </Button>
            <Button
              type="button"
              $variant="secondary"
              data-focus={buttonId(index, 'down')}
              disabled={index === variants.length - 1}
              onClick={() => move(index, 1)}
            >
              Move down<VisuallyHidden> variant {index + 1}</VisuallyHidden>
            </Button>
            <Button
              type="button"
              $variant="secondary"
              onClick={() => {
                set(duplicateVariant(variants, index));
                setFocus(`variant-${index + 2}-code`);
              }}
            >
              Duplicate<VisuallyHidden> variant {index + 1}</VisuallyHidden>
            </Button>
            <Button
              type="button"
              $variant="secondary"
              aria-pressed={!variant.published}
              onClick={() => set(changeVariant(variants, index, { published: !variant.published }))}
            >
              {variant.published ? 'Withdraw' : 'Publish again'}
              <VisuallyHidden> variant {index + 1}</VisuallyHidden>
            </Button>
          </Actions>
        </Row>
      ))}
      <Actions>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            set(addVariant(variants));
            setFocus(`variant-${variants.length + 1}-code`);
          }}
        >
          Add a variant
        </Button>
      </Actions>
    </>
  );
}
