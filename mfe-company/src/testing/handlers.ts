// What the company remote's tests serve (with MSW, see tools/jest/msw.ts): the team file, answered when the test says,
// the Arabic edition of the data files the company pages read (/data/ar/<file>.json, as the server makes them) and the
// English categories (the home teaser's, loaded in both languages).
import { http, HttpResponse } from 'msw';
import { answerByHand, server } from '@test/msw';
import { arabicEdition, dataEdition, type DataFileName } from '@site/content/arabic-edition';
import { localizedDataPath } from '@site/contracts/locale';
import { makeStore } from '@site/shared-store';
import { OUR_TEAM_PATH } from '../management/ourTeamSlice';
import { CONTENT_FILES, fetchCompanyContent, teaserCategories } from '../content/companyContentSlice';

/** Holds each GET of the team file until the test answers it, so a test sees the page while it loads. */
export const ourTeamAnsweredByHand = () => answerByHand('get', OUR_TEAM_PATH);

/** Serves the Arabic edition of every data file the company pages read (and the team). */
export function serveArabicEditions(): void {
  const files = [...new Set([...Object.values(CONTENT_FILES), OUR_TEAM_PATH])];
  server.use(
    ...files.map((path) =>
      http.get(localizedDataPath('ar', path), () =>
        HttpResponse.json(arabicEdition(path.slice('/data/'.length) as DataFileName)),
      ),
    ),
  );
}

/** Serves the English categories file (/data/products-category.json), which the home page's teaser reads. */
export function serveEnglishCategories(): void {
  server.use(http.get(CONTENT_FILES.teaser, () => HttpResponse.json(dataEdition('en', 'products-category.json'))));
}

/**
 * A store as an English /home drawn by the server starts with: the teaser's categories its loadFirstView loaded (the
 * state is checked against the real loadFirstView in home/HomePage.test.tsx), for tests that render synchronously.
 */
export function englishHomeStore() {
  const store = makeStore();
  const teaser = teaserCategories(dataEdition('en', 'products-category.json'));
  store.dispatch(fetchCompanyContent.fulfilled({ part: 'teaser', data: teaser }, 'first-view', 'teaser'));
  return store;
}
