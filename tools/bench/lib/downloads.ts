// What JS a visitor downloads, as the benchmark reports it: bundle sizes on disk, and the pages' downloads measured by
// tests/support/visitor-downloads.ts (which the JS budget test uses too).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipBytes, type Downloads } from '../../../tests/support/visitor-downloads';
import { REPO_ROOT } from '../../../tests/support/site-server';
import { kb, printTable } from './format';
import type { BenchPage } from './pages';

/** The bar for the JS of /home: at most this many times the same pages built as one bundle without federation. */
export const HOME_JS_RATIO_TARGET = 1.3;

export const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat'];
/** Rows of the "bundles on disk" table: every JS file of each build, raw and gzip -9. */
export function bundleRows(): string[][] {
  const rows = [['bundle', 'files', 'raw', 'gzip', 'remoteEntry.js gzip', 'initial JS gzip']];
  for (const app of APPS) {
    const dist = path.join(REPO_ROOT, app, 'dist');
    if (!existsSync(dist)) continue;
    const js = readdirSync(dist).filter((file) => file.endsWith('.js'));
    const raw = js.reduce((sum, file) => sum + readFileSync(path.join(dist, file)).length, 0);
    const gz = js.reduce((sum, file) => sum + gzipBytes(readFileSync(path.join(dist, file))), 0);
    const entry = path.join(dist, 'remoteEntry.js');
    const initial =
      app === 'shell'
        ? [...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/<script[^>]+src="?\/?([^" >]+)/g)].reduce(
            (sum, match) => sum + gzipBytes(readFileSync(path.join(dist, match[1]!))),
            0,
          )
        : 0;
    rows.push([
      app,
      String(js.length),
      kb(raw),
      kb(gz),
      existsSync(entry) && app !== 'shell' ? kb(gzipBytes(readFileSync(entry))) : '-',
      initial ? kb(initial) : '-',
    ]);
  }
  return rows;
}

/** The Arabic edition's bar: an Arabic page downloads at most this much more JS (gzip) than its English twin. */
export const ARABIC_JS_EXTRA_TARGET = 8 * 1024;

/**
 * Prints table (b): each page's JS, beside the same page built without federation when `monolith` has it, and an
 * Arabic page's beside its English twin's (`pages` names the twins); web fonts in columns of their own.
 */
export function printDownloads(
  federated: Map<string, Downloads>,
  monolith: Map<string, Downloads> = new Map(),
  pages: BenchPage[] = [],
) {
  const rows = [
    [
      'page',
      'files',
      'shell',
      'remote entries',
      'remote chunks',
      'JS gzip',
      'of it after load',
      'on the wire',
      'monolith files',
      'monolith JS gzip',
      'federated/monolith',
      'bar',
      'fonts',
    ],
  ];
  for (const [label, f] of federated) {
    const m = monolith.get(label);
    const twinLabel = pages.find((page) => page.label === label)?.englishTwin;
    const twin = twinLabel === undefined ? undefined : federated.get(twinLabel);
    const bar =
      label === '/home' && m
        ? `<= ${HOME_JS_RATIO_TARGET.toFixed(2)}x ${f.gzip <= HOME_JS_RATIO_TARGET * m.gzip ? 'ok' : 'MISSED'}`
        : twin
          ? `${f.gzip >= twin.gzip ? '+' : '-'}${kb(Math.abs(f.gzip - twin.gzip))} vs ${twinLabel}, <= +${kb(ARABIC_JS_EXTRA_TARGET)} ${f.gzip - twin.gzip <= ARABIC_JS_EXTRA_TARGET ? 'ok' : 'MISSED'}`
          : '';
    rows.push([
      label,
      String(f.files),
      kb(f.byKind.get('shell') ?? 0),
      kb(f.byKind.get('remote entry / manifest') ?? 0),
      kb(f.byKind.get('remote chunk') ?? 0),
      kb(f.gzip),
      kb(f.gzipAfterLoad),
      kb(f.transferred),
      m ? String(m.files) : '-',
      m ? kb(m.gzip) : '-',
      m ? `${(f.gzip / m.gzip).toFixed(2)}x` : '-',
      bar,
      f.fonts.files > 0 ? `${f.fonts.files} file(s), ${kb(f.fonts.bytes)}` : 'none',
    ]);
  }
  printTable(
    '(b) JS a visitor downloads (every script incl. federation runtime, remote entries and manifests; gzip -9 of each body)',
    rows,
    [
      '"on the wire" is what the server really sent for those files (its brotli/gzip). The monolith is the same source built',
      'as one ordinary webpack app (tools/webpack/monolith.cjs: route-level chunks, no federation, full tree-shaking).',
      '"of it after load": requested after the load event (on a server-drawn page the scripts start after the first paint, often',
      'after the load event; the chat always does), so not on the way to the first paint; counted in the budget.',
      '"bar": /home against the monolith; an Arabic page against its English twin. "fonts": the web fonts',
      'the page downloaded (woff2 bodies), not counted in the JS.',
    ],
  );
}
