import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { startSite } from '../../tests/support/site-server';
async function main() {
  const site = await startSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const [w, lang] of [[375, ''], [1280, ''], [1280, '/ar']] as const) {
      const page = await browser.newPage({ viewport: { width: w, height: 900 } });
      await page.addInitScript(() => { (window as any).__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries() as any) if (!e.hadRecentInput) (window as any).__cls += e.value; }).observe({ type: 'layout-shift', buffered: true }); });
      await page.goto(site.url + lang + '/our-products/industrial_cable_glands');
      await page.locator('html[data-started]').waitFor({ state: 'attached' });
      await page.waitForTimeout(1500);
      const card = page.locator('main li').filter({ has: page.locator('form') }).first();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/lst/shot-${w}${lang.replace('/', '-')}.png`, clip: { ...(await card.boundingBox())!, x: (await card.boundingBox())!.x - 5, y: (await card.boundingBox())!.y - 5, width: Math.min(w, ((await card.boundingBox())!.width) * 2 + 40), height: (await card.boundingBox())!.height + 10 } });
      console.log(w, lang, 'cls', await page.evaluate(() => (window as any).__cls), 'card h', (await card.boundingBox())!.height);
      await page.close();
    }
  } finally { await browser.close(); await site.stop(); }
}
main().catch((e) => { console.error(e); process.exit(1); });
