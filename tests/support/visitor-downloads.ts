// What JS a visitor downloads: every script (plus the federation manifests) fetched while a page loads in Chromium
// against a running server, all chunks included. specs/js-budget.spec.ts compares pages with it and the benchmark
// (tools/bench) reports it (the budgets of each page's bytes are first-view-budgets.spec.ts'); tools/ imports this,
// never the other way round.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './chromium';
import { fileKind, type FileKind, type RemoteInMap } from './site-facts';
import type { PinnedState } from './site-mode';
import { chatBarName } from './ui-strings';

export const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/**
 * The /home JS guard: every script and manifest /home fetches, the chat included, each body gzip -9. It only goes down
 * (history in git): 188.7 KB since 2026-11-29; /home read 188.6 KB on 2026-11-29, f5b4844 (its after-first-paint
 * script inline, no longer a file). The
 * first-view budgets (tests/budgets/first-view.json) hold the same page's bytes on the wire beside it; this one keeps
 * its own measure so that no change of measure can raise it.
 */
export const HOME_JS_GUARD = 188.7 * 1024;

export interface Downloads {
  files: number;
  /** The address of each of those files. */
  urls: string[];
  /** gzip bytes of the shell's files, the remotes' entries and their chunks, told apart by `remotesMap` (fileKind). */
  byKind: Map<FileKind, number>;
  /** Sum of gzip -9 of every script body (what it would weigh gzip-compressed, whatever the server sent). */
  gzip: number;
  /** The part of `gzip` requested after the window's load event: what the page defers (the chat). */
  gzipAfterLoad: number;
  /** Bytes that really crossed the wire for those files (after the server's own compression, if any). */
  transferred: number;
  /** The page's h1, to show the page really rendered (not the error screen). */
  heading: string;
  /**
   * Web fonts the page downloaded, apart from the JS (the Arabic face is reported, not counted in the JS
   * budget): how many, and their bodies' bytes (woff2 is compressed already: no gzip figure).
   */
  fonts: { files: number; bytes: number; urls: string[] };
  /**
   * The remotes map the page was served with (its remotes-map element, else /remotes.json with the page's cookies):
   * which build of each remote this visitor got, a canary's or a CDN's included.
   */
  remotesMap: RemoteInMap[];
}

export interface DownloadOptions {
  /** The chat panel's accessible name on that page: the Arabic edition names it in Arabic. */
  chatName?: string;
  /** The browser's cookies: a run's pinned canary (site-mode.ts), so the page measured is on that canary's build. */
  storageState?: PinnedState;
}

/**
 * Loads `pagePath` in a fresh Chromium page and sums every script (and mf-manifest.json) it fetched
 * until the page's h1 is there, the chat (loaded after the page) has arrived and the network is idle.
 */
export async function visitorDownloads(
  siteUrl: string,
  pagePath: string,
  options: DownloadOptions = {},
): Promise<Downloads> {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage(
      options.storageState === undefined ? {} : { storageState: options.storageState },
    );
    const pending: Promise<void>[] = [];
    const files = new Map<string, { gzip: number; transferred: number; afterLoad: boolean }>();
    const fonts = new Map<string, number>();
    let loaded = false;
    const requestedAfterLoad = new Set<string>();
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (loaded) requestedAfterLoad.add(request.url());
    });
    page.on('requestfinished', (request) => {
      const url = request.url();
      if (request.resourceType() === 'font') {
        pending.push(
          (async () => {
            const body = await (await request.response())?.body().catch(() => Buffer.alloc(0));
            fonts.set(url, body?.length ?? 0);
          })(),
        );
        return;
      }
      if (request.resourceType() !== 'script' && !url.endsWith('mf-manifest.json')) return;
      pending.push(
        (async () => {
          const response = await request.response();
          const body = await response?.body().catch(() => Buffer.alloc(0));
          const sizes = await request.sizes().catch(() => undefined);
          files.set(url, {
            gzip: gzipBytes(body ?? Buffer.alloc(0)),
            transferred: sizes?.responseBodySize ?? 0,
            afterLoad: requestedAfterLoad.has(url),
          });
        })(),
      );
    });
    await page.goto(siteUrl + pagePath);
    // The chat loads after the page (federated and monolith alike): count it too. It arrives as its panel, or as its
    // bar where the panel does not open by itself (the request page, a quotation).
    const panel = page.getByRole('dialog', { name: options.chatName ?? 'Crescent Assistant' });
    await panel
      .or(page.getByRole('button', { name: chatBarName('en'), exact: true }))
      .first()
      .waitFor({ state: 'attached', timeout: 60_000 });
    const heading = page.locator('h1').first();
    await heading.waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    if ((await page.getByText('Unexpected Application Error!').count()) > 0) {
      throw new Error(`${pagePath} rendered the error screen`);
    }
    const headingText = (await heading.textContent())?.trim() ?? '';
    const inlineMap = await page.evaluate(
      (id) => document.getElementById(id)?.textContent ?? null,
      REMOTES_MAP_ELEMENT_ID,
    );
    const remotesMap = (
      (inlineMap !== null
        ? JSON.parse(inlineMap)
        : await (await page.request.get(new URL('/remotes.json', siteUrl).href)).json()) as { remotes: RemoteInMap[] }
    ).remotes;
    await Promise.all(pending);
    const byKind = new Map<FileKind, number>();
    for (const [url, size] of files) {
      const kind = fileKind(url, remotesMap, siteUrl);
      byKind.set(kind, (byKind.get(kind) ?? 0) + size.gzip);
    }
    const sum = (key: 'gzip' | 'transferred') => [...files.values()].reduce((total, size) => total + size[key], 0);
    const gzipAfterLoad = [...files.values()]
      .filter((size) => size.afterLoad)
      .reduce((total, size) => total + size.gzip, 0);
    const fontBytes = [...fonts.values()].reduce((total, bytes) => total + bytes, 0);
    return {
      files: files.size,
      urls: [...files.keys()],
      byKind,
      gzip: sum('gzip'),
      gzipAfterLoad,
      transferred: sum('transferred'),
      heading: headingText,
      fonts: { files: fonts.size, bytes: fontBytes, urls: [...fonts.keys()] },
      remotesMap,
    };
  } finally {
    await browser.close();
  }
}
