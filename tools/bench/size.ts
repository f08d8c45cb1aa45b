// `npm run bench:size`: gzip bytes of every bundle, and the JS a visitor really downloads for /home
// and a product page (measured in Chromium against the real server, all chunks included).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { REPO_ROOT, startSite } from '../../tests/support/site-server';

const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat'];
const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printTable(title: string, rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(`\n${title}`);
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

function bundleTable() {
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
    rows.push([app, String(js.length), kb(raw), kb(gz), existsSync(entry) && app !== 'shell' ? kb(gzipBytes(readFileSync(entry))) : '-', initial ? kb(initial) : '-']);
  }
  printTable('Bundles on disk (all JS files of each build)', rows);
}

type Kind = 'shell' | 'remote entry / manifest' | 'remote chunk';
function kindOf(url: string): Kind {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/remotes/')) return 'shell';
  return /remoteEntry\.js$|mf-manifest\.json$/.test(pathname) ? 'remote entry / manifest' : 'remote chunk';
}

async function visitorDownloads(siteUrl: string, pagePath: string, ready: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const bodies = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' && !url.endsWith('mf-manifest.json')) return;
    bodies.set(url, gzipBytes(await response.body().catch(() => Buffer.alloc(0))));
  });
  await page.goto(siteUrl + pagePath);
  await page.getByRole('heading', { level: 1, name: ready }).waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();
  const byKind = new Map<Kind, number>();
  for (const [url, size] of bodies) byKind.set(kindOf(url), (byKind.get(kindOf(url)) ?? 0) + size);
  const total = [...bodies.values()].reduce((a, b) => a + b, 0);
  return { files: bodies.size, byKind, total };
}

async function main() {
  assertChromiumInstalled();
  buildIfNeeded();
  bundleTable();
  const site = await startSite();
  try {
    const pages = [
      { label: '/home', path: '/home', ready: 'Electrical Products & Industrial Solutions' },
      { label: 'product page', path: '/our-products/industrial_cable_glands/cw_brass_cable_gland', ready: 'Product Details' },
    ];
    const rows = [['page', 'files', 'shell', 'remote entries', 'remote chunks', 'total JS gzip', 'budget']];
    for (const entry of pages) {
      const result = await visitorDownloads(site.url, entry.path, entry.ready);
      rows.push([
        entry.label,
        String(result.files),
        kb(result.byKind.get('shell') ?? 0),
        kb(result.byKind.get('remote entry / manifest') ?? 0),
        kb(result.byKind.get('remote chunk') ?? 0),
        kb(result.total),
        entry.label === '/home' ? (result.total <= 150 * 1024 ? 'within 150 KB' : 'OVER 150 KB') : '-',
      ]);
    }
    printTable('What a visitor downloads (JS incl. federation runtime, remote entries and manifests; gzip -9)', rows);
  } finally {
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
