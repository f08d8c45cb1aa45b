// The field vitals beacon against the built site: a visitor's page view of a catalogue page sends its vitals when the
// visitor leaves it (sendBeacon on pagehide), and the server counted it under the page's route pattern and the
// catalogue release the page loaded, as the releases console's API reads it back.
import type { RemoteVitalsReport } from '@site/contracts/vitals-api';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { CATALOGUE_RELEASER, startStaffSite, submitPassword } from '../support/staff';

localOnly('starts its own server with a release account it creates');

test('a page view\'s beacon arrives when the visitor leaves, counted under its route pattern and the releases it loaded', { tag: ['@local', '@staff', '@catalogue'] }, async ({ page, browser }) => {
  test.setTimeout(120_000); // the CLI and the server's start on a loaded 2-core machine
  const staffSite = await startStaffSite([CATALOGUE_RELEASER]);
  const at = (address: string) => `${staffSite.url}${address}`;
  try {
    const visitor = await browser.newPage();
    // the observers' chunk comes once the page has loaded and is idle
    const chunk = visitor.waitForResponse((response) => /vitals[^/]*\.js$/.test(new URL(response.url()).pathname), { timeout: 15_000 });
    await visitor.goto(at('/our-products'));
    await waitUntilStarted(visitor);
    await chunk;
    await visitor.getByRole('main').click({ position: { x: 5, y: 5 } });
    // the visitor leaves: the page is hidden and unloaded
    await visitor.goto('about:blank');
    await visitor.close();

    await page.goto(at('/staff/sign-in'));
    await submitPassword(page, CATALOGUE_RELEASER);
    await expect(page).toHaveURL(at('/staff/releases'));
    await expect
      .poll(async () => {
        const report = (await (await page.request.get(at('/api/staff/releases/remotes/catalogue/vitals'))).json()) as RemoteVitalsReport;
        return report.stable.routes.find((route) => route.route === 'our-products')?.vitals.LCP.samples;
      })
      .toBe(1);
    await expect
      .poll(async () => (await (await page.request.get(at('/api/staff/releases/site-vitals'))).text()))
      .toContain('our-products');
    const report = (await (await page.request.get(at('/api/staff/releases/remotes/catalogue/vitals'))).json()) as RemoteVitalsReport;
    expect(report.stable.version).toBe('variables');
    expect(report.stable.sessions).toBe(1);
    await expect(page.getByRole('table', { name: 'Field vitals of catalogue, stable beside canary' }).getByRole('rowheader', { name: 'our-products' }).first()).toBeVisible();
  } finally {
    await staffSite.stop();
  }
});
