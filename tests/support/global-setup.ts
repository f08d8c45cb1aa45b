import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { assertChromiumInstalled } from './chromium';
import { buildIfNeeded } from './build-if-needed';
import { DATA_TEMPLATE_ENV, makeDataTemplate, startSite } from './site-server';
import { readCategoryIds, readExampleProduct } from './site-facts';
import { checkDeployedSite, deployedSite, EXAMPLE_PRODUCT_ENV, SITE_CATEGORY_IDS_ENV } from './site-mode';

/** Builds what is missing and starts the real server once for the run; tests read SITE_URL. */
export default async function globalSetup(_config: FullConfig) {
  assertChromiumInstalled();
  const deployed = deployedSite();
  if (deployed !== undefined) {
    // site mode: nothing is built or started, the tests use the site given by URL
    await checkDeployedSite(deployed);
    process.env.SITE_URL = deployed;
    // the pages the suites take as examples of a category and a product: of this site's catalogue, not the seed's
    const example = await readExampleProduct(deployed);
    process.env[EXAMPLE_PRODUCT_ENV] = JSON.stringify(example);
    console.log(`Example pages: category ${example.categoryId}, product ${example.productId}`);
    process.env[SITE_CATEGORY_IDS_ENV] = JSON.stringify(await readCategoryIds(deployed));
    return async () => {};
  }
  buildIfNeeded();
  const template = await makeDataTemplate();
  if (template !== undefined) process.env[DATA_TEMPLATE_ENV] = template;
  // Every browser test comes from 127.0.0.1: a per-IP limit meant for one visitor would trip the suites (on a quick
  // machine two workers load ~40 pages a minute, each sending a vitals beacon and a load report per remote: the 30
  // beacons a minute answered 429, a console error a test saw). The limiters stay in the path, each tested in the
  // server tests.
  const site = await startSite({
    SUBMIT_RATE_LIMIT_MAX: '10000',
    VITALS_BEACONS_PER_MINUTE: '10000',
    RELEASE_REPORTS_PER_MINUTE: '10000',
    CHAT_RATE_LIMIT_MAX: '10000',
  });
  process.env.SITE_URL = site.url;
  process.env.SITE_DATA_DIR = site.dataDir;
  return async () => {
    await site.stop();
    if (template !== undefined) rmSync(template, { recursive: true, force: true });
  };
}
