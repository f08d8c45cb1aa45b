// The rendered pages the server keeps (shellResponder.ts): keyed by what really makes two answers differ, and bounded by
// evicting the least recently used page, so that a flood of rare addresses cannot push the popular pages out at once.
import { LRUCache } from 'lru-cache';

/** Everything a page's bytes depend on. Nothing here comes from a header the client may set freely. */
export interface PageKey {
  /** The shell build (its index.html's mtime and size). */
  shell: string;
  /** The site's origin: the server's own (siteOrigin.ts), fixed once it listens. */
  origin: string;
  /** The SEO data the head was written from (shellResponder.ts numbers each one: a new one per catalogue version). */
  site?: string;
  /**
   * The page's canonical path, which names its edition ('/about', '/ar/about'); '404 <locale>' for the not-found page
   * (one page per edition for every unknown address).
   */
  path: string;
  /** The builds the visitor is on (canary.ts Visitor.key): a canary's page must never reach a stable visitor. */
  visitor: string;
  /** The version of the manifest the page's preload hints come from (remoteHints.ts). */
  hints: string;
  /** The first view's render modules and data file versions ('' when the page is not drawn here: ssr/firstView.ts). */
  view: string;
  /** The state of the remotes the page was drawn for (releases/liveRemotes.ts: a release moves it on). */
  remotes?: string;
  /**
   * Marked for the Arabic web font (arabicFont.ts): an Arabic page whose visitor's cookie holds the current font
   * files' fingerprint. A yes or no, never the cookie's value, so no value a client sends makes a new page.
   */
  arabicFont?: boolean;
  /**
   * The currency a page that shows prices is drawn in, with its rate's version ('OMR@12': catalogue/currency/): one
   * page per currency and rate, never per visitor; '' (absent) for AED and for a page that shows no price.
   */
  currency?: string;
}

export function pageKey(key: PageKey): string {
  // The parts cannot contain a newline (paths are URL paths, the rest are the server's own strings).
  return [
    key.shell,
    key.origin,
    key.site ?? '',
    key.path,
    key.visitor,
    key.hints,
    key.view,
    key.remotes ?? '',
    key.arabicFont === true ? 'font' : '',
    key.currency ?? '',
  ].join('\n');
}

/**
 * Enough for every page of the site in every build a visitor can be on (a few hundred pages, a few canary kinds, an
 * Arabic page with and without the web font's mark), with room for the releases of a day; a rendered page is 30–60 KB.
 */
export const MAX_CACHED_PAGES = 2000;

/** A bounded map of rendered pages (or their promises): the least recently used goes when it is full. */
export class PageCache<V extends object> {
  private readonly entries: LRUCache<string, V>;

  constructor(max: number = MAX_CACHED_PAGES) {
    this.entries = new LRUCache<string, V>({ max });
  }

  /** Look-ups that found their page, and those that did not (the operator's metrics). */
  hits = 0;
  misses = 0;

  get(key: PageKey): V | undefined {
    const found = this.entries.get(pageKey(key));
    if (found === undefined) this.misses += 1;
    else this.hits += 1;
    return found;
  }

  set(key: PageKey, value: V): void {
    this.entries.set(pageKey(key), value);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
