// "shared-ui released ahead of the shell": a new shared-ui component (shared-ui 1.1.0, in a copy) reaches the live site
// with one remote, built and released alone, while the shell (shared-ui 1.0.0) stays byte-identical. shared-ui is shared
// by version (tools/webpack/federated-app.cjs, versionedShared): the remote needs ^1.1.0, the shell's 1.0.0 does not
// satisfy it, so the remote draws with its own copy; React, react-dom and styled-components stay the shell's, once. On
// the server the remote's server-render module bundles its own shared-ui (tools/webpack/server-render.cjs), so the new
// component is in the HTML too, with the class names the browser then hydrates. Then the release is rolled back.
// Everything happens in temp copies (site, remote sources, shared-ui): the real folders are only read.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, localOnly } from '../support/fixtures';
import {
  APPS,
  buildRemote,
  copyBuiltSite,
  copyPackageSourcesFor,
  copyRemoteSources,
  editSource,
  hashBundles,
  releaseInto,
  restoreEntryFiles,
  saveEntryFiles,
} from '../support/release';
import { siteCategories } from '../support/site-facts';
import { startSite, type RunningSite } from '../support/site-server';

localOnly('builds a remote with a newer shared-ui and starts its own server with it');

const REMOTE = 'mfe-company';
const ROUTE = '/certificates';
const PAGE_FILE = path.join('src', 'certificates', 'CertificatesPage.tsx');
const PAGE_IMPORT = "import { Breadcrumb, Card, Modal, PageContainer, SectionHeading } from '@site/shared-ui';";
const PAGE_HEADING = "<SectionHeading>{text('company.certificates.title')}</SectionHeading>";

/** The new shared-ui component: styled by the theme, which only the shell's styled-components provides. */
const NOTICE_SOURCE = `import styled from 'styled-components';

/** A short highlighted note under a page heading. */
export const Notice = styled.p.attrs({ role: 'note' })\`
  margin: 0 0 24px;
  padding: 12px 16px;
  border-left: 4px solid \${({ theme }) => theme.colors.accent};
  background: \${({ theme }) => theme.colors.brandLight};
  color: \${({ theme }) => theme.colors.text};
\`;
`;
/** theme.colors.brandLight (#e6eef6) as the browser computes it. */
const BRAND_LIGHT = 'rgb(230, 238, 246)';

/**
 * Strings only one package's code carries, to count the copies a page downloads (as shared-singletons.spec.ts does for
 * React): React's core, react-dom's internals, styled-components' style sheet attribute.
 */
const SINGLETON_MARKERS = {
  react: '__COMPILER_RUNTIME',
  'react-dom': '__reactContainer',
  'styled-components': 'data-styled-version',
} as const;

/** Scripts the page downloads, by URL, with their bodies. */
function recordScripts(page: Page): { bodies: Map<string, string>; read: Promise<void>[] } {
  const bodies = new Map<string, string>();
  const read: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    read.push(
      response
        .text()
        .catch(() => '')
        .then((body) => void bodies.set(response.url(), body)),
    );
  });
  return { bodies, read };
}

/** The versions of each shared package the page's federation runtime has loaded, with the apps that use each. */
async function loadedShares(page: Page, packageNames: string[]): Promise<Record<string, Record<string, string[]>>> {
  return page.evaluate((names) => {
    type Share = { loaded?: boolean; lib?: unknown; useIn?: string[] };
    type Instance = { name: string; shareScopeMap: Record<string, Record<string, Record<string, Share>>> };
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    const scope = federation.__INSTANCES__.find((instance) => instance.name === 'shell')!.shareScopeMap['default']!;
    return Object.fromEntries(
      names.map((name) => [
        name,
        Object.fromEntries(
          Object.entries(scope[name] ?? {})
            .filter(([, entry]) => entry.loaded === true || typeof entry.lib === 'function')
            .map(([version, entry]) => [version, [...(entry.useIn ?? [])].sort()]),
        ),
      ]),
    );
  }, packageNames);
}

/** One loaded version of the package, whichever it is. */
const oneVersion = (shares: Record<string, string[]>) => Object.keys(shares);

test.describe.configure({ timeout: 600_000 });

test('a remote released with a newer shared-ui draws its new component before the shell is rebuilt; one React; rollback', {
  tag: ['@local', '@catalogue', '@shell'],
}, async ({ page, consoleProblems }) => {
  const work = mkdtempSync(path.join(tmpdir(), 'site-shared-ui-'));
  const siteRoot = path.join(work, 'site');
  const buildDir = path.join(work, 'build', REMOTE);
  const backupDir = path.join(work, 'previous-release', REMOTE);
  const servedDir = path.join(siteRoot, REMOTE, 'dist');
  const noticeText = `Shared UI 1.1.0 check ${Date.now()}: certificates renewed for 2026.`;
  let site: RunningSite | undefined;
  let appDir: string | undefined;
  let sharedUiDir: string | undefined;
  try {
    // 1. the built site (every app built with shared-ui 1.0.0), copied; the bytes of every bundle file
    copyBuiltSite(siteRoot);
    const before = hashBundles(siteRoot);
    site = await startSite({ REPO_ROOT: siteRoot });
    await page.goto(`${site.url}${ROUTE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(Object.keys((await loadedShares(page, ['@site/shared-ui']))['@site/shared-ui']!)).toEqual(['1.0.0']);

    // 2. shared-ui 1.1.0 in a copy: a new component, exported, the version bumped. The copied remote resolves it
    //    (<copy>/node_modules/@site/shared-ui) and uses it; its own production build.
    appDir = copyRemoteSources(REMOTE);
    sharedUiDir = copyPackageSourcesFor(appDir, 'shared-ui');
    editSource(path.join(sharedUiDir, 'package.json'), '"version": "1.0.0"', '"version": "1.1.0"');
    mkdirSync(path.join(sharedUiDir, 'src', 'components', 'Notice'));
    writeFileSync(path.join(sharedUiDir, 'src', 'components', 'Notice', 'Notice.tsx'), NOTICE_SOURCE);
    appendFileSync(path.join(sharedUiDir, 'src', 'index.ts'), "export { Notice } from './components/Notice/Notice';\n");
    editSource(
      path.join(appDir, PAGE_FILE),
      PAGE_IMPORT,
      PAGE_IMPORT.replace('SectionHeading }', 'SectionHeading, Notice }'),
    );
    editSource(path.join(appDir, PAGE_FILE), PAGE_HEADING, `${PAGE_HEADING}\n      <Notice>${noticeText}</Notice>`);
    await buildRemote(appDir, buildDir);
    const manifest = JSON.parse(readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8')) as {
      shared: { name: string; version: string; requiredVersion: string; singleton: boolean }[];
    };
    const sharedUi = manifest.shared.find((entry) => entry.name === '@site/shared-ui');
    expect(sharedUi, 'the remote shares the shared-ui it was built with, by version').toMatchObject({
      version: '1.1.0',
      requiredVersion: '^1.1.0',
      singleton: false,
    });
    expect(manifest.shared.find((entry) => entry.name === 'react')).toMatchObject({ singleton: true });

    // 3. the release: new hashed files, then remoteEntry.js, server-render.json, mf-manifest.json (previous ones kept)
    saveEntryFiles(servedDir, backupDir);
    const released = releaseInto(buildDir, servedDir);
    expect(released.at(-1)).toBe('mf-manifest.json');
    const summary = `released ${released.length} new or changed company files: ${released.join(', ')}`;
    test.info().annotations.push({ type: 'result', description: summary });
    console.log(summary);

    // 4. the server draws the new component (it takes the release at its manifest, within a second)
    await expect
      .poll(async () => (await (await fetch(`${site!.url}${ROUTE}`)).text()).includes(noticeText), { timeout: 20_000 })
      .toBe(true);

    // 5. reload, with the shell's script held until the server's notice has been marked: hydration keeps it (a
    //    mismatch would have drawn a new element), with the same class names, styled by the shell's theme
    const scripts = recordScripts(page);
    let releaseShell = () => undefined as void;
    const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
    await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
      await shellHeld;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    const notice = page.getByRole('note');
    await expect(notice).toHaveText(noticeText);
    const serverClass = await notice.evaluate((element: HTMLElement) => {
      element.setAttribute('data-from-server', '');
      return element.className;
    });
    releaseShell();
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    await page.unroute(/\/main\.[0-9a-f]{8}\.js$/);
    await expect(notice).toHaveAttribute('data-from-server', '');
    await expect(notice).toHaveAttribute('class', serverClass);
    await expect(notice).toHaveCSS('background-color', BRAND_LIGHT);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();

    // the page runs the shell's shared-ui 1.0.0 (header, footer) and the company's own 1.1.0; one of the others. (A
    // remote built with 1.0.0 that loads later, like the chat, may get 1.1.0 too: the newest loaded copy within its ^1.0.0.)
    const shares = await loadedShares(page, ['@site/shared-ui', 'react', 'react-dom', 'styled-components']);
    expect(Object.keys(shares['@site/shared-ui']!).sort()).toEqual(['1.0.0', '1.1.0']);
    expect(shares['@site/shared-ui']!['1.1.0'], "shared-ui 1.1.0: the company's").toContain('company');
    expect(shares['@site/shared-ui']!['1.1.0']).not.toContain('shell');
    expect(shares['@site/shared-ui']!['1.0.0'], "shared-ui 1.0.0: the shell's").toContain('shell');
    expect(shares['@site/shared-ui']!['1.0.0']).not.toContain('company');
    for (const name of ['react', 'react-dom', 'styled-components']) {
      expect(oneVersion(shares[name]!), `one ${name}`).toHaveLength(1);
      expect(Object.values(shares[name]!)[0], `the shell's ${name} for the company too`).toEqual(
        expect.arrayContaining(['shell', 'company']),
      );
    }

    // 6. other pages still work in the same page (in-app navigation: catalogue, contact; the chat loads when idle),
    //    and coming back draws the notice in the browser with the class names the server gave it
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('list', { name: 'Product categories' }).getByRole('listitem')).toHaveCount(
      (await siteCategories(page.request, 'en', site.url)).length,
    );
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Crescent Assistant' })).toBeVisible();
    await nav.getByRole('link', { name: 'Certificates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
    await expect(notice).toHaveText(noticeText);
    await expect(notice).not.toHaveAttribute('data-from-server');
    await expect(notice).toHaveAttribute('class', serverClass);
    await expect(notice).toHaveCSS('background-color', BRAND_LIGHT);

    // one React, one react-dom, one styled-components downloaded, with all four remotes in the page
    const remotes = ['catalogue', 'company', 'contact', 'chat'];
    await expect
      .poll(() =>
        remotes.filter((remote) => ![...scripts.bodies.keys()].some((url) => url.includes(`/remotes/${remote}/`))),
      )
      .toEqual([]);
    await Promise.all(scripts.read);
    for (const [name, marker] of Object.entries(SINGLETON_MARKERS)) {
      const copies = [...scripts.bodies]
        .filter(([, body]) => body.includes(marker))
        .map(([url]) => new URL(url).pathname);
      expect(copies, `${name} downloaded once, from the shell`).toEqual([
        expect.stringMatching(/^\/main\.[0-9a-f]{8}\.js$/),
      ]);
    }
    const sharesAfterNavigation = await loadedShares(page, ['react', 'react-dom', 'styled-components']);
    for (const name of ['react', 'react-dom', 'styled-components'])
      expect(oneVersion(sharesAfterNavigation[name]!), `one ${name}`).toHaveLength(1);
    expect(consoleProblems.messages).toEqual([]);

    // 7. the shell's and the other remotes' files: byte-identical; the company's earlier files kept
    const after = hashBundles(siteRoot);
    for (const app of APPS.filter((name) => name !== REMOTE))
      expect(after[app], `${app}/dist is byte-identical`).toEqual(before[app]);
    for (const [file, hash] of Object.entries(before[REMOTE])) {
      if (!released.includes(file)) expect(after[REMOTE][file], `${REMOTE}/dist/${file} kept`).toBe(hash);
    }

    // 8. rollback: the previous entry files back (mf-manifest.json last); the notice is gone, on the server and on reload
    restoreEntryFiles(backupDir, servedDir);
    await expect
      .poll(async () => (await (await fetch(`${site!.url}${ROUTE}`)).text()).includes(noticeText), { timeout: 20_000 })
      .toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('note')).toHaveCount(0);
    expect(Object.keys((await loadedShares(page, ['@site/shared-ui']))['@site/shared-ui']!)).toEqual(['1.0.0']);
    const rolledBack = hashBundles(siteRoot);
    for (const app of APPS.filter((name) => name !== REMOTE)) expect(rolledBack[app]).toEqual(before[app]);
    for (const [file, hash] of Object.entries(before[REMOTE]))
      expect(rolledBack[REMOTE][file], `${file} as before the release`).toBe(hash);
    expect(consoleProblems.messages).toEqual([]);
  } finally {
    await site?.stop();
    rmSync(work, { recursive: true, force: true });
    if (appDir !== undefined) rmSync(appDir, { recursive: true, force: true });
    if (sharedUiDir !== undefined) rmSync(sharedUiDir, { recursive: true, force: true });
  }
});
