// The reviews' product filter: a combobox that asks the catalogue's search for the products a typed name or code
// finds (8 at a time), however big the catalogue; the product chosen is named by a look-up of its id alone.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@site/shared-ui';
import type { LookupResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { CATALOGUE_LOOKUP_API_PATH, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { normalizedProductCode } from '@site/content/validation';
import type { SearchResult } from '@site/content';
import { StaffField } from '../ui/StaffField';

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

type Found = { state: 'idle' } | { state: 'found'; text: string; results: SearchResult[] } | { state: 'failed' };

async function json<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The chosen product's name: the id until the look-up answers, and if it finds nothing. */
function useProductName(productId: string): string {
  const [name, setName] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    json<LookupResponse>(`${CATALOGUE_LOOKUP_API_PATH}?codes=${normalizedProductCode(productId)}`, controller.signal)
      .then(({ products }) => {
        const product = products.find((each) => each.id === productId);
        if (product !== undefined) setName({ id: productId, name: product.productName });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId]);
  return name?.id === productId ? name.name : productId;
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
  const [answer, setFound] = useState<Found>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = text.trim();
  // no text, nothing found (an answer for a text since erased is not shown)
  const found: Found = typed === '' ? { state: 'idle' } : answer;

  useEffect(() => {
    if (typed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: typed, limit: String(PRODUCT_CHOICES) });
      json<SearchResponse>(`${CATALOGUE_SEARCH_API_PATH}?${params}`, controller.signal)
        .then(({ results }) => {
          setFound({ state: 'found', text: typed, results });
          setActive(0);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFound({ state: 'failed' });
        });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  const results = found.state === 'found' ? found.results : [];
  const expanded = open && results.length > 0;
  const choose = (result: SearchResult | undefined) => {
    if (result !== undefined) onChoose(result.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (results.length === 0 ? 0 : (index + step + results.length) % results.length));
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
        {found.state === 'failed'
          ? 'Products could not be searched right now. Filter by the other fields, or try again.'
          : found.state === 'found' && found.results.length === 0 && found.text === typed
            ? `No product matches “${found.text}”.`
            : ''}
      </Status>
    </Picker>
  );
}
