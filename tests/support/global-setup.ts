import type { FullConfig } from '@playwright/test';
import { assertChromiumInstalled } from './chromium';
import { buildIfNeeded } from './build-if-needed';
import { startSite } from './site-server';

/** Builds what is missing and starts the real server once for the run; tests read SITE_URL. */
export default async function globalSetup(_config: FullConfig) {
  assertChromiumInstalled();
  buildIfNeeded();
  const site = await startSite();
  process.env.SITE_URL = site.url;
  process.env.SITE_DATA_DIR = site.dataDir;
  return async () => {
    await site.stop();
  };
}
