import { chromium } from 'playwright';
const flagsets = { base: [], extra: ['--disable-features=IsolateOrigins,site-per-process,Translate,OptimizationHints,MediaRouter,PaintHolding', '--disable-renderer-backgrounding','--disable-extensions','--blink-settings=imagesEnabled=true'] };
for (const [fname, flags] of Object.entries(flagsets)) {
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage', ...flags] });
for (const reduced of ['no-preference', 'reduce']) {
  const res = {};
  for (let i = 0; i < 5; i++) for (const path of ['/home', '/our-products/industrial_cable_glands', '/about']) {
    const ctx = await browser.newContext({ reducedMotion: reduced, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    const m = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    const t = Date.now();
    await page.goto('http://127.0.0.1:18999' + path); await page.locator('html[data-started]').waitFor({state:'attached'}); await page.waitForLoadState('load');
    const a = await m();
    (res[path] ??= []).push([a.TaskDuration, a.ScriptDuration, a.LayoutDuration+a.RecalcStyleDuration, Date.now()-t]);
    await ctx.close();
  }
  const med = (xs) => xs.sort((p,q)=>p-q)[Math.floor(xs.length/2)];
  for (const [p, rows] of Object.entries(res)) console.log(fname, reduced, p, 'task', med(rows.map(r=>r[0])).toFixed(3), 'script', med(rows.map(r=>r[1])).toFixed(3), 'layout+style', med(rows.map(r=>r[2])).toFixed(3), 'wall ms', med(rows.map(r=>r[3])));
}
await browser.close();
}
