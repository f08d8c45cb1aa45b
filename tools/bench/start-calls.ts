// `npm run bench:start-calls`: what each page's start-up runs, counted (figures that a busy machine does not move):
// the functions V8 ran and how often, per script, and the bytes of the scripts that ran, from navigation until the
// page marked itself started (`html[data-started]`) and again once it has settled. With START_CALLS_PROFILE=1 a
// sampled CPU profile of the same load too (4x CPU): self time per function, the heaviest first (a timing: compare
// several runs). Figures only.
//
// With a build made with BUILD_SOURCE_MAPS=1 (`BUILD_SOURCE_MAPS=1 npm run build`; never deployed), the profile's self
// time is also summed by package or source folder (react-dom, @module-federation/runtime-core, mfe-catalogue/src/…).
//
// Environment: START_PROFILE_URL (a running site, e.g. the reference build; else the built site is started),
// START_CALLS_ROOT (the checkout that site was built from, for its source maps; this one by default),
// BENCH_PAGES (labels' substrings), START_CALLS_TOP (functions listed per page, 25), START_CALLS_RUNS (loads per page, 1).
import { chromium, type CDPSession } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { startSite } from '../../tests/support/site-server';
import { lighthousePages } from './lib/pages';
import { sourcePackages } from './lib/source-packages';
import { REPO_ROOT } from '../../tests/support/site-server';

interface CoverageFunction {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: CoverageFunction[];
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(inline)';

/** Per script: bytes, functions that ran, calls; the most called functions. */
function summarise(label: string, coverage: ScriptCoverage[], top: number): void {
  let bytes = 0;
  let functionsRun = 0;
  let calls = 0;
  const rows: { url: string; bytes: number; functionsRun: number; calls: number }[] = [];
  const hot: { name: string; count: number }[] = [];
  for (const script of coverage) {
    if (!script.url.startsWith('http')) continue;
    const length = script.functions[0]?.ranges[0]?.endOffset ?? 0;
    const ran = script.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0);
    if (ran.length === 0) continue;
    const scriptCalls = ran.reduce((sum, fn) => sum + (fn.ranges[0]?.count ?? 0), 0);
    rows.push({ url: short(script.url), bytes: length, functionsRun: ran.length, calls: scriptCalls });
    bytes += length;
    functionsRun += ran.length;
    calls += scriptCalls;
    for (const fn of ran)
      hot.push({
        name: `${fn.functionName || '(anonymous)'}@${short(script.url)}:${fn.ranges[0]!.startOffset}`,
        count: fn.ranges[0]!.count,
      });
  }
  console.log(
    `  ${label}: ${rows.length} scripts, ${bytes.toLocaleString('en')} B run, ${functionsRun.toLocaleString('en')} functions run, ${calls.toLocaleString('en')} calls`,
  );
  for (const row of rows.sort((a, b) => b.calls - a.calls)) {
    console.log(
      `    ${row.calls.toString().padStart(8)} calls ${row.functionsRun.toString().padStart(6)} fns ${row.bytes.toString().padStart(8)} B  ${row.url}`,
    );
  }
  console.log(`    most called:`);
  for (const fn of hot.sort((a, b) => b.count - a.count).slice(0, top))
    console.log(`    ${fn.count.toString().padStart(8)}  ${fn.name}`);
}

/** Self time per function of a sampled profile, and the sum of script time (not idle, GC or the browser's own). */
function summariseProfile(
  profile: CpuProfile,
  top: number,
  packageAt = sourcePackages(process.env.START_CALLS_ROOT ?? REPO_ROOT),
): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const perUrl = new Map<string, number>();
  const perPackage = new Map<string, number>();
  let script = 0;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = byNode.get(id)!.callFrame;
    total += delta;
    const key = frame.url
      ? `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : `(${frame.functionName})`;
    self.set(key, (self.get(key) ?? 0) + delta);
    if (frame.url) {
      script += delta;
      perUrl.set(short(frame.url), (perUrl.get(short(frame.url)) ?? 0) + delta);
      if (packageAt) {
        const where = frame.url.startsWith('http')
          ? (packageAt(frame.url, frame.lineNumber, frame.columnNumber) ?? short(frame.url))
          : short(frame.url);
        perPackage.set(where, (perPackage.get(where) ?? 0) + delta);
      }
    }
  });
  console.log(`  CPU profile: ${Math.round(total)} ms sampled, ${Math.round(script)} ms in scripts' own functions`);
  for (const [url, ms] of [...perUrl].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${url}`);
  if (packageAt) {
    console.log(`    by package or source folder (self, from the build's source maps):`);
    for (const [where, ms] of [...perPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${where}`);
  }
  console.log(`    heaviest (self):`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${key}`);
}

async function takeCoverage(cdp: CDPSession): Promise<ScriptCoverage[]> {
  return ((await cdp.send('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] }).result;
}

async function main() {
  if (!process.env.START_PROFILE_URL) buildIfNeeded();
  const wanted = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
  const top = Number(process.env.START_CALLS_TOP ?? 25);
  const runs = Number(process.env.START_CALLS_RUNS ?? 1);
  const withProfile = process.env.START_CALLS_PROFILE === '1';
  const pages = lighthousePages().filter(
    (page) => wanted.length === 0 || wanted.some((part) => page.label.includes(part)),
  );
  const site = process.env.START_PROFILE_URL ? undefined : await startSite();
  const base = process.env.START_PROFILE_URL ?? site!.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const page of pages) {
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Profiler.enable');
        if (withProfile) {
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        } else await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
        await tab.goto(base + page.path, { waitUntil: 'load' });
        console.log(`\n${page.label} (${base + page.path})${runs > 1 ? `, run ${run + 1}` : ''}:`);
        // The reference build has no started mark: its figures are read at the settled moment only.
        const started = await tab
          .locator(`html[${STARTED_ATTRIBUTE}]`)
          .waitFor({ state: 'attached', timeout: 15_000 })
          .then(() => true)
          .catch(() => false);
        if (started && !withProfile) summarise('until started', await takeCoverage(cdp), top);
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(3000);
        if (withProfile)
          summariseProfile(((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile, top);
        // taking coverage resets V8's counters: this is what ran after the mark (or since navigation, without one)
        else
          summarise(
            started ? 'after started, until settled (network idle + 3 s)' : 'until settled (network idle + 3 s)',
            await takeCoverage(cdp),
            top,
          );
        await context.close();
      }
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
