// `npm run bench:start-profile`: what runs in the long frames of each page's start, in Chromium with the CPU slowed 4x
// (as Lighthouse's mobile runs). Long Animation Frame entries name each script that ran in a frame of 50 ms or more:
// its file, its function and what invoked it (a script's evaluation, a promise, a timer, an event). Figures only.
//
// A first visit by default (a new browser context: nothing cached, as Lighthouse loads a page).
// Environment: START_PROFILE_URL (a running site; else the built site is started), BENCH_PAGES (labels' substrings),
// START_PROFILE_VISIT=repeat (the page loaded once before in the same context: the HTTP and V8 code caches at work).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { startSite } from '../../tests/support/site-server';
import { lighthousePages } from './lib/pages';

interface FrameScript {
  sourceURL: string;
  sourceFunctionName: string;
  invoker: string;
  invokerType: string;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}

interface LongFrame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: FrameScript[];
}

const OBSERVE = `
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longFrames.push(JSON.parse(JSON.stringify(entry)));
  }).observe({ type: 'long-animation-frame', buffered: true });
`;

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

async function main() {
  buildIfNeeded();
  const repeatVisit = process.env.START_PROFILE_VISIT === 'repeat';
  const wanted = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
  const pages = lighthousePages().filter(
    (page) => wanted.length === 0 || wanted.some((part) => page.label.includes(part)),
  );
  const site = process.env.START_PROFILE_URL ? undefined : await startSite();
  const base = process.env.START_PROFILE_URL ?? site!.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const page of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      // A repeat visit finds the files in the HTTP cache, and V8 then writes its code cache for each script in the task
      // that runs it (main.js: +300-400 ms at 4x, as all its functions are compiled on load): not what a first visit,
      // or Lighthouse, sees.
      if (repeatVisit) await tab.goto(base + page.path, { waitUntil: 'networkidle' });
      await tab.addInitScript(OBSERVE);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(base + page.path, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(4000);
      const frames = (await tab.evaluate(
        () => (window as unknown as { __longFrames: unknown[] }).__longFrames,
      )) as LongFrame[];
      const blocking = frames.reduce((sum, frame) => sum + frame.blockingDuration, 0);
      console.log(`\n${page.label}: ${frames.length} long frames, blocking ${Math.round(blocking)} ms`);
      for (const frame of frames) {
        const render = frame.renderStart ? Math.round(frame.startTime + frame.duration - frame.renderStart) : 0;
        console.log(
          `  at ${Math.round(frame.startTime)} ms: ${Math.round(frame.duration)} ms (blocking ${Math.round(frame.blockingDuration)}, render+layout ${render})`,
        );
        for (const script of frame.scripts) {
          console.log(
            `    ${Math.round(script.duration)} ms ${script.invokerType} ${short(script.invoker)} ${script.sourceFunctionName || ''} ${short(script.sourceURL)}` +
              (script.forcedStyleAndLayoutDuration > 1
                ? ` (forced layout ${Math.round(script.forcedStyleAndLayoutDuration)})`
                : ''),
          );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await site?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
