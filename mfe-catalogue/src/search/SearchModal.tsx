import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { CloseIcon, Modal, SearchIcon } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale } from '@site/shared-store';
import type { SearchModalProps } from '@site/contracts/federation';
import {
  SEARCH_TEXT_MAX,
  searchCatalogue,
  searchReset,
  searchTextChanged,
  searchTooLong,
  selectSearchHighlight,
  selectSearchQuery,
  selectSearchResults,
  selectSearchSuggestion,
  selectSearchStatus,
  selectSearchText,
  selectSearchTotal,
} from './searchSlice';
import { optionId, SearchResults } from './SearchResults';
import { searchResultPath } from './resultPath';
import { useText } from '../i18n/useText';

/** The spec's delay before the search input takes the focus. */
export const SEARCH_FOCUS_DELAY_MS = 100;

/** The pause in typing after which the server is asked: a word typed at speed is one search, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 150;

/** A search under way, which a newer text or closing the modal aborts. */
interface SearchUnderWay {
  abort: () => void;
}

/** A next page under way: asked once per page, however often 'Show more' or the arrow is pressed meanwhile. */
interface PageUnderWay extends SearchUnderWay {
  offset: number;
}

const Field = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  margin-bottom: 16px;
  > svg { position: absolute; inset-inline-start: 12px; color: ${({ theme }) => theme.colors.textMuted}; pointer-events: none; }
  input {
    width: 100%;
    min-height: 48px;
    padding-block: 10px;
    padding-inline: 44px 48px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    font: inherit;
    &:focus { border-color: ${({ theme }) => theme.colors.brand}; outline: none; }
  }
`;

const Clear = styled.button`
  position: absolute;
  inset-inline-end: 4px;
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

/**
 * The header's search: type to find products by title, category or company; arrows and Enter, or a click, open a
 * product. The server searches (GET /api/catalogue/search, a page at a time): asked once typing pauses, the search
 * before aborted; the last results stay on screen while the next load.
 */
export default function SearchModal({ open, onClose, typedText }: SearchModalProps) {
  const dispatch = useAppDispatch();
  const t = useText();
  const navigate = useNavigate();
  const lang = useLocale();
  const text = useAppSelector(selectSearchText);
  const status = useAppSelector(selectSearchStatus);
  // the results on screen and the search they are for ('' until the first answer)
  const resultsQuery = useAppSelector(selectSearchQuery);
  const total = useAppSelector(selectSearchTotal);
  const shown = useAppSelector(selectSearchResults);
  const suggestion = useAppSelector(selectSearchSuggestion);
  const highlight = useAppSelector(selectSearchHighlight);
  const searching = useRef<SearchUnderWay | null>(null);
  const pageLoading = useRef<PageUnderWay | null>(null);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set when the highlight moves by keyboard: only then is the highlighted result scrolled into view (scrolling reads
  // the layout, which a list just drawn would have to compute at once, inside the keystroke).
  const scrollToActive = useRef(false);
  const listId = useId();
  const activeIndex = Math.min(active, shown.length - 1);

  const trimmed = text.trim();
  const search = useCallback(
    (query: string) => {
      pageLoading.current?.abort();
      pageLoading.current = null;
      if (query.length > SEARCH_TEXT_MAX) dispatch(searchTooLong(query));
      else searching.current = dispatch(searchCatalogue({ query, offset: 0, lang }));
    },
    [dispatch, lang],
  );

  useEffect(() => {
    if (!open || trimmed === '') return undefined;
    const timer = setTimeout(() => search(trimmed), SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      searching.current?.abort();
      pageLoading.current?.abort();
    };
  }, [open, trimmed, search]);

  // Text typed in the header's field while this opened goes on here, and the focus with it at once: the visitor is
  // typing, and a key pressed in the spec's delay would be lost. Read in this effect, after the dialog's own focus,
  // in the same task: no key falls between.
  useEffect(() => {
    if (!open) return undefined;
    const typed = typedText?.() ?? '';
    if (typed !== '') {
      dispatch(searchTextChanged(typed));
      inputRef.current?.focus();
      return undefined;
    }
    const timer = setTimeout(() => inputRef.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, dispatch, typedText]);

  useEffect(() => {
    if (!scrollToActive.current) return;
    scrollToActive.current = false;
    if (activeIndex >= 0)
      document.getElementById(optionId(listId, activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, listId, shown]);

  const setText = (value: string) => {
    dispatch(searchTextChanged(value));
    setActive(0);
  };

  const choose = useCallback(
    (position: number) => {
      const chosen = shown[position];
      if (!chosen) return;
      dispatch(searchReset());
      onClose();
      void navigate(searchResultPath(chosen));
    },
    [shown, dispatch, onClose, navigate],
  );

  /** Asks for the next page of results; returns how many were drawn before (the first new one's position). */
  const showMore = useCallback(() => {
    const offset = shown.length;
    if (pageLoading.current?.offset !== offset) {
      pageLoading.current?.abort();
      const request = dispatch(searchCatalogue({ query: resultsQuery, offset, lang }));
      pageLoading.current = { offset, abort: () => request.abort() };
    }
    return offset;
  }, [dispatch, resultsQuery, shown.length, lang]);

  const onShowMore = useCallback(() => {
    // The highlight goes to the first new result (once it is there) and the focus back to the input, where the
    // arrows go on from it.
    setActive(showMore());
    scrollToActive.current = true;
    inputRef.current?.focus();
  }, [showMore]);

  const onRetry = useCallback(() => search(trimmed), [search, trimmed]);

  // "See all N results": the link goes to the results page; the modal closes behind it, its text cleared
  const onSeeAll = useCallback(() => {
    dispatch(searchReset());
    onClose();
  }, [dispatch, onClose]);

  // "Did you mean …?": the close text becomes the search's text, and the focus goes back to the input
  const onSuggestion = useCallback(
    (close: string) => {
      dispatch(searchTextChanged(close));
      setActive(0);
      inputRef.current?.focus();
    },
    [dispatch],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      scrollToActive.current = true;
      if (event.key === 'ArrowUp') setActive(activeIndex === 0 ? shown.length - 1 : activeIndex - 1);
      else if (activeIndex + 1 < shown.length) setActive(activeIndex + 1);
      // Past the last result drawn: the next page, when there is one, else round to the first.
      else setActive(shown.length < total ? showMore() : 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeIndex);
    }
  };

  // No text: the start texts. Text, but no answer yet: loading. Else the newest answer's results.
  const query = trimmed === '' ? '' : resultsQuery || trimmed;
  const listStatus = status === 'failed' ? 'failed' : trimmed !== '' && resultsQuery === '' ? 'loading' : 'succeeded';
  const showResults = trimmed !== '' && listStatus === 'succeeded' && shown.length > 0;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('catalogue.search.title')}
      maxWidth={720}
      closeLabel={t('catalogue.search.close')}
    >
      <Field>
        <SearchIcon size={20} />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={t('catalogue.search.input')}
          aria-autocomplete="list"
          aria-expanded={showResults}
          aria-controls={listId}
          aria-activedescendant={showResults ? optionId(listId, activeIndex) : undefined}
          placeholder={t('catalogue.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {text !== '' ? (
          <Clear
            type="button"
            aria-label={t('catalogue.search.clear')}
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </Clear>
        ) : null}
      </Field>
      <SearchResults
        query={query}
        status={listStatus}
        total={total}
        suggestion={suggestion}
        highlight={highlight}
        shown={shown}
        activeIndex={activeIndex}
        listId={listId}
        onHover={setActive}
        onChoose={choose}
        onShowMore={onShowMore}
        onRetry={onRetry}
        onSuggestion={onSuggestion}
        onSeeAll={onSeeAll}
      />
    </Modal>
  );
}
