// The route table's start data of each contact page (contracts/src/routes.ts) against what the page's loadFirstView
// really loads, in each edition: the server preloads that list and keys the drawn page on those files' versions.
import { server } from '@test/msw';
import { firstViewFetches } from '@test/render';
import { LOCALES, localizedPath } from '@site/contracts/locale';
import { quotationRoute } from '@site/contracts/quotation-route';
import { matchSiteRoute, siteRoutes, startDataPaths } from '@site/contracts/routes';
import type { LoadFirstView } from '@site/shared-store';
import type { ContactExposes } from '../exposes';
import { contactHandlers } from '../testing/handlers';

const PAGES: { [Name in keyof ContactExposes]: () => Promise<{ loadFirstView?: LoadFirstView }> } = {
  './ContactPage': () => import('./ContactPage'),
  './QuoteRequestPage': () => import('../quote-request/QuoteRequestPage'),
  // the buyer's quotation (outside the table, contracts/src/quotationRoute.ts) has no start data: the link's token is
  // the key, read in the browser only
  './Quotation': () => import('../quotation-link/QuotationLinkPage').then(() => ({})),
};

const contactRoutes = siteRoutes.filter((route) => route.remote === 'contact');
const cases = contactRoutes.flatMap((route) =>
  LOCALES.map((locale) => ({ path: localizedPath(locale, `/${route.path}`), route, locale })),
);

beforeEach(() => server.use(...contactHandlers));

it('covers every page of the contact remote', () => {
  expect([...contactRoutes, quotationRoute].map((route) => route.modulePath).sort()).toEqual(Object.keys(PAGES).sort());
});

it.each(cases)('$path: its start data is what its first view loads', async ({ path, route, locale }) => {
  const { loadFirstView } = await PAGES[route.modulePath]();
  expect(startDataPaths(matchSiteRoute(path)!).sort()).toEqual(await firstViewFetches(loadFirstView, locale));
});
