// The small pieces the structured editors are made of: a labelled control in a row, a row's buttons, a list of
// text lines. Every control is named (the visible label, or aria-label naming its row) for screen readers and axe.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, fieldControlStyles } from '@site/shared-ui';

export type Lang = 'en' | 'ar';
export const LANG_NAMES: Record<Lang, string> = { en: 'English', ar: 'Arabic' };

/** The attributes of a control holding one language's text. */
export const langProps = (lang: Lang) => ({ lang, dir: lang === 'ar' ? ('rtl' as const) : ('ltr' as const) });

/** A problem the server found in a detail document: its place in it (['description', 3, 'key']) and its words. */
export interface DocumentProblem {
  at: readonly (string | number)[];
  text: string;
}

/** The words of the problems inside the `index`th item of the document's list `key` (its row, its block), by their place. */
export const problemsInItem = (problems: readonly DocumentProblem[], key: string, index: number): string[] =>
  problems.filter(({ at }) => at[0] === key && at[1] === index).map(({ text }) => text);

/** A problem's words shown at the row or block it is about (the control's aria-describedby names it). */
export const ItemProblem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

export const Fieldset = styled.fieldset`
  ${fieldControlStyles}
  display: flex;
  flex-direction: column;
  gap: 12px;
  min-width: 0;
  margin: 0;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  legend { font-weight: 700; padding: 0 4px; }
  input, select, textarea { width: 100%; box-sizing: border-box; }
  textarea { min-height: 4.5em; }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  padding-bottom: 12px;
  border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  > label { flex: 1 1 160px; min-width: 0; }
  > label.wide { flex: 3 1 260px; }
`;

export const SmallLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: ${({ theme }) => theme.typeScale.sm};
  font-weight: 600;
`;

export const SmallButton = styled(Button)`
  min-height: 44px;
  padding: 0 12px;
`;

/** A row's buttons: move up, move down, remove; each names its row ('Remove row 3 of the English description'). */
export function RowButtons({
  index,
  count,
  what,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  what: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <>
      <SmallButton
        type="button"
        $variant="secondary"
        disabled={index === 0}
        aria-label={`Move ${what} up`}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </SmallButton>
      <SmallButton
        type="button"
        $variant="secondary"
        disabled={index === count - 1}
        aria-label={`Move ${what} down`}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </SmallButton>
      <SmallButton type="button" $variant="secondary" aria-label={`Remove ${what}`} onClick={onRemove}>
        Remove
      </SmallButton>
    </>
  );
}

export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export const replaced = <T,>(items: readonly T[], index: number, item: T): T[] =>
  items.map((old, at) => (at === index ? item : old));
export const removed = <T,>(items: readonly T[], index: number): T[] => items.filter((_, at) => at !== index);

/** A list of texts (paragraphs, specification lines), one control each, with add, move and remove. */
export function LinesEditor({
  legend,
  itemName,
  lines,
  lang,
  multiline = false,
  hint,
  onChange,
}: {
  legend: string;
  /** 'paragraph': names each control ('Paragraph 2'). */
  itemName: string;
  lines: readonly string[];
  lang: Lang;
  multiline?: boolean;
  hint?: ReactNode;
  onChange: (lines: string[]) => void;
}) {
  const Name = itemName.charAt(0).toUpperCase() + itemName.slice(1);
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {hint ? <p>{hint}</p> : null}
      {lines.map((line, index) => (
        <Row key={index}>
          <SmallLabel className="wide">
            {`${Name} ${index + 1}`}
            {multiline ? (
              <textarea
                {...langProps(lang)}
                value={line}
                onChange={(event) => onChange(replaced(lines, index, event.target.value))}
              />
            ) : (
              <input
                {...langProps(lang)}
                type="text"
                value={line}
                onChange={(event) => onChange(replaced(lines, index, event.target.value))}
              />
            )}
          </SmallLabel>
          <RowButtons
            index={index}
            count={lines.length}
            what={`${itemName} ${index + 1} of ${legend}`}
            onMove={(to) => onChange(moved(lines, index, to))}
            onRemove={() => onChange(removed(lines, index))}
          />
        </Row>
      ))}
      <div>
        <SmallButton type="button" $variant="secondary" onClick={() => onChange([...lines, ''])}>
          {`Add ${itemName}`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}
