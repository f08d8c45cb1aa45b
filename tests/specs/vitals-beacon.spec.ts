// The field vitals beacon against the built site: a visitor's page view of a catalogue page sends its vitals when the
// visitor leaves it, by a link of the site (a view the router draws in the same document) or out of the site
// (sendBeacon on pagehide), and the server counted each view under its route pattern and the catalogue release the
// page loaded, as the releases console's API reads it back: the first view with the document's loading metrics, the
// view drawn in the page with its own CLS and no LCP.
import { VITALS_PATH, type RemoteVitalsReport } from '@site/contracts/vitals-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { CATALOGUE_RELEASER, confirmCodesSaved, setUpTotp, startStaffSite, submitPassword } from '../support/staff';

localOnly('starts its own server with a release account it creates');

test("each page view's beacon arrives when the visitor leaves it, in the page or out of it, counted under its route pattern and the releases it loaded", {
  tag: ['@local', '@staff', '@catalogue'],
}, async ({ page, browser }) => {
  test.setTimeout(120_000); // the CLI and the server's start on a loaded 2-core machine
  const staffSite = await startStaffSite([CATALOGUE_RELEASER]);
  const at = (address: string) => `${staffSite.url}${address}`;
  const staffAt = (address: string) => `${staffSite.staffUrl}${address}`;
  try {
    const visitor = await browser.newPage();
    // the observers' chunk comes once the page has loaded and is idle
    const chunk = visitor.waitForResponse((response) => /vitals[^/]*\.js$/.test(new URL(response.url()).pathname), {
      timeout: 15_000,
    });
    await visitor.goto(at('/our-products'));
    await waitUntilStarted(visitor);
    await chunk;
    await visitor.getByRole('main').click({ position: { x: 5, y: 5 } });
    // a category card: the listing drawn in the same document, the first view's beacon sent as it is left
    const firstView = visitor.waitForRequest((request) => new URL(request.url()).pathname === VITALS_PATH);
    await visitor
      .getByRole('list', { name: 'Product categories' })
      .getByRole('link', { name: /Industrial Cable Glands/ })
      .first()
      .click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Industrial Cable Glands' })).toBeVisible();
    expect((await firstView).postDataJSON()).toMatchObject({
      route: 'our-products',
      metrics: { LCP: expect.any(Number), TTFB: expect.any(Number) },
    });
    // the visitor leaves the site: the page is hidden and unloaded, the listing view's beacon sent (by the browser, as
    // the document goes: the server's count below says it arrived)
    await visitor.goto('about:blank');
    await visitor.close();

    await page.goto(staffAt('/staff/sign-in'));
    await submitPassword(page, CATALOGUE_RELEASER);
    // the release role's first sign-in sets up its second factor
    await setUpTotp(page);
    await confirmCodesSaved(page);
    await expect(page).toHaveURL(staffAt('/staff/releases'));
    const readReport = async () =>
      (await (
        await page.request.get(staffAt('/api/staff/releases/remotes/catalogue/vitals'))
      ).json()) as RemoteVitalsReport;
    const viewsOf = (report: RemoteVitalsReport, pattern: string) =>
      report.stable.routes.find((route) => route.route === pattern)?.vitals;
    // each view under its own route pattern: the first with its LCP, the listing with its CLS and no LCP
    await expect
      .poll(async () => {
        const report = await readReport();
        return {
          first: viewsOf(report, 'our-products')?.LCP.samples,
          listing: viewsOf(report, 'our-products/:productCategoryId')?.CLS.samples,
        };
      })
      .toEqual({ first: 1, listing: 1 });
    await expect
      .poll(async () => await (await page.request.get(staffAt('/api/staff/releases/site-vitals'))).text())
      .toContain('our-products');
    const report = await readReport();
    expect(report.stable.version).toBe('variables');
    // two page views of one visitor's tab
    expect(report.stable.sessions).toBe(1);
    // the loading metrics are the first view's only
    expect(viewsOf(report, 'our-products/:productCategoryId')?.LCP.samples).toBe(0);
    expect(report.stable.all.CLS.samples).toBe(2);
    await expect(
      page
        .getByRole('table', { name: 'Field vitals of catalogue, stable beside canary' })
        .getByRole('rowheader', { name: 'our-products' })
        .first(),
    ).toBeVisible();
  } finally {
    await staffSite.stop();
  }
});
