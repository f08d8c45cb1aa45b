import { screen, waitFor, within } from '@testing-library/react';
import { requestsSent } from '@test/msw';
import { sessionOf } from '../testing/handlers';
import { axeViolations } from '../testing/axe';
import { FAST_PAGES, RELEASE_STAFF, releaseVitals, servedReleases } from '../testing/releaseHandlers';
import { renderStaffApp } from '../testing/renderStaff';

const HELD =
  "The catalogue canary is held: its pages are slower than stable's by more than 10 %: p75 LCP 3.74 s on the canary against 1.87 s on stable (p < 0.0001, +100 %); p75 INP 180 ms on the canary against 96 ms on stable (p = 0.0021, +88 %); 240 sessions on the canary 2026-11-26.1 and 1900 on stable variables.";
const SLOW_PAGES = {
  LCP: { p75: 3740, samples: 260, goodShare: 0.31 },
  INP: { p75: 180, samples: 200, goodShare: 0.62 },
  CLS: { p75: 0.14, samples: 260, goodShare: 0.4 },
};

/** The cells of a table's row, by its row header and a second cell's text (the release, or the edition). */
function cellsOf(table: HTMLElement, header: string, second: string): string[] {
  const row = within(table)
    .getAllByRole('rowheader', { name: header })
    .map((cell) => cell.closest('tr')!)
    .find((each) => each.cells[1]?.textContent === second);
  expect(row).toBeDefined();
  return [...row!.cells].map((cell) => cell.textContent ?? '');
}

describe("the releases console's field vitals", () => {
  it("shows a remote's stable release beside its held canary, all pages and per page pattern, with the rule's sentence", async () => {
    const { registry } = servedReleases({ session: sessionOf(RELEASE_STAFF) });
    registry.vitals.catalogue = {
      stable: releaseVitals('variables', 1900, {
        'our-products': FAST_PAGES,
        'our-products/:productCategoryId': FAST_PAGES,
      }),
      canary: releaseVitals('2026-11-26.1', 240, { 'our-products': SLOW_PAGES }, SLOW_PAGES),
      hold: { held: true, sentence: HELD },
    };
    renderStaffApp('/releases');
    const table = await screen.findByRole('table', { name: 'Field vitals of catalogue, stable beside canary' });
    expect([...within(table).getAllByRole('columnheader')].map((cell) => cell.textContent)).toEqual([
      'Page',
      'Release',
      'LCP p75',
      'INP p75',
      'CLS p75',
      'LCP good',
      'INP good',
      'CLS good',
    ]);
    expect(cellsOf(table, 'All pages', 'variables (stable)')).toEqual([
      'All pages',
      'variables (stable)',
      '1.87 s (25 views)',
      '96 ms (20 views)',
      '0.021 (25 views)',
      '100 %',
      '95 %',
      '100 %',
    ]);
    expect(cellsOf(table, 'All pages', '2026-11-26.1 (canary)')).toEqual([
      'All pages',
      '2026-11-26.1 (canary)',
      '3.74 s (260 views)',
      '180 ms (200 views)',
      '0.140 (260 views)',
      '31 %',
      '62 %',
      '40 %',
    ]);
    // a page pattern only one side had: the other says so
    expect(cellsOf(table, 'our-products/:productCategoryId', '2026-11-26.1 (canary)')).toEqual([
      'our-products/:productCategoryId',
      '2026-11-26.1 (canary)',
      'No page views',
    ]);
    const section = screen.getByRole('region', { name: 'catalogue' });
    expect(within(section).getByText(HELD)).toBeInTheDocument();
    expect(
      within(section).getByText(/1900 sessions on variables \(stable\), 240 sessions on 2026-11-26\.1 \(canary\)/),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the site's every page over 28 days, per edition and device; a metric without samples is a dash", async () => {
    servedReleases({ session: sessionOf(RELEASE_STAFF) });
    renderStaffApp('/releases');
    const table = await screen.findByRole('table', { name: /^Every page over the last 28 days/ });
    expect(screen.getByRole('region', { name: 'Page speed of the site' })).toContainElement(table);
    expect(cellsOf(table, 'home', 'English')).toEqual([
      'home',
      'English',
      'Desktops',
      '1.87 s (25 views)',
      '96 ms (20 views)',
      '0.021 (25 views)',
      '100 %',
      '95 %',
      '100 %',
    ]);
    expect(cellsOf(table, 'home', 'Arabic')).toEqual([
      'home',
      'Arabic',
      'Phones',
      '3.12 s (40 views)',
      '240 ms (31 views)',
      '—',
      '55 %',
      '70 %',
      '—',
    ]);
    // the stable release alone, without a canary: no verdict
    const chatless = await screen.findByRole('table', { name: 'Field vitals of catalogue, stable beside canary' });
    expect(within(chatless).queryByText(/\(canary\)/)).toBeNull();
    await waitFor(() =>
      expect(requestsSent()).toEqual(
        expect.arrayContaining([
          'GET /api/staff/releases/remotes/catalogue/vitals',
          'GET /api/staff/releases/site-vitals',
        ]),
      ),
    );
  });
});
