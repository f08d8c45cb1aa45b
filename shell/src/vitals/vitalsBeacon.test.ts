import { VITALS_PATH, vitalsBeaconSchema } from '@site/contracts/vitals-api';
import { REMOTES_MAP_ELEMENT_ID, VITALS_SAMPLE_ATTRIBUTE } from '@site/contracts/dom-ids';
import { BEACON_PATH, startVitals, tabSampled, type PageViewFacts } from './vitalsBeacon';

/** The browser's observers as a test drives them: each type's callback, fed entries by hand. */
const observers = new Map<string, (entries: object[]) => void>();
class FakeObserver {
  static supportedEntryTypes = ['layout-shift', 'event'];
  constructor(private readonly callback: (list: { getEntries: () => object[] }) => void) {}
  observe({ type }: { type: string }) {
    observers.set(type, (entries) => this.callback({ getEntries: () => entries }));
  }
  takeRecords() {
    return [];
  }
}

/** The Navigation API's part the beacon listens to: a same-document navigation to `path`. */
class FakeNavigation extends EventTarget {
  currentEntry = { url: 'http://localhost/' };
  go(path: string) {
    this.currentEntry = { url: `http://localhost${path}` };
    this.dispatchEvent(new Event('currententrychange'));
  }
}

const facts = (route: string): PageViewFacts => ({
  route,
  edition: 'ar',
  session: 'tab-session-0001',
  remotes: () => new Map([['catalogue', '/remotes/catalogue/mf-manifest.json']]),
  routeAt: (pathname) =>
    ({ '/our-products/cables': 'our-products/:productCategoryId', '/contact-us': 'contact-us' })[pathname],
});

describe('the vitals beacon', () => {
  const sendBeacon = jest.fn((_url: string, _body: string) => true);
  /** The beacons sent so far, each to the contract's address and as its schema takes it. */
  const sent = () =>
    sendBeacon.mock.calls.map(([url, body]) => {
      expect(url).toBe(VITALS_PATH);
      return vitalsBeaconSchema.parse(JSON.parse(body));
    });
  const navigation = new FakeNavigation();
  beforeEach(() => {
    observers.clear();
    sendBeacon.mockClear();
    Object.assign(globalThis, { PerformanceObserver: FakeObserver, navigation: undefined });
    Object.assign(navigator, { sendBeacon });
  });

  it('sends once, on pagehide, what the observers saw, as the contract takes it', () => {
    startVitals(facts('our-products/:productCategoryId'));
    observers.get('navigation')?.([{ responseStart: 310 }]);
    observers.get('paint')?.([{ name: 'first-contentful-paint', startTime: 900 }]);
    observers.get('largest-contentful-paint')?.([{ startTime: 1200 }, { startTime: 1850 }]);
    // two shifts in one window, a third 2 s later in its own, one after input left out
    observers.get('layout-shift')?.([
      { startTime: 1000, value: 0.05, hadRecentInput: false },
      { startTime: 1500, value: 0.04, hadRecentInput: false },
      { startTime: 3500, value: 0.06, hadRecentInput: false },
      { startTime: 3600, value: 0.5, hadRecentInput: true },
    ]);
    observers.get('event')?.([
      { interactionId: 7, duration: 48 },
      { interactionId: 7, duration: 120 },
      { interactionId: 8, duration: 64 },
      { interactionId: 0, duration: 400 },
    ]);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [beacon] = sent();
    expect(beacon).toMatchObject({
      route: 'our-products/:productCategoryId',
      edition: 'ar',
      session: 'tab-session-0001',
      remotes: { catalogue: '/remotes/catalogue/mf-manifest.json' },
    });
    expect(beacon?.metrics).toEqual({ TTFB: 310, FCP: 900, LCP: 1850, CLS: 0.09, INP: 120 });
  });

  it("sends each view drawn in the page when the visitor leaves it: its route, its own INP and CLS, the loading metrics the first view's only", () => {
    Object.assign(globalThis, { navigation });
    startVitals(facts('home'));
    observers.get('largest-contentful-paint')?.([{ startTime: 1200 }]);
    observers.get('event')?.([{ interactionId: 1, duration: 80 }]);
    // a link to a listing: the home view goes, with what it measured
    navigation.go('/our-products/cables');
    expect(sent()).toMatchObject([{ route: 'home', metrics: { LCP: 1200, INP: 80, CLS: 0 } }]);
    // the listing's sort changes the query only: the same view
    navigation.go('/our-products/cables?sort=name');
    observers.get('layout-shift')?.([{ startTime: 5000, value: 0.02, hadRecentInput: false }]);
    observers.get('event')?.([{ interactionId: 2, duration: 56 }]);
    // hidden: the listing view goes, its own figures only
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([
      expect.anything(),
      expect.objectContaining({ route: 'our-products/:productCategoryId', metrics: { CLS: 0.02, INP: 56 } }),
    ]);
    // back on the page, another view; a path no route matches is not reported
    navigation.go('/contact-us');
    navigation.go('/no-such-page');
    expect(sent().map((beacon) => beacon.route)).toEqual(['home', 'our-products/:productCategoryId', 'contact-us']);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(3);
  });

  it("is the contract's address", () => expect(BEACON_PATH).toBe(VITALS_PATH));

  describe('sampled by VITALS_SAMPLE_PERCENT, on the remotes map the server writes', () => {
    /** The page's remotes map element as the server writes it, with the sample's attribute when given. */
    const mapElement = (percent?: string) => {
      document.getElementById(REMOTES_MAP_ELEMENT_ID)?.remove();
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = REMOTES_MAP_ELEMENT_ID;
      if (percent !== undefined) element.setAttribute(VITALS_SAMPLE_ATTRIBUTE, percent);
      document.head.append(element);
    };
    afterEach(() => document.getElementById(REMOTES_MAP_ELEMENT_ID)?.remove());

    it('a tab outside the sample sends nothing; without the attribute every tab sends', () => {
      mapElement('0');
      startVitals(facts('contact-us'));
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).not.toHaveBeenCalled();

      mapElement();
      startVitals(facts('contact-us'));
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
    });

    it('takes about the share asked, each tab in or out for all its views', () => {
      mapElement('25');
      // ids as the tabs make them: 16 random bytes in hex
      const tabs = Array.from({ length: 4000 }, () =>
        Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
      );
      const inSample = tabs.filter((tab) => tabSampled(tab, document));
      expect(inSample.length / tabs.length).toBeGreaterThan(0.2);
      expect(inSample.length / tabs.length).toBeLessThan(0.3);
      expect(tabs.every((tab) => tabSampled(tab, document) === inSample.includes(tab))).toBe(true);
      mapElement('100');
      expect(tabs.every((tab) => tabSampled(tab, document))).toBe(true);
    });
  });
});
