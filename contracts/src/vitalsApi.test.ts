import { deviceClassOf, VITAL_LIMITS, VITAL_METRICS, vitalsBeaconSchema } from './vitalsApi';

const BEACON = {
  route: 'our-products/:productCategoryId',
  edition: 'ar',
  viewportWidth: 390,
  connection: '4g',
  session: 'a1b2c3d4e5f60718',
  remotes: { catalogue: 'https://www.example.com/remotes/catalogue/mf-manifest.json' },
  metrics: { LCP: 2140, INP: 96, CLS: 0.02, FCP: 1210, TTFB: 320 },
};

describe('the vitals beacon', () => {
  it('takes a page view as the page sends it, with any of the metrics', () => {
    expect(vitalsBeaconSchema.safeParse(BEACON).success).toBe(true);
    expect(
      vitalsBeaconSchema.safeParse({ ...BEACON, connection: undefined, remotes: {}, metrics: { TTFB: 12 } }).success,
    ).toBe(true);
  });

  it('refuses what the page never sends: other fields, other remotes, no metric, a session that is no random id', () => {
    for (const bad of [
      { ...BEACON, userAgent: 'x' },
      { ...BEACON, remotes: { staff: 'https://www.example.com/remotes/staff/mf-manifest.json' } },
      { ...BEACON, metrics: {} },
      { ...BEACON, metrics: { ...BEACON.metrics, TBT: 10 } },
      { ...BEACON, session: 'x' },
      { ...BEACON, edition: 'fr' },
      { ...BEACON, viewportWidth: 390.5 },
    ]) {
      expect(vitalsBeaconSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('bands the viewport into phones, tablets and desktops', () => {
    expect([0, 599, 600, 1023, 1024, 3840].map(deviceClassOf)).toStrictEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });

  it("has a threshold of good and a largest believed value for every metric (Core Web Vitals' own)", () => {
    expect(VITAL_METRICS.map((metric) => VITAL_LIMITS[metric].good)).toStrictEqual([2500, 200, 0.1, 1800, 800]);
  });
});
