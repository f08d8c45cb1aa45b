import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CloseIcon, LoadError, Modal, SearchIcon } from '@site/shared-ui';
import { useAppDispatch, useAppSelector } from '@site/shared-store';
import { productImagePath, type SearchResult } from '@site/content';
import {
  fetchSearchResults,
  searchReset,
  searchTextChanged,
  selectFilteredResults,
  selectSearchStatus,
  selectSearchText,
} from './searchSlice';

/** The spec's delay before the search input takes the focus. */
export const SEARCH_FOCUS_DELAY_MS = 100;

/** The contract of the './SearchModal' expose (the shell's header renders it while open). */
export interface SearchModalProps {
  open: boolean;
  onClose: () => void;
}

const Field = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  margin-bottom: 16px;
  > svg { position: absolute; left: 12px; color: ${({ theme }) => theme.colors.textMuted}; pointer-events: none; }
  input {
    width: 100%;
    min-height: 48px;
    padding: 10px 48px 10px 44px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    font: inherit;
    &:focus { border-color: ${({ theme }) => theme.colors.brand}; outline: none; }
  }
`;

const Clear = styled.button`
  position: absolute;
  right: 4px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

const Message = styled.div`
  padding: 24px 8px;
  text-align: center;
  p { margin: 0 0 6px; overflow-wrap: anywhere; }
  p + p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.typeScale.sm}; }
`;

const Count = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

const Options = styled.ul`
  max-height: min(420px, 50vh);
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const Option = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  img { flex: none; width: 56px; height: 42px; object-fit: contain; background: ${({ theme }) => theme.colors.surfaceAlt}; border-radius: 4px; }
  span { display: flex; flex-direction: column; min-width: 0; }
  strong { color: ${({ theme }) => theme.colors.text}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  &[aria-selected='true'] { background: ${({ theme }) => theme.colors.brandLight}; }
`;

const Footer = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 12px 0 0;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.xs};
  kbd { padding: 1px 6px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 4px; background: ${({ theme }) => theme.colors.surfaceAlt}; font: inherit; }
`;

/** The header's search: type to filter the catalogue by title, category or company; arrows and Enter, or a click, open a product. */
export default function SearchModal({ open, onClose }: SearchModalProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const text = useAppSelector(selectSearchText);
  const status = useAppSelector(selectSearchStatus);
  const results = useAppSelector(selectFilteredResults);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = Math.min(active, results.length - 1);

  useEffect(() => {
    if (open) void dispatch(fetchSearchResults());
  }, [dispatch, open]);

  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => inputRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Keep the highlighted result in view while the arrows move it.
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, listId]);

  const setText = (value: string) => {
    dispatch(searchTextChanged(value));
    setActive(0);
  };

  const choose = (result: SearchResult) => {
    dispatch(searchReset());
    onClose();
    navigate(`/our-products/${result.productCategoryId}/${result.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[activeIndex];
      if (chosen) choose(chosen);
    }
  };

  const query = text.trim();
  const showResults = status === 'succeeded' && results.length > 0;

  return (
    <Modal open={open} onClose={onClose} title="Search" maxWidth={720} closeLabel="Close search">
      <Field>
        <SearchIcon size={20} />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Search text"
          aria-autocomplete="list"
          aria-expanded={showResults}
          aria-controls={listId}
          aria-activedescendant={showResults ? optionId(activeIndex) : undefined}
          placeholder="Search for products, categories..."
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {text !== '' ? (
          <Clear
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </Clear>
        ) : null}
      </Field>
      {status === 'failed' ? (
        <LoadError message="The search could not be loaded." onRetry={() => dispatch(fetchSearchResults())} />
      ) : query === '' ? (
        <Message>
          <p>Start typing to search</p>
          <p>Search for products, categories, or companies</p>
        </Message>
      ) : status !== 'succeeded' ? (
        <Message role="status">
          <p>Loading results...</p>
        </Message>
      ) : results.length === 0 ? (
        <Message role="status">
          <p>{`No results found for "${query}"`}</p>
          <p>Try different keywords or check your spelling</p>
        </Message>
      ) : (
        <>
          <Count role="status">{`${results.length} result(s) found`}</Count>
          <Options id={listId} role="listbox" aria-label="Search results">
            {results.map((result, index) => (
              <Option
                key={result.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(result)}
              >
                <img src={productImagePath(result.image)} alt="" width={56} height={42} loading="lazy" />
                <span>
                  <strong>{result.title}</strong>
                  <small>{result.productCategory}</small>
                  {result.company ? <small>{result.company}</small> : null}
                </span>
              </Option>
            ))}
          </Options>
          <Footer>
            <span>
              <kbd>ESC</kbd> to close
            </span>
            <span>
              <kbd>↑</kbd> <kbd>↓</kbd> to navigate
            </span>
            <span>
              <kbd>Enter</kbd> to open
            </span>
          </Footer>
        </>
      )}
    </Modal>
  );
}
