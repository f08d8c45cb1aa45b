import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { BROCHURE_FILE } from '@site/content';
import { categoryPath } from '@site/contracts/paths';
import { test, expect } from '../support/fixtures';
import { expectImagesDescribed, expectImagesLoaded } from '../support/images';
import { REPO_ROOT } from '../support/site-server';

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'content/data', file), 'utf8')) as T;
const company = readJson<{ careersEmail: string; postalAddress: string }>('company.json');
const team = readJson<{ name: string; position: string; altTextForImg: string }[]>('our-team.json');

const SLIDES = ['Electrical Products & Industrial Solutions', 'High Caliber Professionals', 'ISO 9001:2008 Certified'];
const TEASER = [
  'industrial_plugs_and_sockets',
  'cable_jointing_kit',
  'flexiblerigid_conduit_and_accessories',
  'Resin_Jointing_Kits',
];
const PARTNERS = [
  'PCE',
  '3M',
  'Raychem',
  'Barton',
  'Oxford',
  'MK',
  'Legrand',
  'Hex',
  'Breeze',
  'Ashfield',
  'Elite',
  'MESC',
  'Schneider',
  'Marechal Electric',
  'Hager',
  'Simplex',
];
const PROJECTS = [
  'Al Habtoor City',
  'Dubai Fountain Project',
  'Future Museum',
  'Jumeirah Park Villas',
  'Jumeirah Park Villas Phase 2',
  'Palm Jumeirah',
  'The Atlantis Royal',
];

/** The carousel's slide on show: the one visible slide heading, with the dot marked current agreeing. */
async function expectSlide(page: Page, number: 1 | 2 | 3) {
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await expect(carousel.getByRole('heading', { level: 2 })).toHaveText(SLIDES[number - 1]!);
  await expect(carousel.getByRole('button', { name: `Slide ${number}: ${SLIDES[number - 1]}` })).toHaveAttribute(
    'aria-current',
    'true',
  );
}

/**
 * Opens /home with a fake clock and stops it once slide 1 shows, so that no automatic advance comes between a test's
 * steps however slow the machine is; `page.clock.runFor` then moves time on. Time flows while the page loads (it
 * needs its timers), so the pause is aimed a little ahead, and again if the page got there first.
 */
async function openHomeWithClockStopped(page: Page) {
  await page.clock.install();
  await page.goto('/home');
  await expectSlide(page, 1);
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      break;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('past')) throw error;
    }
  }
  await expectSlide(page, 1);
}

/** Opens /home and stops the slide show, on slide 1, for tests of manual navigation. */
async function openHomeStopped(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
  await page.keyboard.press('1');
  await expectSlide(page, 1);
}

/**
 * The partner brands' logos, brought in: they are drawn as their list comes near the viewport (PartnersGrid.tsx), so
 * the list is scrolled to and all sixteen awaited.
 */
async function partnerLogos(list: Locator): Promise<Locator> {
  await list.scrollIntoViewIfNeeded();
  const logos = list.getByRole('img');
  await expect(logos).toHaveCount(16);
  return logos;
}

test.describe('home', { tag: ['@site', '@company'] }, () => {
  test('the four blocks with their headings, teaser links, counters and partners', async ({
    page,
    consoleProblems,
  }) => {
    await page.goto('/home');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Electrical Products & Industrial Solutions' }),
    ).toBeVisible();
    await expectSlide(page, 1);
    const anySlide = new RegExp(`^(${SLIDES.join('|')})$`);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      anySlide,
      'Our Products',
      'About Us',
      'Our Partners',
    ]);

    await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/our-products');
    const teaser = page.getByRole('list', { name: 'Featured product categories' }).getByRole('link');
    await expect(teaser).toHaveCount(4);
    for (const [i, id] of TEASER.entries()) await expect(teaser.nth(i)).toHaveAttribute('href', categoryPath(id));

    const partners = page.getByRole('list', { name: 'Partner brands' }).getByRole('listitem');
    await expect(page.getByText('Authorized Distributors of Leading Global Brands')).toBeVisible();
    await expect(partners).toHaveText(PARTNERS);
    const logos = await partnerLogos(page.getByRole('list', { name: 'Partner brands' }));
    for (const img of await logos.all()) await expect(img).toHaveAttribute('loading', 'lazy');

    const text = await page.getByRole('main').innerText();
    for (const claim of [
      '30+ years',
      'since 1995',
      'ISO 9001:2008',
      'first electrical trading company in the UAE',
      '1,000+ customers',
      '10+ countries',
      '150+ global suppliers',
    ]) {
      expect(text).toContain(claim);
    }
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the counters count up to 1000+, 10+, 200+ and 150+ once scrolled into view', async ({ page }) => {
    await page.goto('/home');
    const figures = page.getByRole('list', { name: 'Our figures' });
    await expect(figures.getByRole('listitem')).toHaveText([
      /Customers Served/,
      /Countries in Operation/,
      /Products Catalogue/,
      /Suppliers Across Globe/,
    ]);
    await figures.scrollIntoViewIfNeeded();
    const digits = figures.getByTestId('count-up-digits');
    // Counting takes 5 s; midway the first figure is on its way.
    await expect
      .poll(async () => Number.parseInt((await digits.first().textContent()) ?? '', 10), { timeout: 4000 })
      .toBeGreaterThan(0);
    await expect(digits).toHaveText(['1000+', '10+', '200+', '150+'], { timeout: 10_000 });
  });

  test('every picture of the page loads, with alt text and a size', async ({ page }) => {
    await page.goto('/home');
    await expectSlide(page, 1);
    await expectImagesLoaded(page.getByRole('main'));
    await expectImagesDescribed(page.getByRole('main'));
  });

  test('carousel: previous and next wrap both ways, dots jump, the dot of the slide on show is highlighted', async ({
    page,
  }) => {
    await openHomeStopped(page);
    const carousel = page.getByRole('region', { name: 'Highlights' });
    await expect(carousel.getByText('23', { exact: true })).toBeHidden();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 2);
    await expect(carousel.getByText('23', { exact: true })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 3);
    await expect(carousel.getByText('1st', { exact: true })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 1);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expectSlide(page, 3);
    await carousel.getByRole('button', { name: `Slide 2: ${SLIDES[1]}` }).click();
    await expectSlide(page, 2);
    await expect(carousel.getByRole('button', { name: `Slide 3: ${SLIDES[2]}` })).not.toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(carousel.locator('[aria-live="polite"]')).toHaveText(`Slide 2 of 3: ${SLIDES[1]}`);
  });

  test('carousel: the arrow keys and 1-3 navigate', async ({ page }) => {
    await openHomeStopped(page);
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 3);
    await page.keyboard.press('2');
    await expectSlide(page, 2);
    await page.keyboard.press('1');
    await expectSlide(page, 1);
    await page.keyboard.press('3');
    await expectSlide(page, 3);
  });

  test('carousel: the controls work from the keyboard alone', async ({ page }) => {
    await openHomeStopped(page);
    const next = page.getByRole('button', { name: 'Next slide' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expectSlide(page, 2);
    // Tab order: previous, the three dots, next, stop. Back from next is the third dot.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: `Slide 3: ${SLIDES[2]}` })).toBeFocused();
    await page.keyboard.press('Space');
    await expectSlide(page, 3);
  });

  test('carousel: advances every 8 s, and a manual change holds the next advance for one tick', async ({ page }) => {
    await openHomeWithClockStopped(page);
    await page.clock.runFor(8000);
    await expectSlide(page, 2);
    await page.clock.runFor(8000);
    await expectSlide(page, 3);
    await page.clock.runFor(3000);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 1);
    await page.clock.runFor(5000); // the tick 8 s after the last advance is held
    await expectSlide(page, 1);
    await page.clock.runFor(8000);
    await expectSlide(page, 2);
  });

  test('carousel: the stop button stops the slide show', async ({ page }) => {
    await openHomeWithClockStopped(page);
    await page.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await page.clock.runFor(24_000);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Start automatic slide show' }).click();
    await page.clock.runFor(8000);
    await expectSlide(page, 2);
  });

  test('Get a Quote reaches /contact-us; Download Catalogue downloads the PDF', async ({ page }) => {
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const catalogue = carousel.getByRole('link', { name: 'Download Catalogue' });
    await expect(catalogue).toHaveAttribute('href', `/${BROCHURE_FILE}`);
    const downloading = page.waitForEvent('download');
    await catalogue.click();
    expect((await downloading).suggestedFilename()).toBe(BROCHURE_FILE);
    await carousel.getByRole('link', { name: 'Get a Quote' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('a teaser card opens its category listing', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('list', { name: 'Featured product categories' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/our-products\/industrial_plugs_and_sockets$/);
  });
});

test.describe('home on a touch screen', { tag: ['@site', '@company'] }, () => {
  test.use({ hasTouch: true });

  /** A real touch gesture across the slides, from their middle, through the browser's input pipeline. */
  async function swipe(page: Page, dx: number, dy: number) {
    const box = (await page
      .getByRole('region', { name: 'Highlights' })
      .getByRole('group', { name: /^\d of 3$/ })
      .boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: start.x + dx / 2, y: start.y + dy / 2 }],
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: start.x + dx, y: start.y + dy }],
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a swipe longer than 50 px and mostly sideways changes the slide; others do not', async ({ page }) => {
    await openHomeStopped(page);
    await swipe(page, -40, 0);
    await expectSlide(page, 1);
    await swipe(page, -80, 120);
    await expectSlide(page, 1);
    await swipe(page, -120, 10);
    await expectSlide(page, 2);
    await swipe(page, 120, 0);
    await expectSlide(page, 1);
    await swipe(page, 120, 0);
    await expectSlide(page, 3);
  });
});

test.describe('home with reduced motion', { tag: ['@site', '@company'] }, () => {
  test.use({ reducedMotion: 'reduce' });

  test('the carousel stands still but stays operable', async ({ page }) => {
    await openHomeWithClockStopped(page);
    await page.clock.runFor(20_000);
    await expectSlide(page, 1);
    await expect(page.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 2);
  });
});

// Sixteen SVG logos are sixteen small documents the browser parses and lays out on the main thread; with
// `loading="lazy"` alone a phone asked for all of the home page's, 3,300 px down, during its start (the browser's
// lazy distance reaches 5,000 px while it has no guess of the connection). They come as their list nears instead.
test('/home on a phone asks for no partner logo until their list comes near, then shows all sixteen', {
  tag: ['@site', '@company'],
}, async ({ page }) => {
  // the page as the server sends it names no logo: no browser's lazy distance can reach for one before the list nears
  expect(await (await page.request.get('/home')).text()).not.toContain('/images/brands/');
  await page.setViewportSize({ width: 412, height: 823 });
  const logoRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/images/brands/')) logoRequests.push(request.url());
  });
  await page.goto('/home');
  await page.locator('html[data-started]').waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 })),
  );
  expect(logoRequests).toEqual([]);
  const list = page.getByRole('list', { name: 'Partner brands' });
  // each card keeps the logo's box while it waits: nothing moves when the logos arrive
  const cardHeight = () =>
    list
      .getByRole('listitem')
      .first()
      .evaluate((item) => item.getBoundingClientRect().height);
  const waitingHeight = await cardHeight();
  await partnerLogos(list);
  await expectImagesLoaded(list);
  // close to, not equal: the card may still be sliding in (Reveal's translateY), and a box read mid-slide differs in
  // the fifth decimal (120.484375 against 120.48434448)
  expect(await cardHeight()).toBeCloseTo(waitingHeight, 2);
  expect(new Set(logoRequests).size).toBe(16);
});

test.describe('company pages', { tag: ['@site', '@company'] }, () => {
  test('/about: breadcrumb, hero, intro, the four cards and the partners', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('About Us');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'What we stand for' }).getByRole('heading')).toHaveText([
      'Our Story',
      'Our Excellence',
      'Our Approach',
      'Our Commitment',
    ]);
    await expect(page.getByRole('list', { name: 'What we stand for' }).getByRole('listitem').first()).toContainText(
      '1995',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Our Partners' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Partner brands' }).getByRole('listitem')).toHaveCount(16);
    await partnerLogos(page.getByRole('list', { name: 'Partner brands' }));
    await expectImagesLoaded(page.getByRole('main'));
    await expectImagesDescribed(page.getByRole('main'));
  });

  test('/certificates: two ISO 9001:2015 certificates and Quality Assurance', async ({ page }) => {
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Click to view ISO 9001:2015 Certificate/ })).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Quality Assurance' })).toBeVisible();
    await expectImagesLoaded(page.getByRole('main'));
    await expectImagesDescribed(page.getByRole('main'));
  });

  test('/our-projects: seven project cards with their titles and pictures', async ({ page }) => {
    await page.goto('/our-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('heading', { level: 2 })).toHaveText(PROJECTS);
    await expectImagesLoaded(page.getByRole('list', { name: 'Projects' }));
    await expectImagesDescribed(page.getByRole('list', { name: 'Projects' }));
  });

  test('/career-opportunities: the Sales Head advert, apply by e-mail or post', async ({ page }) => {
    await page.goto('/career-opportunities');
    await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
    const advert = page.getByRole('article', { name: /Sales Head/ });
    await expect(advert).toContainText('Oil & Gas Division');
    await expect(advert).toContainText('10 years');
    await expect(advert).toContainText('4-5 years');
    await expect(advert.getByRole('heading', { name: 'Responsibilities' }).locator('+ ul > li')).toHaveCount(4);
    await expect(advert.getByRole('link', { name: company.careersEmail })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${company.careersEmail}`),
    );
    await expect(advert).toContainText(company.postalAddress);
    await expect(advert).toContainText('equal opportunity employer');
  });
});

/** Opens /management from the header: the browser loads the team (a page loaded from the server comes with it). */
async function openManagementInApp(page: Page): Promise<void> {
  await page.goto('/contact-us');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Management' }).click();
}

test.describe('management', { tag: ['@site', '@company'] }, () => {
  test("shows 'Loading our team...' while the team loads, then the five members", async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/data/our-team.json', async (route) => {
      await released;
      await route.continue();
    });
    await openManagementInApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Management' })).toBeVisible();
    await expect(page.getByText('Loading our team...', { exact: true }).first()).toBeVisible();
    release();
    const cards = page.getByRole('list', { name: 'Our team' }).getByRole('listitem');
    await expect(cards).toHaveCount(5);
    await expect(page.getByText('Loading our team...')).toHaveCount(0);
    for (const [i, member] of team.entries()) {
      await expect(cards.nth(i).getByRole('heading', { level: 2 })).toHaveText(member.name);
      await expect(cards.nth(i)).toContainText(member.position);
      await expect(cards.nth(i).getByRole('img', { name: member.altTextForImg })).toBeVisible();
    }
    await expectImagesLoaded(page.getByRole('list', { name: 'Our team' }));
    await expectImagesDescribed(page.getByRole('list', { name: 'Our team' }));
  });

  test('a failed load shows a clear message and a retry that then loads the team', async ({ page }) => {
    let fail = true;
    await page.route('**/data/our-team.json', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' })
        : route.continue(),
    );
    await openManagementInApp(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('could not load our team');
    await expect(page.getByText('Loading our team...')).toHaveCount(0);
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('list', { name: 'Our team' }).getByRole('listitem')).toHaveCount(5);
    await expect(alert).toHaveCount(0);
  });
});
