// The catalogue manager's day on two processes behind one PostgreSQL and one Redis, sharing their data folder (the
// held import files and the uploads), as production runs them. A catalogue account signed in on the first process:
// - schedules another product's draft for a near minute (Dubai time);
// - checks then imports a file of 5,000 new products in 3 sizes (15,000 rows, 14 MB) as a job it watches; while the
//   job writes, the first process is restarted (SIGTERM, as a deploy does): nothing of the file is public meanwhile,
//   the second process takes the job up (attempt 2), the page on the restarted first process follows it to its report;
//   the site's timings on the second process meanwhile are printed (the bar, p99 ≤ 200 ms on a quiet machine, is the
//   import bench's: `npm run bench:catalogue-import`);
// - bulk-edits every size of about a hundred of the new products (300 sizes) by +5 %, its diff checked against the
//   file's prices, applied; the import's undo is then refused in words (those products changed since); the bulk edit
//   undone; the import undone as one step, its products withdrawn;
// - adds a gallery (two pictures with alt texts in both languages) and a size's own picture to the gland, and links
//   its related parts (a shroud that fits, another gland as an alternative);
// - and the scheduled draft goes live by itself at its minute, once, seen on the second process.
// Each step is seen on the public pages in both editions, at 375 and 1280 px (the second process's, unless said).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { catalogueProductApiPath } from '@site/contracts/api';
import { productPath } from '@site/contracts/paths';
import { STAFF_API } from '@site/contracts/staff-api';
import { formatDubaiTime, instantToDubaiLocal, type ImportJob } from '@site/contracts/staff-catalogue-api';
import { generateCatalogueRows, writeCsv } from '@site/server/test-support';
import { axeViolations } from '../support/axe';
import { test, expect, localOnly } from '../support/fixtures';
import { findPostgresAndRedis, freshSchema, type FreshSchema } from '../support/services';
import { REPO_ROOT, startSite, type RunningSite } from '../support/site-server';
import {
  addStaffAccount,
  CATALOGUE_STAFF,
  confirmCodesSaved,
  heading,
  setUpTotp,
  submitPassword,
  watchStaffConsole,
} from '../support/staff';

localOnly('starts two servers of its own on PostgreSQL and Redis');

const PRODUCTS = 5_000;
const SIZES = 3;
/** The generated products' serials are 7000001…7005000: the bulk edit's search finds 70001xx (and a few by a part number). */
const SEED = 7;
const BULK_SEARCH = '70001';
/** The gland whose gallery and related parts are edited; the product whose draft is published on schedule. */
const GLAND = { id: 'hex_cw_brass_cable_gland', category: 'industrial_cable_glands' };
const SCHEDULED = {
  id: 'oc_cu_xlpe_swa_pvc_cable',
  category: 'cables',
  name: 'Armoured Power Cable, 2027 price list',
  nameAr: 'كابل قدرة مدرّع، قائمة أسعار 2027',
};
const SHROUD = 'HEX-SHR-20-PVC';
const PICTURES = ['slide-1.jpg', 'slide-2.jpg', 'slide-3.webp'].map((name) =>
  path.join(REPO_ROOT, 'content/public/images/carousel', name),
);
const EDITIONS = ['', '/ar'] as const;
const WIDTHS = [1280, 375] as const;

const rows = generateCatalogueRows(PRODUCTS, {
  seed: SEED,
  categoryIds: ['cables', 'wires', 'industrial_cable_glands', 'wiring_devices'],
  variants: SIZES,
}).map(({ row }) => row);
type Row = (typeof rows)[number];
/** The file's first and last products (their first sizes), each with a price. */
const FIRST = rows.find((row) => row.price !== '')!;
const LAST = rows.findLast((row) => row.price !== '' && row.code.endsWith('-1'))!;

/** Letters and digits only, any case: how the staff search compares codes and part numbers. */
const codeKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** The products the bulk edit's search finds, worked out from the file: a size's code or part number holds it. */
const bulkProducts = [
  ...new Set(
    rows
      .filter((row) => [row.code, row.mpn ?? ''].some((code) => codeKey(code).includes(BULK_SEARCH)))
      .map((row) => row.id),
  ),
];
/** Their sizes with a price (a size without one is priced on request, and a price change leaves it so). */
const bulkSizes = rows.filter((row) => bulkProducts.includes(row.id) && row.price !== '');
/** The products whose prices the edit changes: those with a priced size. */
const bulkChanged = new Set(bulkSizes.map((row) => row.id)).size;
/** A price (AED) +5 %, rounded half up to the fils. */
const plusFivePercent = (price: string) => Math.floor((Math.round(Number(price) * 100) * 105 + 50) / 100) / 100;

let schema: FreshSchema | undefined;
let skipped: string | undefined;
let dataDir = '';
let env: Record<string, string> = {};
let first: RunningSite | undefined;
let second: RunningSite | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const services = await findPostgresAndRedis();
  if ('reason' in services) {
    skipped = services.reason;
    return;
  }
  schema = await freshSchema(services.postgres, 'catjourney');
  // one data folder for both: a job's held file and the uploaded pictures are every process's
  dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-catalogue-journey-'));
  env = {
    DATABASE_URL: schema.url,
    REDIS_URL: services.redis,
    SUBMIT_RATE_LIMIT_MAX: '10000',
    // due publish schedules looked for every 2 s (15 s by default), so its minute is soon seen
    CATALOGUE_SCHEDULE_POLL_SECONDS: '2',
  };
  // the first migrates the schema; the account is made on it (the CLI beside running servers); then the second
  first = await startSite(env, { dataDir });
  await addStaffAccount(dataDir, CATALOGUE_STAFF, schema.url);
  second = await startSite(env, { dataDir });
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await schema?.drop();
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
});

/** `check` on a new load of `pathOf(edition)` in both editions at 1280 and 375 px, nothing wider than the page. */
async function onPublicPages(
  page: Page,
  site: RunningSite,
  pathOf: (edition: (typeof EDITIONS)[number]) => string,
  check: (edition: (typeof EDITIONS)[number], width: number) => Promise<void>,
): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const edition of EDITIONS) {
      const response = await page.goto(`${site.url}${pathOf(edition)}`);
      await check(edition, width);
      if (response?.status() === 200)
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${pathOf(edition)} at ${width} px`,
        ).toBeLessThanOrEqual(width);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** What a generated product's page shows in each edition: its name, its last size's code, its first size's price. */
async function seeGenerated(page: Page, site: RunningSite, row: Row, price: number): Promise<void> {
  const lastSize = rows.filter((size) => size.id === row.id).at(-1)!;
  await onPublicPages(
    page,
    site,
    (edition) => `${edition}${productPath(row.productCategoryId, row.id)}`,
    async (edition) => {
      await expect(
        page.getByRole('heading', { level: 2, name: edition === '' ? row.productName : row.productName_ar }),
      ).toBeVisible();
      // every size listed (its code), each with its price, written with its fils
      await expect(page.getByRole('main')).toContainText(lastSize.code);
      await expect(page.getByRole('main')).toContainText(price.toFixed(2));
    },
  );
}

/** A product page's status on `site` (a new request, no browser): 404 unknown, 410 withdrawn, 200 live. */
async function statusOf(site: RunningSite, row: Row): Promise<number> {
  return (await fetch(`${site.url}${productPath(row.productCategoryId, row.id)}`)).status;
}

/** `/healthz` and a product page asked every 100 ms (not waiting for answers), timed, until stop() gives p50/p99. */
function timeTheSite(site: RunningSite) {
  const times: number[] = [];
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  const ask = (url: string) => {
    const sent = performance.now();
    const asked = fetch(`${site.url}${url}`)
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - sent);
        else failures.push(`${url} ${res.status}`);
      })
      .catch((error: unknown) => void failures.push(`${url} ${String(error)}`));
    pending.add(asked);
    void asked.finally(() => pending.delete(asked));
  };
  const timer = setInterval(() => {
    ask('/healthz');
    ask(productPath(GLAND.category, GLAND.id));
  }, 100);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
    return { asked: sorted.length, p50: at(50), p99: at(99), failures };
  };
}

/** The gallery in both editions at 1280 and 375 px: two pictures, the second reached by its link or a swipe; a size's own picture leads. */
async function seeGallery(page: Page, site: RunningSite): Promise<void> {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  };
  const onError = (error: Error) => problems.push(`Uncaught: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  const words = {
    '': [
      'Product pictures: scroll sideways for the next',
      'Show picture 2 of 2',
      'The gland taken apart',
      /Size 25 \(M25\)$/,
    ],
    '/ar': ['صور المنتج: مرِّر أفقيًا لعرض الصورة التالية', 'عرض الصورة 2 من 2', 'الجلبة مفككة', /المقاس 25 \(M25\)$/],
  } as const;
  await onPublicPages(
    page,
    site,
    (edition) => `${edition}${productPath(GLAND.category, GLAND.id)}`,
    async (edition, width) => {
      const [label, show, secondAlt, sizeAlt] = words[edition];
      const strip = page.getByRole('list', { name: label });
      const pictures = strip.getByRole('img');
      await expect(pictures).toHaveCount(2);
      await expect(pictures.nth(0)).toBeInViewport();
      await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy');
      await expect(pictures.nth(1)).not.toBeInViewport();
      const secondPicture = strip.getByRole('img', { name: secondAlt });
      if (width === 375) {
        // a swipe: the strip scrolled sideways by a finger's width, snapping to the next picture
        await strip.evaluate((element, rtl) => element.scrollBy({ left: rtl ? -200 : 200 }), edition === '/ar');
        await expect(secondPicture).toBeInViewport();
        await expect.poll(() => secondPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        // and back by the keyboard: the strip takes the focus and scrolls with the arrow keys
        await strip.focus();
        await page.keyboard.press(edition === '/ar' ? 'ArrowRight' : 'ArrowLeft');
        await expect(pictures.nth(0)).toBeInViewport();
        if (edition === '/ar') expect(await axeViolations(page), 'the gallery').toEqual([]);
      } else {
        // its link: an anchor before the page's later chunk has come, the strip scrolled by script after
        await page.getByRole('link', { name: show }).click();
        await expect(secondPicture).toBeInViewport();
      }
      // the size chosen in the table: its own picture leads
      await page.goto(`${site.url}${edition}${productPath(GLAND.category, GLAND.id)}?variant=HEX-CW-25`);
      await expect(strip.getByRole('img')).toHaveCount(3);
      await expect(strip.getByRole('img').first()).toHaveAccessibleName(sizeAlt);
      await expect(strip.getByRole('img').first()).toBeInViewport();
    },
  );
  page.off('console', onConsole);
  page.off('pageerror', onError);
  expect(problems, 'console errors on the public pages').toEqual([]);
}

/** The related parts in both editions at 1280 and 375 px, then the shroud added to the quote basket from each edition. */
async function seeRelatedParts(page: Page, site: RunningSite): Promise<void> {
  const related = page.locator('#related-parts');
  const shroud = related.getByRole('listitem').filter({ hasText: SHROUD });
  await onPublicPages(
    page,
    site,
    (edition) => `${edition}${productPath(GLAND.category, GLAND.id)}`,
    async (edition, width) => {
      const [fitsWith, alternatives] = edition === '' ? ['Fits with', 'Alternatives'] : ['ملحقات متوافقة', 'بدائل'];
      await expect(related.getByRole('heading', { name: fitsWith, exact: true })).toBeVisible();
      await expect(related.getByRole('heading', { name: alternatives, exact: true })).toBeVisible();
      await expect(shroud).toContainText(edition === '' ? 'PVC / LSF Cable Gland Shroud' : /[\u0600-\u06FF]/);
      // its price as the site writes prices (a whole price without fils)
      await expect(shroud).toContainText(edition === '' ? 'Price: AED 2' : /\b2\b/);
      await expect(related.getByRole('listitem').filter({ hasText: 'HEX-E1W-20S' })).toBeVisible();
      if (edition === '/ar' && width === 375) {
        await shroud.getByRole('button', { name: `أضف ${SHROUD} إلى طلب التسعير` }).click();
        await expect(shroud.getByRole('status')).toContainText('تمت إضافة');
      }
    },
  );
  await page.goto(`${site.url}${productPath(GLAND.category, GLAND.id)}`);
  // the chat's panel, open on a desktop's visit, stands over the page's right side: closed first
  const closeChat = page
    .getByRole('dialog', { name: 'Crescent Assistant' })
    .getByRole('button', { name: 'Close chat' });
  await expect(closeChat).toBeVisible({ timeout: 30_000 });
  await closeChat.click();
  await shroud.getByRole('button', { name: `Add ${SHROUD} to quote` }).click();
  await expect(shroud.getByRole('status')).toHaveText(/^Added 1 piece to your quote basket\./);
  await shroud.getByRole('link', { name: 'View quote basket' }).click();
  await expect(page.getByRole('main')).toContainText(SHROUD);
}

test('a catalogue manager imports 5,000 products as a job through a restart, bulk-edits and undoes them, adds a gallery and related parts, and a scheduled draft goes live by itself', {
  tag: ['@local', '@staff', '@catalogue'],
}, async ({ page }) => {
  test.skip(skipped !== undefined, `skipped: ${skipped}`);
  // about 4 minutes on the 2-core machine with other work running: a slow CI machine gets more than twice that
  test.setTimeout(600_000);
  let a = first!;
  const b = second!;
  const staffAt = (where: string) => `${a.staffUrl}${where}`;
  const publicPage = await page.context().newPage();
  // the page on the first process loses its server while it restarts: those reads fail, and are no problem
  const staffConsole = watchStaffConsole(page);

  await page.goto(staffAt('/staff/sign-in'));
  await submitPassword(page, CATALOGUE_STAFF);
  await setUpTotp(page);
  await confirmCodesSaved(page);
  await expect(heading(page, 'Catalogue')).toBeVisible();

  // a price list for a near minute: the draft saved and scheduled first, so that its minute comes while the rest runs
  await page.goto(staffAt(`/staff/catalogue/${SCHEDULED.id}`));
  await page.getByRole('textbox', { name: 'English name' }).fill(SCHEDULED.name);
  await page.getByRole('textbox', { name: 'Arabic name' }).fill(SCHEDULED.nameAr);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved. Publish it to show it in the catalogue.')).toBeVisible();
  const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await schedule.getByLabel(/^Publish on \(Dubai time\)/).fill(instantToDubaiLocal(due));
  await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(schedule).toContainText(
    `Scheduled to publish on ${formatDubaiTime(due)} (Dubai time) by ${CATALOGUE_STAFF.email}.`,
  );
  // not before its minute, on either process
  for (const site of [a, b]) {
    await publicPage.goto(`${site.url}${productPath(SCHEDULED.category, SCHEDULED.id)}`);
    expect(Date.now()).toBeLessThan(due.getTime());
    await expect(publicPage.getByRole('main')).not.toContainText(SCHEDULED.name);
  }

  // the file: checked as a job, whose report comes on the page
  const header = Object.keys(rows[0]!);
  const file = path.join(test.info().outputPath(), 'new-lines-2027.csv');
  writeFileSync(
    file,
    writeCsv(
      header,
      rows.map((row) => header.map((column) => row[column as keyof Row] ?? '')),
    ),
  );
  await page.goto(staffAt('/staff/catalogue-file'));
  await page.getByLabel('Catalogue file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(/^(Reading the file…|Checking rows: [\d,]+ of 15,000)/)).toBeVisible();
  await expect(
    page.getByText('The file is ready to import: 5,000 new, 0 changed, 0 unchanged. Nothing has been written yet.'),
  ).toBeVisible({ timeout: 180_000 });

  // imported as a job: its progress watched, the first process restarted while it runs
  const timing = timeTheSite(b);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^(Checking|Writing) rows: [\d,]+ of 15,000/)).toBeVisible({ timeout: 60_000 });
  const jobId = new URL(page.url()).searchParams.get('job') ?? '';
  expect(jobId).toMatch(/^[a-f0-9-]{36}$/);
  const exited = new Promise((resolve) => a.process.once('exit', resolve));
  a.process.kill('SIGTERM');
  await exited;
  // nothing of the file is public: neither its first product nor its last
  expect([await statusOf(b, FIRST), await statusOf(b, LAST)]).toEqual([404, 404]);
  a = await startSite({ ...env, STAFF_PORT: new URL(a.staffUrl).port }, { dataDir, port: Number(new URL(a.url).port) });
  first = a;
  // the page, on the restarted process, follows the job (taken up again) to its report
  await expect(
    page.getByText(/^Imported: 5,000 new, 0 changed, 0 unchanged\. The public pages show it now/),
  ).toBeVisible({ timeout: 240_000 });
  const during = await timing();
  const figures = `second process while the 15,000-row import ran (restart included): ${during.asked} answers, p50 ${during.p50} ms, p99 ${during.p99} ms, ${during.failures.length} failed`;
  console.log(figures);
  test.info().annotations.push({ type: 'timing', description: figures });
  expect(during.failures).toEqual([]);
  const job = (await (
    await page.request.get(`${b.staffUrl}${STAFF_API.catalogueImportJobs}/${jobId}`)
  ).json()) as ImportJob;
  expect([job.state, job.attempts]).toEqual(['done', 2]);
  await seeGenerated(publicPage, b, FIRST, Number(FIRST.price));
  await seeGenerated(publicPage, a, LAST, Number(LAST.price));

  // a bulk edit: every result of a search, every size +5 %; its diff is the file's prices +5 %, rounded to the fils
  await page.goto(staffAt('/staff/catalogue'));
  await page.getByRole('searchbox', { name: 'Search' }).fill(BULK_SEARCH);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`${bulkProducts.length} products match.`)).toBeVisible();
  await page.getByRole('button', { name: `Select all ${bulkProducts.length} results` }).click();
  const bulk = page.getByRole('form', { name: 'Bulk edit' });
  await bulk.getByLabel('Change prices by').selectOption('percent');
  await bulk.getByRole('textbox', { name: /^Price change/ }).fill('5');
  await bulk.getByRole('button', { name: 'Check the edit' }).click();
  await expect(
    page.getByText(
      `The edit is ready to apply: ${bulkChanged} products change, ${bulkProducts.length - bulkChanged} stay as they are. Nothing has been written yet.`,
    ),
  ).toBeVisible({ timeout: 120_000 });
  expect(bulkSizes.length).toBeGreaterThanOrEqual(200);
  const changes = page.getByRole('table', { name: `What the edit changes (${bulkSizes.length})` });
  // the first 20 changes listed (the Change column), each the file's price +5 % of the size it names
  const listed = (await changes.getByRole('row').locator('td:last-child').allTextContents()).slice(0, 20);
  expect(listed).toHaveLength(20);
  for (const line of listed) {
    const size = bulkSizes.find((row) => line.startsWith(`${row.code}: price`));
    expect(size, line).toBeDefined();
    expect(line).toBe(`${size!.code}: price ${String(Number(size!.price))} → ${String(plusFivePercent(size!.price))}`);
  }
  await page.getByRole('button', { name: 'Apply this edit' }).click();
  await expect(
    page.getByText(new RegExp(`^Applied: ${bulkChanged} products changed\\. The public pages show it now`)),
  ).toBeVisible({ timeout: 120_000 });
  const bulkJobPage = page.url();
  const edited = bulkSizes[0]!;
  await seeGenerated(publicPage, b, edited, plusFivePercent(edited.price));

  // the import's undo is refused while those products stand changed since, in words
  await page.goto(staffAt(`/staff/catalogue-file/jobs/${jobId}`));
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await expect(
    page.getByText(
      `${bulkChanged} of 5,000 products were changed again after the import, in the fields listed: nothing was undone. Change those fields back by hand, or keep the import.`,
    ),
  ).toBeVisible({ timeout: 120_000 });

  // the bulk edit undone as one step: the file's prices are back
  await page.goto(bulkJobPage);
  await page.getByRole('button', { name: 'Undo this edit' }).click();
  await expect(
    page.getByText(
      `Undoing the bulk edit changes ${bulkChanged} of ${bulkChanged} products back. Nothing has been changed yet.`,
    ),
  ).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Undo the edit' }).click();
  await expect(
    page.getByText(new RegExp(`^Undone: ${bulkChanged} of ${bulkChanged} products changed back`)),
  ).toBeVisible({ timeout: 120_000 });
  await seeGenerated(publicPage, b, edited, Number(edited.price));

  // now the import undone as one step: checked, then done; its products are withdrawn on both processes
  await page.goto(staffAt(`/staff/catalogue-file/jobs/${jobId}`));
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await expect(
    page.getByText('Undoing the import changes 5,000 of 5,000 products back. Nothing has been changed yet.'),
  ).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText(/^Undone: 5,000 of 5,000 products changed back/)).toBeVisible({ timeout: 180_000 });
  expect(await axeViolations(page), 'undo job page').toEqual([]);
  // gone from the catalogue's answers (410); its page says so, a 200 marked noindex (a browser logs a 4xx page)
  const apiStatus = async (site: RunningSite, row: Row) =>
    (await fetch(`${site.url}${catalogueProductApiPath(row.id)}`)).status;
  expect([await apiStatus(a, FIRST), await apiStatus(b, LAST)]).toEqual([410, 410]);
  await onPublicPages(
    publicPage,
    b,
    (edition) => `${edition}${productPath(FIRST.productCategoryId, FIRST.id)}`,
    async (edition) => {
      await expect(
        publicPage.getByRole('heading', {
          name: edition === '' ? 'Product no longer available' : 'المنتج لم يعد متوفراً',
        }),
      ).toBeVisible();
      await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(publicPage.getByRole('main')).not.toContainText(FIRST.code);
    },
  );

  // the gland's gallery, a size's own picture and its related parts, edited on the first process
  await page.goto(staffAt(`/staff/catalogue/${GLAND.id}`));
  await expect(heading(page, /^Edit: CW Brass Cable Gland/)).toBeVisible();
  const media = page.getByRole('region', { name: 'Pictures and datasheets' });
  await media.getByLabel('Upload a picture').setInputFiles(PICTURES[0]!);
  await expect(media.getByText('Uploaded. Save the draft to keep it.')).toBeVisible();
  await media.getByLabel('Upload a picture').setInputFiles(PICTURES[1]!);
  const secondPicture = media.getByRole('group', { name: 'Picture 2', exact: true });
  await secondPicture.getByLabel('Alt text (English)').fill('The gland taken apart');
  await secondPicture.getByLabel('Alt text (Arabic)').fill('الجلبة مفككة');
  await media
    .getByRole('group', { name: 'HEX-CW-25: Size 25 (M25)' })
    .getByLabel('Upload HEX-CW-25’s own picture')
    .setInputFiles(PICTURES[2]!);
  await expect(media.getByRole('img', { name: 'HEX-CW-25', exact: true })).toBeVisible();
  const related = page.getByRole('group', { name: 'Accessories and alternatives' });
  await related.getByRole('button', { name: 'Add a related part' }).click();
  await related.getByRole('textbox', { name: 'Code of related part 1' }).fill(SHROUD);
  await related.getByRole('button', { name: 'Add a related part' }).click();
  await related.getByRole('combobox', { name: 'Kind of related part 2' }).selectOption('alternative');
  await related.getByRole('textbox', { name: 'Code of related part 2' }).fill('HEX-E1W-20S');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved. Publish it to show it in the catalogue.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the catalogue shows this content now.')).toBeVisible();
  // the pictures uploaded through the first process, served by the second
  await seeGallery(publicPage, b);
  await seeRelatedParts(publicPage, b);

  // the scheduled draft went live by itself at its minute, once, on the second process too
  await expect
    .poll(
      async () => {
        await publicPage.goto(`${b.url}${productPath(SCHEDULED.category, SCHEDULED.id)}`);
        return publicPage.getByRole('main').textContent();
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toContain(SCHEDULED.name);
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  await onPublicPages(
    publicPage,
    b,
    (edition) => `${edition}${productPath(SCHEDULED.category, SCHEDULED.id)}`,
    async (edition) => {
      await expect(
        publicPage.getByRole('heading', { level: 2, name: edition === '' ? SCHEDULED.name : SCHEDULED.nameAr }),
      ).toBeVisible();
    },
  );
  await page.goto(staffAt(`/staff/catalogue/${SCHEDULED.id}/history`));
  const versions = page.getByRole('table', { name: 'Published versions, newest first' });
  await expect(versions.getByRole('row').nth(1)).toContainText(
    `Published on schedule, scheduled by ${CATALOGUE_STAFF.email}`,
  );
  await expect(versions.getByRole('row').filter({ hasText: 'Published on schedule' })).toHaveCount(1);

  // the only console errors were the job's reads lost while the first process restarted
  expect(
    staffConsole.problems.filter(
      (problem) => !/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET/.test(problem),
    ),
  ).toEqual([]);
});
