import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { LoadError, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { DEFAULT_LOCALE } from '@site/contracts/locale';
import { useText } from '../i18n/useText';
import {
  fetchCompanyContent,
  selectContentParts,
  selectContentStatus,
  type CompanyContent,
  type ContentPart,
} from './companyContentSlice';

/**
 * The English texts a page's bundle carries, there from the first render: each page imports its own (a page's data
 * in every page's bundle made /home carry the certificates and the projects). The teaser's categories are never among
 * them: they are the catalogue's (the database's, renamed without a release), loaded in every language.
 */
export type BundledContent = Partial<Omit<CompanyContent, 'teaser'>>;

/** The parts a page of `locale` loads: all of them in Arabic, what the bundle does not hold in English. */
function loadedParts<P extends ContentPart>(parts: readonly P[], bundled: BundledContent | undefined): P[] {
  return bundled === undefined ? [...parts] : parts.filter((part) => !(part in bundled));
}

/** The parts a page asked for: ready to draw, still loading (an Arabic page opened in the browser), or failed. */
export type ContentView<P extends ContentPart> =
  | { status: 'ready'; content: Pick<CompanyContent, P> }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void };

/**
 * The data `parts` of the company pages in the page's language (see companyContentSlice.ts). English texts: at once.
 * Arabic, and the teaser's categories in both: from the store, which the server filled for the first page; a page
 * opened later loads what is missing.
 */
export function useCompanyContent<P extends ContentPart>(parts: readonly P[], bundled: BundledContent): ContentView<P> {
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectContentParts);
  const status = useAppSelector(selectContentStatus);
  const english = locale === DEFAULT_LOCALE;
  const missing = loadedParts(parts, english ? bundled : undefined).filter((part) => loaded[part] === undefined);
  const missingKey = missing.join(' ');

  useEffect(() => {
    if (missingKey === '') return;
    for (const part of missingKey.split(' ') as P[]) void dispatch(fetchCompanyContent(part));
  }, [dispatch, missingKey]);

  return useMemo((): ContentView<P> => {
    if (missingKey === '')
      return { status: 'ready', content: (english ? { ...bundled, ...loaded } : loaded) as Pick<CompanyContent, P> };
    const failed = (missingKey.split(' ') as P[]).filter((part) => status[part] === 'failed');
    if (failed.length === 0) return { status: 'loading' };
    return { status: 'failed', retry: () => failed.forEach((part) => void dispatch(fetchCompanyContent(part))) };
  }, [english, bundled, missingKey, loaded, status, dispatch]);
}

/**
 * For a page's `loadFirstView`: on the server, a page loads the parts it does not have in its bundle before it is
 * drawn (an Arabic page all of them, an English one the teaser's categories), so its HTML is complete and the browser
 * starts from them.
 */
export function loadContentFirstView(parts: readonly ContentPart[], bundled: BundledContent): LoadFirstView {
  return (context) =>
    Promise.all(
      loadedParts(parts, context.locale === DEFAULT_LOCALE ? bundled : undefined).map((part) =>
        context.dispatch(fetchCompanyContent(part)),
      ),
    );
}

const Pending = styled.div`
  min-height: 40vh;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p { margin: 0; }
`;

/** What a page shows while its data loads (an Arabic page opened in the browser), or when that failed. */
export function ContentPending({ view }: { view: Exclude<ContentView<ContentPart>, { status: 'ready' }> }) {
  const text = useText();
  if (view.status === 'failed') return <LoadError message={text('company.content.loadError')} onRetry={view.retry} />;
  return (
    <Pending>
      <Spinner label={text('company.content.loading')} />
      <p aria-hidden="true">{text('company.content.loading')}</p>
    </Pending>
  );
}
