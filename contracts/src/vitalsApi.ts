// The field Core Web Vitals beacon (POST /api/vitals): one batch per page view, sent by the page with sendBeacon once
// it is hidden (Content-Type text/plain, sendBeacon's own for a string, or application/json). The server keeps only
// histograms of it (server/src/vitals/): never the beacon itself, nor an address, cookie or user agent. A page imports
// the types and constants only (no zod in a bundle).
import { z } from 'zod';
import { REMOTE_NAMES } from './federation';
import { LOCALES } from './locale';
import { LOAD_REPORT_SESSION_PATTERN } from './releasesApi';

export const VITALS_PATH = '/api/vitals';

/** The largest beacon taken, in bytes (a full one is about 600): past it, 413. */
export const VITALS_BODY_LIMIT = 2048;

/** The metrics a beacon carries, in the order they are listed. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * Each metric's "good" threshold (Core Web Vitals: a value at or under it is good), and the largest value believed:
 * a value above it is counted as it (a tab left in the background for an hour is not a page an hour slow). CLS has no
 * unit; the others are milliseconds.
 */
export const VITAL_LIMITS: Readonly<Record<VitalMetric, { good: number; max: number; unit: 'ms' | '' }>> = {
  LCP: { good: 2500, max: 120_000, unit: 'ms' },
  INP: { good: 200, max: 60_000, unit: 'ms' },
  CLS: { good: 0.1, max: 10, unit: '' },
  FCP: { good: 1800, max: 120_000, unit: 'ms' },
  TTFB: { good: 800, max: 120_000, unit: 'ms' },
};

/** What a route, a release or a connection not known to the server is counted as. */
export const VITALS_OTHER = 'other';

/** The Network Information API's effectiveType values. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g'] as const;

/** The device classes, by the page's viewport width in CSS pixels: under 600 a phone, under 1024 a tablet. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export function deviceClassOf(viewportWidth: number): DeviceClass {
  if (viewportWidth < 600) return 'phone';
  return viewportWidth < 1024 ? 'tablet' : 'desktop';
}

const metricValue = (metric: VitalMetric) =>
  z
    .number({
      error: `metrics.${metric} must be a number${VITAL_LIMITS[metric].unit === 'ms' ? ' of milliseconds' : ''}`,
    })
    .refine(Number.isFinite, { error: `metrics.${metric} must be a finite number` });

const sessionError = 'session must be the tab\'s random id: 8–64 letters, digits, "-" or "_"';

/** The beacon: allow-listed fields only, each bounded; what the server does not know is counted as VITALS_OTHER. */
export const vitalsBeaconSchema = z.strictObject(
  {
    /** The page's route pattern as the route table has it ('our-products/:productCategoryId'). */
    route: z
      .string({ error: "route must be the page's route pattern" })
      .max(200, { error: 'route must be at most 200 characters' }),
    edition: z.enum(LOCALES, { error: `edition must be one of ${LOCALES.join(', ')}` }),
    viewportWidth: z
      .number({ error: "viewportWidth must be the viewport's width in CSS pixels" })
      .int({ error: 'viewportWidth must be a whole number' })
      .min(0)
      .max(100_000),
    /** navigator.connection.effectiveType, when the browser has it. */
    connection: z
      .string({ error: 'connection must be the effective connection type' })
      .max(16, { error: 'connection must be at most 16 characters' })
      .optional(),
    /** The tab's random id (the load reports' own): sessions are counted, not page views alone. */
    session: z.string({ error: sessionError }).regex(LOAD_REPORT_SESSION_PATTERN, { error: sessionError }),
    /** Each remote the page loaded: its manifest address as the page's remotes map has it. */
    remotes: z.partialRecord(
      z.enum(REMOTE_NAMES),
      z
        .string({ error: "a remote's address must be a text" })
        .max(600, { error: "a remote's address must be at most 600 characters" }),
      {
        error: (issue) =>
          issue.code === 'invalid_type'
            ? 'remotes must be an object of remote names and addresses'
            : `remotes must name remotes among ${REMOTE_NAMES.join(', ')}`,
      },
    ),
    metrics: z
      .strictObject(
        {
          LCP: metricValue('LCP').optional(),
          INP: metricValue('INP').optional(),
          CLS: metricValue('CLS').optional(),
          FCP: metricValue('FCP').optional(),
          TTFB: metricValue('TTFB').optional(),
        },
        { error: `metrics must be an object of ${VITAL_METRICS.join(', ')}` },
      )
      .refine((metrics) => VITAL_METRICS.some((metric) => metrics[metric] !== undefined), {
        error: 'metrics must hold at least one value',
      }),
  },
  {
    error:
      'send { "route", "edition", "viewportWidth", "connection"?, "session", "remotes", "metrics" } as a JSON object',
  },
);

export type VitalsBeacon = z.input<typeof vitalsBeaconSchema>;

/** The answer: whether the beacon was counted (a flood from one address, or one session's page views past a cap, is not). */
export interface VitalsAnswer {
  counted: boolean;
}

// The releases console's read of the field vitals (STAFF_API.releaseVitals, STAFF_API.siteVitals): p75s and shares of
// "good" page views read from the stored histograms (each p75 to about ±4 %, the buckets' width).

/** The metrics the console shows: the Core Web Vitals. */
export const CONSOLE_METRICS = ['LCP', 'INP', 'CLS'] as const satisfies readonly VitalMetric[];
export type ConsoleMetric = (typeof CONSOLE_METRICS)[number];

/** One metric over a set of page views: its p75 (null without samples), its samples, and the share at or under "good" (0–1). */
export interface VitalFigure {
  p75: number | null;
  samples: number;
  goodShare: number | null;
}

export type VitalFigures = Record<ConsoleMetric, VitalFigure>;

/** One release's page views over the window: all its pages, and per route pattern. */
export interface ReleaseVitals {
  version: string;
  sessions: number;
  all: VitalFigures;
  routes: { route: string; vitals: VitalFigures }[];
}

/** GET STAFF_API.releaseVitals: a remote's stable release beside its live canary, over the same hours. */
export interface RemoteVitalsReport {
  remote: string;
  /** The window's start and end (ISO): the last 24 hours (with a canary: those of them it had page views in). */
  since: string;
  until: string;
  stable: ReleaseVitals;
  canary: ReleaseVitals | null;
  /** The canary-hold rule's verdict and its sentence (null without a live canary). */
  hold: { held: boolean; sentence: string } | null;
}

/** The device classes the site's table keeps apart. */
export const SITE_DEVICES = ['phone', 'desktop'] as const satisfies readonly DeviceClass[];

/** GET STAFF_API.siteVitals: every page pattern's figures over the last 28 days, per edition and device. */
export interface SiteVitalsReport {
  days: number;
  since: string;
  until: string;
  pages: {
    route: string;
    edition: (typeof LOCALES)[number];
    device: (typeof SITE_DEVICES)[number];
    vitals: VitalFigures;
  }[];
}
