// Stock and lead time from the company's ERP (docs/stock.md): the feed's address and rows, its report, the staff
// list of feeds, and the availability other parts of the site read for a list of variant codes.

/** Where stock is held; the Saudi associate holds none. A closed list: a feed naming any other place is refused. */
export const STOCK_LOCATIONS = ['dubai', 'muscat', 'bahrain'] as const;
export type StockLocation = (typeof STOCK_LOCATIONS)[number];

export const STOCK_LOCATION_NAMES: Record<StockLocation, { en: string; ar: string }> = {
  dubai: { en: 'Dubai warehouse', ar: 'مستودع دبي' },
  muscat: { en: 'Muscat office', ar: 'مكتب مسقط' },
  bahrain: { en: 'Bahrain warehouse', ar: 'مستودع البحرين' },
};

/**
 * The ERP's feed, with a `stock` token (Authorization: Bearer srt_…), JSON (`application/json`: an array of rows) or
 * CSV (`text/csv`: a header, then a row per line):
 * - PUT: a full snapshot: every code and location it does not name (and that had stock) goes to zero, cleared;
 * - PATCH: changes only: the rows it names, nothing else.
 * `?strict=1`: any refused row refuses the whole feed (422, nothing applied).
 */
export const STOCK_API = {
  feed: '/api/stock',
  /**
   * Public: `GET /api/stock/availability?codes=A,B` (at most STOCK_AVAILABILITY_CODES_MAX codes, comma-separated) gives
   * an AvailabilityAnswer, cached by browsers and shared caches for a few seconds (a feed shows within them).
   */
  availability: '/api/stock/availability',
} as const;

/** The most codes one availability call may ask for (a basket's lines, a product's variants). */
export const STOCK_AVAILABILITY_CODES_MAX = 100;

/** The availability addresses for `codes` (a basket's lines): each code once, STOCK_AVAILABILITY_CODES_MAX to a call. */
export function availabilityPaths(codes: readonly string[]): string[] {
  const unique = [...new Set(codes)];
  const paths: string[] = [];
  for (let start = 0; start < unique.length; start += STOCK_AVAILABILITY_CODES_MAX) {
    const some = unique
      .slice(start, start + STOCK_AVAILABILITY_CODES_MAX)
      .map(encodeURIComponent)
      .join(',');
    paths.push(`${STOCK_API.availability}?codes=${some}`);
  }
  return paths;
}

/**
 * How the public read states quantities (the server's STOCK_DISPLAY): `exact` as the ERP said; `bands`, each quantity
 * (on hand, incoming) cut down to the band it is in (STOCK_BANDS), which buyers read as "100+": the exact figures
 * then never leave the server.
 */
export const STOCK_DISPLAYS = ['exact', 'bands'] as const;
export type StockDisplay = (typeof STOCK_DISPLAYS)[number];

/** The lower bounds of the bands (`bands`): 1,240 is "1,000+", 7 is "1+"; 0 stays 0. */
export const STOCK_BANDS = [1, 10, 50, 100, 500, 1000] as const;

/** The band `quantity` is in: the largest bound at most it (0 below the first). */
export const stockBand = (quantity: number): number =>
  STOCK_BANDS.reduce<number>((band, bound) => (quantity >= bound ? bound : band), 0);

/** What GET /api/stock/availability answers: each code asked, in the order asked. */
export interface AvailabilityAnswer {
  /** `bands`: every quantity below is its band's lower bound (stockBand), to be read as "at least". */
  display: StockDisplay;
  availability: VariantAvailability[];
}

/** The largest feed: its body, and its rows (a row is one code at one location). */
export const STOCK_FEED_LIMITS = { bytes: 50 * 1024 * 1024, rows: 500_000 } as const;

/** One row of a feed: a code's stock at one location, in full (a row states all of it, whether sent by PUT or PATCH). */
export interface StockFeedRow {
  /** The variant's code (SKU), as the catalogue has it; compared by its letters and digits. */
  code: string;
  location: StockLocation;
  /** Whole, 0 or more. */
  onHand: number;
  /** Whole, 0 or more; absent: none. */
  incoming?: number;
  /** YYYY-MM-DD, today or later; required with incoming stock. */
  incomingDate?: string;
  /** Whole days to get the part when it is not in stock; absent: not known. */
  leadTimeDays?: number;
}

/** Why a row was refused. */
export const STOCK_REFUSAL_REASONS = [
  'missing-code',
  'unknown-code',
  'unknown-location',
  'bad-quantity',
  'bad-date',
  'past-date',
  'bad-lead-time',
  'duplicate',
  'bad-row',
] as const;
export type StockRefusalReason = (typeof STOCK_REFUSAL_REASONS)[number];

/** A refused row: its line (CSV: the file's line, 1 is the header; JSON: its place in the array, 1 is the first). */
export interface StockRefusal {
  line: number;
  code: string;
  reason: StockRefusalReason;
  message: string;
}

/** The answer to a feed (200 applied; 422 refused: strict with a bad row, or a snapshot with no row to apply). */
export interface StockFeedReport {
  feedId: number;
  kind: 'snapshot' | 'delta';
  outcome: 'applied' | 'refused';
  /** Why it was refused as a whole, when it was. */
  message?: string;
  rows: number;
  /** Valid rows (applied, or that would have been). */
  applied: number;
  /** Rows whose figures differed from the stored ones (a feed sent twice: 0 the second time). */
  changed: number;
  /** A snapshot's code-locations not in it that had stock, now cleared. */
  cleared: number;
  refused: number;
  /** Refused rows by reason. */
  reasons: Partial<Record<StockRefusalReason, number>>;
  /** The first 1,000 refused rows, in line order. */
  refusals: StockRefusal[];
  durationMs: number;
}

/** A code's stock at one location. */
export interface LocationAvailability {
  location: StockLocation;
  onHand: number;
  incoming: { quantity: number; date: string } | null;
  leadTimeDays: number | null;
  /** When a feed last changed these figures (ISO). */
  updatedAt: string;
}

/**
 * A variant code's availability: the locations the ERP stated (none: the ERP never named the code, which says nothing
 * about its stock; it is not "0").
 */
export interface VariantAvailability {
  code: string;
  locations: LocationAvailability[];
}

/** A feed as the staff list shows it. */
export interface StockFeedSummary {
  id: number;
  at: string;
  kind: 'snapshot' | 'delta';
  format: 'json' | 'csv';
  source: 'api' | 'cli';
  /** Who sent it: the token's id and name, or the command line's user. */
  actor: string;
  strict: boolean;
  outcome: 'applied' | 'refused';
  message: string | null;
  rows: number;
  applied: number;
  changed: number;
  cleared: number;
  refused: number;
  reasons: Partial<Record<StockRefusalReason, number>>;
  durationMs: number;
}

/** A feed with its refused rows (the first 1,000). */
export interface StockFeedDetail extends StockFeedSummary {
  refusals: StockRefusal[];
}

/** Whether the feed is late: no feed for longer than STOCK_FEED_STALE_MINUTES. */
export interface StockFeedHealth {
  lastFeedAt: string | null;
  staleAfterMinutes: number;
  stale: boolean;
}

/** GET STAFF_API.stockFeeds: the feeds of the last 30 days, newest first (100 a page: `before` the last id). */
export interface StockFeedList extends StockFeedHealth {
  feeds: StockFeedSummary[];
  /** The `before` of the next page; null on the last. */
  next: number | null;
}
