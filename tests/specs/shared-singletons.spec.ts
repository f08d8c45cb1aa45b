import { inlineRemotesMap } from '@site/server/test-support';
import { test, expect, stripInlineRemotesMap } from '../support/fixtures';
import { siteCategories } from '../support/site-facts';

// A property name that only React's core package carries (react-dom and the JSX runtime do not).
const REACT_CORE_MARKER = '__COMPILER_RUNTIME';

test('exactly one copy of React is downloaded while visiting every remote', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact', '@chat'],
}, async ({ page, request }) => {
  const reactCopies = new Set<string>();
  const scripts: string[] = [];
  const bodiesRead: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.url());
    bodiesRead.push(
      response
        .text()
        .catch(() => '')
        .then((body) => {
          if (body.includes(REACT_CORE_MARKER)) reactCopies.add(response.url());
        }),
    );
  });
  await page.goto('/our-products');
  await expect(page.getByRole('list', { name: 'Product categories' }).getByRole('listitem')).toHaveCount(
    (await siteCategories(request)).length,
  );
  for (const link of ['Certificates', 'Contact']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: link === 'Contact' ? 'Contact Us' : link })).toBeVisible();
  }
  await expect(page.getByRole('dialog', { name: 'Crescent Assistant' })).toBeVisible();
  // All four remotes were used in this page (not 'networkidle': the footer's map frame, which fails to load here,
  // can keep Playwright from ever seeing the page idle)...
  const remotes = ['catalogue', 'company', 'contact', 'chat'];
  await expect
    .poll(() => remotes.filter((remote) => !scripts.some((url) => url.includes(`/remotes/${remote}/`))))
    .toEqual([]);
  await Promise.all(bodiesRead);
  // ...and React itself arrived once.
  expect([...reactCopies]).toHaveLength(1);
});

test('the shell build carries no remote URL: remotes come from the map the server puts into the page', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact', '@chat'],
}, async ({ page, request }) => {
  const map = (await (await request.get('/remotes.json')).json()) as { remotes: { name: string; entry: string }[] };
  expect(map.remotes.map((remote) => remote.name).sort()).toEqual(['catalogue', 'chat', 'company', 'contact']);
  const html = await (await request.get('/certificates')).text();
  expect(inlineRemotesMap(html)).toEqual(map);

  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  expect(requested).toContain('/remotes/company/mf-manifest.json');
  expect(requested).not.toContain('/remotes.json'); // no round trip for the map
});

test('without the map in the page (a static host), the shell fetches /remotes.json and works the same', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact', '@chat'],
}, async ({ page }) => {
  await stripInlineRemotesMap(page);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto('/certificates');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  expect(requested).toContain('/remotes.json');
});
