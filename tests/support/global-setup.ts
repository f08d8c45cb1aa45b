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
  // Every browser test comes from 127.0.0.1: a per-IP limit of a few posts a minute would trip the suites (startSite
  // raises the others). The limiter itself is tested in the server tests.
  const site = await startSite({ SUBMIT_RATE_LIMIT_MAX: '10000' });
  process.env.SITE_URL = site.url;
  process.env.SITE_STAFF_URL = site.staffUrl;
  process.env.SITE_ACCOUNT_URL = site.accountUrl;
  process.env.SITE_DATA_DIR = site.dataDir;
  return async () => {
    await site.stop();
    if (template !== undefined) rmSync(template, { recursive: true, force: true });
  };
}
