// `npm run bench:size`: gzip bytes of every bundle, and the JS a visitor really downloads for /home and a product page,
// and their Arabic twins (measured in Chromium against the real server, all chunks included; web fonts apart).
// `npm run bench` prints the same figures next to a build without federation, Lighthouse and load figures.
import { assertChromiumInstalled } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { startSite } from '../../tests/support/site-server';
import { visitorDownloads, type Downloads } from '../../tests/support/visitor-downloads';
import { bundleRows, printDownloads } from './lib/downloads';
import { printTable } from './lib/format';
import { downloadOptions, downloadPages } from './lib/pages';

async function main() {
  assertChromiumInstalled();
  buildIfNeeded();
  printTable('Bundles on disk (all JS files of each build)', bundleRows());
  const site = await startSite();
  try {
    const pages = new Map<string, Downloads>();
    for (const entry of downloadPages())
      pages.set(entry.label, await visitorDownloads(site.url, entry.path, downloadOptions(entry)));
    printDownloads(pages, new Map(), downloadPages());
  } finally {
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
