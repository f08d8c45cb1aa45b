// Each page view's field Core Web Vitals, sent with sendBeacon to POST /api/vitals (contracts/src/vitalsApi.ts). A chunk
// of its own, imported once the page has loaded and is idle (bootstrap.tsx): buffered observers still see what came
// before it (LCP, FCP, layout shifts, the navigation's timing and long interactions). Hand-written rather than the
// web-vitals package, whose five metrics weigh 3.3 KB gzip, over the 2 KB this chunk may cost (it weighs 1.1 KB).
//
// The document's first view has all five metrics. A view the router draws in the page (another path, same document)
// is a page view too, with the metrics of its own life: INP and CLS. A view's batch goes when the visitor leaves it,
// by a link of the site (the Navigation API's currententrychange: a browser without it reports the document's first
// view only) or by hiding the page (pagehide, or visibilitychange to hidden); each view sends once.
import type { VitalsBeacon } from '@site/contracts/vitals-api';
import { REMOTES_MAP_ELEMENT_ID, VITALS_SAMPLE_ATTRIBUTE } from '@site/contracts/dom-ids';

/** VITALS_PATH (vitalsBeacon.test.ts checks it): the contract's module is not imported, for its zod schema's bytes. */
export const BEACON_PATH = '/api/vitals';

type Metrics = VitalsBeacon['metrics'];

/** What the page knows of itself: the route pattern, its edition, the builds its remotes loaded, the tab's id. */
export interface PageViewFacts {
  route: string;
  edition: VitalsBeacon['edition'];
  session: string;
  remotes: () => ReadonlyMap<string, string>;
  /** The route pattern of a path of the site (undefined: none, a view not reported). */
  routeAt: (pathname: string) => string | undefined;
}

/** One page view: its route (undefined: not reported), what it measured, its largest window of shifts so far. */
interface View {
  route: string | undefined;
  pathname: string;
  metrics: Metrics;
  interactions: Map<number, number>;
  shifts: { value: number; start: number; last: number };
  sent: boolean;
}

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type NavigationLike = EventTarget & { currentEntry: { url: string | null } | null };

/**
 * Whether this tab is among the share of tabs that send (VITALS_SAMPLE_PERCENT, on the remotes map's element; absent:
 * all): by the tab's random id, not per view, so a sampled session's views are all counted, as the canary rule counts
 * sessions.
 */
export const tabSampled = (session: string, doc: Document): boolean =>
  !(
    (parseInt(session.slice(-6), 16) || 0) % 1e4 >=
    Number(doc.getElementById(REMOTES_MAP_ELEMENT_ID)?.getAttribute(VITALS_SAMPLE_ATTRIBUTE) ?? 100) * 100
  );

/** Starts measuring the page's views; each view's beacon goes once, when the visitor leaves it. */
export function startVitals(facts: PageViewFacts, win: Window & typeof globalThis = window): void {
  if (!tabSampled(facts.session, win.document)) return;
  const newView = (route: string | undefined, pathname: string): View => ({
    route,
    pathname,
    // a view without a shift has a CLS of 0, where the browser reports shifts
    metrics: PerformanceObserver.supportedEntryTypes?.includes('layout-shift') ? { CLS: 0 } : {},
    interactions: new Map(),
    shifts: { value: 0, start: 0, last: 0 },
    sent: false,
  });
  let view = newView(facts.route, win.location.pathname);
  const first = view;
  /** Each observer with its callback: what it holds is taken before a view's batch goes. */
  const observers: [PerformanceObserver, (entries: PerformanceEntry[]) => void][] = [];

  /** Observes `type` (buffered: entries from before this ran too); a browser without it observes nothing. */
  const observe = (
    type: string,
    onEntries: (entries: PerformanceEntry[]) => void,
    options: Record<string, unknown> = {},
  ) => {
    try {
      const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
      observer.observe({ type, buffered: true, ...options });
      observers.push([observer, onEntries]);
    } catch {
      // not supported here: that metric is left out
    }
  };

  // the document's loading: its first view's
  observe('navigation', (entries) => {
    const start = (entries[0] as PerformanceNavigationTiming | undefined)?.responseStart;
    if (start) first.metrics.TTFB = start;
  });
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') first.metrics.FCP = entry.startTime;
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last !== undefined) first.metrics.LCP = last.startTime;
  });
  // CLS: the view's largest session window of shifts (gaps under 1 s, at most 5 s long) not caused by the visitor's input
  observe('layout-shift', (entries) => {
    const { shifts, metrics } = view;
    for (const entry of entries as Shift[]) {
      if (entry.hadRecentInput) continue;
      if (shifts.value > 0 && entry.startTime - shifts.last < 1000 && entry.startTime - shifts.start < 5000)
        shifts.value += entry.value;
      else Object.assign(shifts, { value: entry.value, start: entry.startTime });
      shifts.last = entry.startTime;
      metrics.CLS = Math.max(metrics.CLS ?? 0, shifts.value);
    }
  });
  // INP: the view's longest interaction (each interaction's longest event), or nearly it past 50 (one left out per 50)
  const onEvents = (entries: PerformanceEntry[]) => {
    const { interactions, metrics } = view;
    for (const entry of entries as (PerformanceEntry & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
    const longest = [...interactions.values()].sort((a, b) => b - a);
    const value = longest[Math.min(longest.length - 1, Math.floor(longest.length / 50))];
    if (value !== undefined) metrics.INP = value;
  };
  observe('event', onEvents, { durationThreshold: 40 });
  observe('first-input', onEvents);

  /** The view's batch, once, with what the observers still held counted in it. */
  const leave = (left: View) => {
    for (const [observer, onEntries] of observers) onEntries(observer.takeRecords());
    if (left.sent || left.route === undefined || Object.keys(left.metrics).length === 0) return;
    left.sent = true;
    const connection = (win.navigator as Navigator & { connection?: { effectiveType?: string } }).connection
      ?.effectiveType;
    const beacon: VitalsBeacon = {
      route: left.route,
      edition: facts.edition,
      viewportWidth: win.document.documentElement.clientWidth,
      ...(connection === undefined ? {} : { connection }),
      session: facts.session,
      remotes: Object.fromEntries(facts.remotes()),
      metrics: left.metrics,
    };
    win.navigator.sendBeacon(BEACON_PATH, JSON.stringify(beacon));
  };

  // pagehide may come while the page still counts as visible (a navigation away): it sends too
  const onHidden = (event: Event) => {
    if (event.type === 'pagehide' || win.document.visibilityState === 'hidden') leave(view);
  };
  win.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onHidden);

  // Another path drawn in the page: the view left is sent, the new one measured from here (a query's change, such as a
  // listing's sort, is the same view).
  const navigation = (win as { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('currententrychange', () => {
    const url = navigation.currentEntry?.url;
    const pathname = url ? new URL(url).pathname : view.pathname;
    if (pathname === view.pathname) return;
    leave(view);
    view = newView(facts.routeAt(pathname), pathname);
  });
}
