// The branches in the page's language: the English ones bundled with the code on an English page, the translated
// ones from the store (branchesSlice.ts, /data/ar/branches.json) on a page of another edition.
import { useCallback, useEffect } from 'react';
import { branches as englishBranches, type Branch, type BranchId } from '@site/content';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { DEFAULT_LOCALE } from '@site/contracts/locale';
import { fetchBranches, selectBranchesStatus, selectLoadedBranches } from './branchesSlice';

/**
 * For the server (shared-store's LoadFirstView) on the pages that show branches: an Arabic page's branches, so its HTML
 * has them (an English page draws the bundled ones and loads nothing).
 */
export const loadPageBranches: LoadFirstView = ({ dispatch, locale }) =>
  locale === DEFAULT_LOCALE ? Promise.resolve() : dispatch(fetchBranches());

export type PageBranches =
  | { status: 'ready'; branches: Branch[] }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void };

/** The branches to show; on a page of another edition, loaded (once) from its data file. */
export function usePageBranches(): PageBranches {
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectLoadedBranches);
  const status = useAppSelector(selectBranchesStatus);
  const translated = locale !== 'en';
  const retry = useCallback(() => void dispatch(fetchBranches()), [dispatch]);

  useEffect(() => {
    // the server drew the page with them (loadFirstView): the store has them already, and nothing is fetched
    if (translated) void dispatch(fetchBranches());
  }, [translated, dispatch]);

  if (!translated) return { status: 'ready', branches: englishBranches };
  if (status === 'succeeded') return { status: 'ready', branches: loaded };
  if (status === 'failed') return { status: 'failed', retry };
  return { status: 'loading' };
}

/** A branch's name as the server knows it ('Dubai', 'Saudi Arabia'): the value a form sends, whatever the page's language. */
export function branchValue(id: BranchId): string {
  return englishBranches.find((branch) => branch.id === id)?.name ?? id;
}
