// `npm run bench:first-view`: the first view's bytes and counts (tests/support/first-view.ts, what
// tests/specs/first-view-budgets.spec.ts holds to its budgets) of this build beside the reference build's, the
// benchmark's six pages at 375 and 1280 px, one load each (counts do not vary between loads). The target: each page's
// DOM elements and CSS rules at most 1.3x the reference's; Arabic pages are read beside the reference's English twins.
// The reference is built once (tools/bench/lib/reference.ts); BENCH_REFERENCE=none measures this build alone.
import { chromium, type Browser } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import {
  MEASURE_NAMES,
  MEASURES,
  readFirstView,
  recordFirstView,
  type FirstViewFigures,
} from '../../tests/support/first-view';
import { startSite } from '../../tests/support/site-server';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { lighthousePages, type BenchPage } from './lib/pages';
import { DEFAULT_REFERENCE, prepareReference, startReferenceSite } from './lib/reference';

const WIDTHS = [375, 1280];
/** The owners' target: elements and rules at most this many times the reference's. */
const TARGET_RATIO = 1.3;

async function measure(
  browser: Browser,
  site: string,
  path: string,
  width: number,
  startedMark: boolean,
): Promise<FirstViewFigures> {
  const context = await browser.newContext({ viewport: { width, height: width < 900 ? 800 : 900 } });
  try {
    const page = await context.newPage();
    await recordFirstView(page);
    await page.goto(site + path);
    return await readFirstView(page, { startedMark });
  } finally {
    await context.close();
  }
}

/** The reference's address for a page: an Arabic page's English twin (the reference has no Arabic edition). */
function referencePath(page: BenchPage): string {
  const twin =
    page.englishTwin === undefined ? page : lighthousePages().find((item) => item.label === page.englishTwin);
  if (twin === undefined) throw new Error(`No page labelled ${page.englishTwin}`);
  return twin.path;
}

async function main() {
  assertChromiumInstalled();
  buildIfNeeded();
  const ref = process.env.BENCH_REFERENCE || DEFAULT_REFERENCE;
  const reference = ref === 'none' ? undefined : prepareReference(ref);
  const site = await startSite();
  const referenceSite = reference === undefined ? undefined : await startReferenceSite(reference);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`| page | width | ${MEASURES.map((measure) => MEASURE_NAMES[measure]).join(' | ')} |`);
    console.log(`| --- | --- | ${MEASURES.map(() => '---').join(' | ')} |`);
    for (const page of lighthousePages()) {
      for (const width of WIDTHS) {
        const current = await measure(browser, site.url, page.path, width, true);
        const before =
          referenceSite === undefined
            ? undefined
            : await measure(browser, referenceSite.url, referencePath(page), width, false);
        const cells = MEASURES.map((measure) => {
          // The reference has no started mark and loads its scripts from the head: its JS and requests are not read the
          // same way, so only its counts of the first view are compared.
          const judged = measure === 'domElements' || measure === 'cssRules';
          if (before === undefined || !judged) return String(current[measure]);
          const ratio = current[measure] / before[measure];
          return `${before[measure]} → ${current[measure]} (${ratio.toFixed(2)}×, ${ratio <= TARGET_RATIO ? 'met' : 'missed'})`;
        });
        console.log(
          `| ${page.label}${page.englishTwin ? ` (vs ${page.englishTwin})` : ''} | ${width} | ${cells.join(' | ')} |`,
        );
      }
    }
    if (reference !== undefined)
      console.log(
        `\nreference → this build; the reference is ${reference.ref} (${reference.sha.slice(0, 7)}), read at its load event.`,
      );
  } finally {
    await browser.close();
    await referenceSite?.stop();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
