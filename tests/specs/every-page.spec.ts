// Every route of the table, in one visit each: what every page must be, checked together because each check needs
// the same full page load and a visit costs seconds (the suite's minutes are mostly page loads and axe):
//   - served with the Content-Security-Policy, and rendered with no CSP violation or console error; the client keeps
//     the title the server wrote, and the JSON-LD block is in the document (the heads in detail: seo-security.spec.ts);
//   - every preload the server or the shell's build hinted is requested once and used: a hint the page does not use
//     is a wasted download and a console warning, one that does not match the page's own request a second download
//     (the preloads of a page in detail: preloads.spec.ts);
//   - axe (WCAG 2.2 AA and best practices) finds nothing (the states a visitor opens: accessibility.spec.ts);
//   - a deep link and a reload both draw the page, in its frame (the route table's other rules: routing.spec.ts).
// The Arabic edition's routes get the same checks in arabic-pages.spec.ts, in its visit of each.
import { test, expect } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import { titleOf, watchCspViolations, watchPreloads } from '../support/page-checks';
import { copyrightLine } from '../support/site-facts';
import { SITE_ROUTES } from '../support/site-routes';

const SITE = 'Crescent Electrical Trading';

test.describe('every page, one visit', { tag: ['@site', '@shell', '@catalogue', '@company', '@contact'] }, () => {
  // axe's whole-page analysis is 3–8 s of CPU on a quiet machine and 4× that beside other work: long by nature.
  test.slow();

  for (const route of SITE_ROUTES) {
    test(`${route.path}: CSP kept, title kept, preloads used once, axe clean, drawn again on reload`, async ({
      page,
      consoleProblems,
    }) => {
      const violations = await watchCspViolations(page);
      const preloads = watchPreloads(page);

      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      // the HTML as this browser got it (its cookies): with a canary live, another visitor may be on the other build
      const html = await response!.text();
      const serverTitle = titleOf(html);
      expect(serverTitle).toMatch(new RegExp(` \\| ${SITE}$`));

      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveTitle(serverTitle);
      // The JSON-LD data block is in the document and was not reported as a blocked inline script.
      expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect.soft(await axeViolations(page), 'axe violations').toEqual([]);

      expect
        .soft(
          preloads.requestsOf(html).filter(({ requests }) => requests !== 1),
          'preloads not requested exactly once',
        )
        .toEqual([]);
      expect.soft(await preloads.unusedWarnings(), 'preloads not used').toEqual([]);

      // Bring the lazy footer map (frame-src) and the lazy images into view.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect.soft(await violations(), 'CSP violations').toEqual([]);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(copyrightLine());
      expect(consoleProblems.messages).toEqual([]);
    });
  }
});
