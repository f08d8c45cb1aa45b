// "Add a table column": a column of the product's table added to every size at once, named in both languages, with
// the text every size starts with (each is then changed in its own row). A fieldset, not a form: it sits inside the
// editor's form.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { StaffField, Actions, FieldRow } from '../../ui/StaffField';
import { SmallButton } from './editorParts';
import type { NewTableColumn } from './variantGrid';

const Box = styled.fieldset`
  flex-basis: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 12px 16px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  legend { font-weight: 600; padding: 0 4px; }
`;

const EMPTY: NewTableColumn = { name: '', name_ar: '', value: '' };

export function AddTableColumn({ onAdd }: { onAdd: (column: NewTableColumn) => void }) {
  const [open, setOpen] = useState(false);
  const [column, setColumn] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof NewTableColumn, string>>>({});
  const legendId = useId();
  const first = useRef<HTMLInputElement>(null);
  // the box opens on its first field
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  if (!open)
    return (
      <SmallButton type="button" $variant="secondary" onClick={() => setOpen(true)}>
        Add a table column
      </SmallButton>
    );
  const close = () => {
    setOpen(false);
    setColumn(EMPTY);
    setProblems({});
  };
  const add = () => {
    const missing = {
      ...(column.name.trim() === '' ? { name: 'Give the column its English name.' } : {}),
      ...(column.name_ar.trim() === '' ? { name_ar: 'Give the column its Arabic name.' } : {}),
    };
    setProblems(missing);
    if (Object.keys(missing).length > 0) return;
    onAdd(column);
    close();
  };
  const field = (key: keyof NewTableColumn, label: string, hint?: string, lang?: 'ar') => (
    <StaffField label={label} hint={hint} error={problems[key]}>
      {(control) => (
        <input
          {...control}
          type="text"
          lang={lang}
          dir={lang === 'ar' ? 'rtl' : undefined}
          ref={key === 'name' ? first : undefined}
          value={column[key]}
          onChange={(event) => setColumn({ ...column, [key]: event.target.value })}
        />
      )}
    </StaffField>
  );
  return (
    <Box aria-labelledby={legendId}>
      <legend id={legendId}>A new column of the table, for every size</legend>
      <FieldRow>
        {field('name', 'Column name (English)')}
        {field('name_ar', 'Column name (Arabic)', undefined, 'ar')}
        {field('value', 'Value for every size', 'Each size can then be changed in its row; empty for none yet.')}
      </FieldRow>
      <Actions>
        <SmallButton type="button" onClick={add}>
          Add the column
        </SmallButton>
        <SmallButton type="button" $variant="secondary" onClick={close}>
          Cancel
        </SmallButton>
      </Actions>
    </Box>
  );
}
