// The reviews' product filter: a combobox that asks the catalogue's search for the products a typed name or code
// finds (8 at a time), however big the catalogue; the product chosen is named by a look-up of its id alone. Both are
// calls of the app's API (reviewsApi.ts), typed by the contracts' answers.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import type { SearchResponse } from '@site/contracts/catalogue-api';
import { normalizedProductCode } from '@site/content/validation';
import type { SearchResult } from '@site/content';
import { StaffField } from '../ui/StaffField';
import { useProductLookupQuery, useProductSearchQuery } from './reviewsApi';

/** Matches offered at once: enough to pick from, small enough to read. */
export const PRODUCT_CHOICES = 8;
/** Typing pauses this long before the search is asked (as the site's search modal waits). */
const TYPING_PAUSE_MS = 150;

const Picker = styled.div`
  position: relative;
  flex: 1 1 320px;
  input { width: 100%; }
`;

const Choices = styled.ul`
  position: absolute;
  z-index: 2;
  inset-inline: 0;
  top: 100%;
  max-height: 320px;
  margin: 4px 0 0;
  padding: 4px;
  overflow-y: auto;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 8px 24px rgb(0 0 0 / 12%);
`;

/** A match: chosen by a click, or by the input's arrow keys and Enter (its aria-activedescendant). */
const Choice = styled.li`
  display: flex;
  flex-direction: column;
  padding: 8px;
  border-radius: 4px;
  cursor: pointer;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  &[aria-selected='true'] { background: ${({ theme }) => theme.colors.brandLight}; }
`;

const Chosen = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  flex: 1 1 320px;
  strong { overflow-wrap: anywhere; }
`;

const Status = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** `value` once it has stayed the same for `ms`: what is typed is asked for when typing pauses. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The chosen product's name: the id until the look-up answers, and if it finds nothing (or fails). */
function useProductName(productId: string): string {
  // an answer for another id (the one chosen before) names nothing here
  const { data } = useProductLookupQuery(normalizedProductCode(productId));
  return data?.products.find((each) => each.id === productId)?.productName ?? productId;
}

export interface ProductPickerProps {
  /** The product filtered by, if any. */
  productId: string | undefined;
  onChange: (productId: string | undefined) => void;
}

export function ProductPicker({ productId, onChange }: ProductPickerProps) {
  if (productId !== undefined) return <ChosenProduct productId={productId} onClear={() => onChange(undefined)} />;
  return <ProductSearch onChoose={onChange} />;
}

function ChosenProduct({ productId, onClear }: { productId: string; onClear: () => void }) {
  const name = useProductName(productId);
  return (
    <Chosen role="group" aria-label="Product">
      <span>
        Product: <strong>{name}</strong>
      </span>
      <Button type="button" $variant="secondary" onClick={onClear}>
        All products
      </Button>
    </Chosen>
  );
}

function ProductSearch({ onChoose }: { onChoose: (productId: string) => void }) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const asked = useSettled(typed, TYPING_PAUSE_MS);
  // no text, no search (an answer for a text since erased is not shown)
  const search = useProductSearchQuery({ q: asked, limit: PRODUCT_CHOICES }, { skip: typed === '' || asked === '' });
  const failed = typed !== '' && search.isError;
  // the last answer stays offered while the next text's is on its way
  const results: SearchResult[] = typed === '' || failed ? [] : (search.data?.results ?? []);
  // "none" only of an answer for the text as it now is
  const noMatch = typed !== '' && asked === typed && search.currentData?.results.length === 0;
  // the match the arrow keys moved to, in the answer they moved in: a new answer starts at its first
  const [moved, setMoved] = useState<{ answer: SearchResponse | undefined; index: number }>({
    answer: undefined,
    index: 0,
  });
  const active = moved.answer === search.data ? moved.index : 0;

  const expanded = open && results.length > 0;
  const choose = (result: SearchResult | undefined) => {
    if (result !== undefined) onChoose(result.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setMoved({
        answer: search.data,
        index: results.length === 0 ? 0 : (active + step + results.length) % results.length,
      });
    } else if (event.key === 'Enter' && expanded) {
      // the product, not the reviews' search form
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <Picker>
      <StaffField label="Product" hint="All products; type a name or a model code to pick one.">
        {(control) => (
          <input
            {...control}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        )}
      </StaffField>
      <Choices id={listId} role="listbox" aria-label="Products found" hidden={!expanded}>
        {results.map((result, index) => (
          <Choice
            key={result.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // keeps the focus in the input, so the blur does not close the list before the click lands
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(result)}
          >
            <span>{result.title}</span>
            <small>{[result.productCategory, result.company].filter(Boolean).join(' · ')}</small>
          </Choice>
        ))}
      </Choices>
      <Status role="status">
        {failed
          ? 'Products could not be searched right now. Filter by the other fields, or try again.'
          : noMatch
            ? `No product matches “${typed}”.`
            : ''}
      </Status>
    </Picker>
  );
}
