// `npm run bench:size`: gzip bytes of every bundle, and the JS a visitor really downloads for /home
// and a product page (measured in Chromium against the real server, all chunks included).
// `npm run bench` prints the same figures next to a build without federation, Lighthouse and load figures.
import { assertChromiumInstalled } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { startSite } from '../../tests/support/site-server';
import { bundleRows, visitorDownloads } from './lib/downloads';
import { kb, printTable } from './lib/format';
import { downloadPages } from './lib/pages';

async function main() {
  assertChromiumInstalled();
  buildIfNeeded();
  printTable('Bundles on disk (all JS files of each build)', bundleRows());
  const site = await startSite();
  try {
    const rows = [['page', 'files', 'shell', 'remote entries', 'remote chunks', 'total JS gzip', 'on the wire', 'budget']];
    for (const entry of downloadPages()) {
      const result = await visitorDownloads(site.url, entry.path);
      rows.push([
        entry.label,
        String(result.files),
        kb(result.byKind.get('shell') ?? 0),
        kb(result.byKind.get('remote entry / manifest') ?? 0),
        kb(result.byKind.get('remote chunk') ?? 0),
        kb(result.gzip),
        kb(result.transferred),
        entry.label === '/home' ? (result.gzip <= 150 * 1024 ? 'within 150 KB' : 'OVER 150 KB') : '-',
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
