// The server's preload hints (server/src/http/remoteHints.ts, spa.ts): the page's remote files and the data it starts
// by fetching download with the shell's own scripts. A hint the page does not use is a wasted download and a console
// warning; a hint that does not match the page's own request makes the browser fetch the file twice.
import { test, expect } from '../support/fixtures';
import { SITE_ROUTES } from '../support/site-routes';

/** Chromium's warning, ~3 s after the load event, for a preload nobody used. */
const UNUSED_PRELOAD = /was preloaded using link preload but not used/;

for (const route of SITE_ROUTES) {
  test(`${route.path}: every preload is used once, none is fetched twice`, async ({ page, request }) => {
    const html = await (await request.get(route.path)).text();
    const hinted = [...html.matchAll(/<link rel="preload" href="([^"]+)"[^>]*>|<link rel="preload" as="script" href="([^"]+)">/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (UNUSED_PRELOAD.test(message.text())) warnings.push(message.text());
    });
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));

    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForTimeout(4_000); // the unused-preload warning comes a few seconds after the load event

    for (const href of hinted) {
      const path = new URL(href, 'http://site').pathname;
      expect(requested.filter((url) => url === path), `${path} requested once`).toHaveLength(1);
    }
    expect(warnings).toEqual([]);
  });
}

test("the data a page fetches as it starts is preloaded; the site's data files a server-drawn page brings in its state are not", async ({ request }) => {
  const preloadsOf = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((match) => match[1]);
  expect(await preloadsOf('/our-products/industrial_cable_glands/hex_cw_brass_cable_gland')).toEqual([
    '/remotes/catalogue/mf-manifest.json',
    '/api/products/hex_cw_brass_cable_gland/reviews',
  ]);
  expect(await preloadsOf('/our-products/industrial_cable_glands')).toEqual(['/remotes/catalogue/mf-manifest.json', '/api/products/ratings']);
  expect(await preloadsOf('/management')).toEqual(['/remotes/company/mf-manifest.json']);
});
