// The route table's start data of each company page (contracts/src/routes.ts) against what the page's loadFirstView
// really loads, in each edition: the server preloads that list and keys the drawn page on those files' versions, so a
// file missing from it would go stale in the page cache, and one too many would be a wasted download.
import { http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { firstViewFetches } from '@test/render';
import { dataEdition } from '@site/content/arabic-edition';
import { LOCALES, localizedPath } from '@site/contracts/locale';
import { matchSiteRoute, siteRoutes, startDataPaths } from '@site/contracts/routes';
import type { LoadFirstView } from '@site/shared-store';
import type { CompanyExposes } from '../exposes';
import { OUR_TEAM_PATH } from '../management/ourTeamSlice';
import { serveArabicEditions, serveEnglishCategories } from '../testing/handlers';

const PAGES: { [Name in keyof CompanyExposes]: () => Promise<{ loadFirstView?: LoadFirstView }> } = {
  './HomePage': () => import('../home/HomePage'),
  './AboutPage': () => import('../about/AboutPage'),
  './CertificatesPage': () => import('../certificates/CertificatesPage'),
  './ManagementPage': () => import('../management/ManagementPage'),
  './ProjectsPage': () => import('../projects/ProjectsPage'),
  './CareersPage': () => import('../careers/CareersPage'),
};

const companyRoutes = siteRoutes.filter((route) => route.remote === 'company');
const cases = companyRoutes.flatMap((route) =>
  LOCALES.map((locale) => ({ path: localizedPath(locale, `/${route.path}`), route, locale })),
);

beforeEach(() => {
  serveArabicEditions();
  serveEnglishCategories();
  server.use(http.get(OUR_TEAM_PATH, () => HttpResponse.json(dataEdition('en', 'our-team.json'))));
});

it('covers every page of the company remote', () => {
  expect(companyRoutes.map((route) => route.modulePath).sort()).toEqual(Object.keys(PAGES).sort());
});

it.each(cases)('$path: its start data is what its first view loads', async ({ path, route, locale }) => {
  const { loadFirstView } = await PAGES[route.modulePath]();
  expect(startDataPaths(matchSiteRoute(path)!).sort()).toEqual(await firstViewFetches(loadFirstView, locale));
});
