// The bodies of the remotes registry's calls (./releasesApi.ts; the pipelines' /api/releases/… and the staff
// console's STAFF_API.release*) and of the browser's load report, as allow-list zod schemas: the server registers them
// on its routes (server/src/releases/), the staff app and the shell import their types only (no zod in a bundle).
import { z } from 'zod';
import { MANIFEST_FILE, RELEASED_REMOTES } from './federation';
import {
  LOAD_FAILURE_KINDS,
  LOAD_REPORT_SESSION_PATTERN,
  TOKEN_MAX_DAYS,
  TOKEN_SCOPES,
  VARIABLES_CANARY_RELEASE,
  VARIABLES_RELEASE,
  type CreatedReleaseToken,
  type ReleaseTokenInfo,
  type RemoteListing,
  type RemotePointers,
  type Release,
} from './releasesApi';
import { LOCALES } from './locale';
import type { AsJson, Equals, Expect } from './typeEquality';
import { CONSOLE_METRICS, SITE_DEVICES, type RemoteVitalsReport, type SiteVitalsReport } from './vitalsApi';
import { nameField, textField, textProblemMessage } from './textField';

const versionLabel = z
  .string({ error: 'version must be a text such as 2026-06-01.1' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/, {
    error: 'version must be 1–64 letters, digits, dots, dashes, pluses or underscores, starting with a letter or digit',
  })
  .refine((label) => label !== VARIABLES_RELEASE && label !== VARIABLES_CANARY_RELEASE, {
    error: 'version "variables" and "variables-canary" are kept for the REMOTE_* variables',
  });

/** A release's manifest address: an absolute http(s) URL, or a path on this site, ending in the manifest's file name. */
export function isEntryAddress(entry: string): boolean {
  let pathname: string;
  if (entry.startsWith('/')) {
    if (entry.startsWith('//') || /\s/.test(entry)) return false;
    pathname = entry.split(/[?#]/)[0] ?? '';
  } else {
    try {
      const url = new URL(entry);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (url.username !== '' || url.password !== '') return false;
      pathname = url.pathname;
    } catch {
      return false;
    }
  }
  return pathname.endsWith(`/${MANIFEST_FILE}`) && !pathname.split('/').includes('..');
}

const entryAddress = z
  .string({ error: `entry must be the release's ${MANIFEST_FILE} address` })
  .max(2000, { error: 'entry must be at most 2000 characters' })
  // checked before URL parsing, which would drop a tab or line break silently
  .superRefine((entry, context) => {
    const problem = textProblemMessage('entry', entry, 'line');
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, input: entry });
  })
  .refine(isEntryAddress, {
    error: `entry must be an absolute http(s) URL or a path on this site starting with "/", ending in ${MANIFEST_FILE}`,
  });

/** POST …/remotes/:remote/releases. */
export const registerReleaseBodySchema = z.strictObject(
  {
    version: versionLabel,
    entry: entryAddress,
    notes: textField('notes', { max: 1000, kind: 'multiline' }).optional(),
  },
  { error: 'send { "version", "entry", "notes"? } as a JSON object' },
);

const percentError = 'percent must be a whole number from 0 to 100';
/** POST …/remotes/:remote/canary. */
export const canaryBodySchema = z.strictObject(
  {
    version: versionLabel.optional(),
    percent: z
      .number({ error: percentError })
      .int({ error: percentError })
      .min(0, { error: percentError })
      .max(100, { error: percentError }),
  },
  { error: 'send { "version"?, "percent" } as a JSON object' },
);

/** POST …/remotes/:remote/runs. */
export const pinnedRunBodySchema = z.strictObject(
  {
    passed: z.boolean({ error: 'passed must be true or false' }),
    report: textField('report', { max: 500, kind: 'line' }).optional(),
  },
  { error: 'send { "passed", "report"? } as a JSON object' },
);

/** POST …/remotes/:remote/promote and …/rollback name nothing but the remote: no body, or {}. */
export const noBodySchema = z.custom<Record<string, never> | null | undefined>(
  (body) =>
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0),
  { error: 'send no body, or {}' },
);

const daysError = `expiresInDays must be a whole number of days from 1 to ${TOKEN_MAX_DAYS}`;
/**
 * POST STAFF_API.releaseTokens (admins): a release token names the remotes it may release; a stock token names none
 * (`scope` absent: a release token, as before scopes).
 */
export const releaseTokenBodySchema = z
  .strictObject(
    {
      name: nameField('name', { max: 100 }).refine((name) => name !== '', {
        error: 'name must say what uses the token, e.g. "catalogue pipeline"',
      }),
      scope: z.enum(TOKEN_SCOPES, { error: `scope must be one of ${TOKEN_SCOPES.join(', ')}` }).optional(),
      remotes: z
        .array(z.enum(RELEASED_REMOTES, { error: `remotes must name remotes among ${RELEASED_REMOTES.join(', ')}` }), {
          error: 'remotes must be a list of remote names',
        })
        .max(RELEASED_REMOTES.length, { error: 'remotes must name each remote once' })
        .optional(),
      expiresInDays: z
        .number({ error: daysError })
        .int({ error: daysError })
        .min(1, { error: daysError })
        .max(TOKEN_MAX_DAYS, { error: daysError }),
    },
    { error: 'send { "name", "scope"?, "remotes", "expiresInDays" } as a JSON object' },
  )
  .superRefine((body, ctx) => {
    const remotes = body.remotes ?? [];
    if ((body.scope ?? 'release') === 'release') {
      if (remotes.length === 0)
        ctx.addIssue({ code: 'custom', path: ['remotes'], message: 'remotes must name at least one remote' });
    } else if (remotes.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['remotes'],
        message: `remotes are for release tokens: a ${body.scope} token names none`,
      });
    }
  });

const sessionError = "session must be the page's session id: 8 to 64 letters, digits, dashes or underscores";

/** POST REMOTE_LOAD_REPORT_PATH: one remote's load, as the shell's runtime plugin reports it. */
export const remoteLoadReportSchema = z
  .strictObject(
    {
      remote: z
        .string({ error: "remote must be the remote's name" })
        .max(64, { error: "remote must be the remote's name" }),
      entry: z
        .string({ error: 'entry must be the manifest address of the remotes map' })
        .max(600, { error: 'entry must be at most 600 characters' }),
      outcome: z.enum(['loaded', 'failed'], { error: 'outcome must be "loaded" or "failed"' }),
      kind: z.enum(LOAD_FAILURE_KINDS, { error: `kind must be one of ${LOAD_FAILURE_KINDS.join(', ')}` }).optional(),
      // the visitor's random id for the tab (./remoteLoadReports.ts): the server counts a visitor once; optional, as a
      // page opened before it was sent has none
      session: z.string({ error: sessionError }).regex(LOAD_REPORT_SESSION_PATTERN, { error: sessionError }).optional(),
    },
    { error: 'send { "remote", "entry", "outcome", "kind"?, "session"? } as a JSON object' },
  )
  .refine((report) => (report.outcome === 'failed') === (report.kind !== undefined), {
    error: 'kind goes with a failed outcome, and only with it',
  });

export type RegisterReleaseBody = z.input<typeof registerReleaseBodySchema>;
export type CanaryBody = z.input<typeof canaryBodySchema>;
export type PinnedRunBody = z.input<typeof pinnedRunBodySchema>;
export type ReleaseTokenBody = z.input<typeof releaseTokenBodySchema>;
export type RemoteLoadReport = z.input<typeof remoteLoadReportSchema>;

// ---- the console's answers (STAFF_API.release*, siteVitals, releaseTokens*), each checked equal to its type below. The
// staff app's tests parse their fakes' answers with these (mfe-staff/src/testing/contractHttp.ts). ----

const releaseSchema = z.strictObject({
  id: z.number().int(),
  remote: z.string(),
  version: z.string(),
  entry: z.string(),
  notes: z.string().nullable(),
  registeredBy: z.string(),
  registeredAt: z.string(),
  rolledBack: z.strictObject({ at: z.string(), reason: z.string() }).nullable(),
  build: z
    .strictObject({
      manifestSha256: z.string(),
      renderModule: z.string().nullable(),
      renderSha256: z.string().nullable(),
    })
    .optional(),
});

/** POST STAFF_API.releaseCanary, releasePromote and releaseRollback: the remote's pointers as changed. */
export const remotePointersSchema = z.strictObject({
  remote: z.string(),
  source: z.enum(['variables', 'registry']),
  stable: releaseSchema,
  previousStable: releaseSchema.optional(),
  canary: releaseSchema.optional(),
  canaryPercent: z.number(),
  changedAt: z.string(),
});

const releaseHealthSchema = z.strictObject({
  loads: z.number().int(),
  failures: z.number().int(),
  renderErrors: z.number().int(),
});
const pinnedRunSchema = z.strictObject({
  version: z.string(),
  passed: z.boolean(),
  report: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
const remoteListingSchema = z.strictObject({
  ...remotePointersSchema.shape,
  releases: z.array(releaseSchema),
  health: z.strictObject({ stable: releaseHealthSchema, canary: releaseHealthSchema.optional() }),
  promoteGate: z.strictObject({ requiresPassedRun: z.boolean(), latestRun: pinnedRunSchema.optional() }),
});
/** GET STAFF_API.releaseRemotes. */
export const remoteListingsSchema = z.strictObject({ remotes: z.array(remoteListingSchema) });

/** POST STAFF_API.releaseRegister (201). */
export const registeredReleaseSchema = z.strictObject({ release: releaseSchema });
export type RegisteredRelease = z.infer<typeof registeredReleaseSchema>;
/** POST STAFF_API.releaseRuns (201). */
export const recordedRunSchema = z.strictObject({
  run: z.strictObject({ remote: z.string(), version: z.string(), passed: z.boolean() }),
});
export type RecordedRun = z.infer<typeof recordedRunSchema>;

const releaseTokenInfoShape = {
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  remotes: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
};
/** GET STAFF_API.releaseTokens (no secrets). */
export const releaseTokenListSchema = z.strictObject({ tokens: z.array(z.strictObject(releaseTokenInfoShape)) });
/** POST STAFF_API.releaseTokens (201): the token's secret, shown once. */
export const createdReleaseTokenSchema = z.strictObject({ ...releaseTokenInfoShape, token: z.string() });
/** POST STAFF_API.releaseTokenRevoke. */
export const revokedTokenSchema = z.strictObject({ revoked: z.literal(true) });
export type RevokedToken = z.infer<typeof revokedTokenSchema>;

const vitalFigureSchema = z.strictObject({
  p75: z.number().nullable(),
  samples: z.number().int(),
  goodShare: z.number().nullable(),
});
const [LCP, INP, CLS] = CONSOLE_METRICS;
const vitalFiguresSchema = z.strictObject({
  [LCP]: vitalFigureSchema,
  [INP]: vitalFigureSchema,
  [CLS]: vitalFigureSchema,
});
const releaseVitalsSchema = z.strictObject({
  version: z.string(),
  sessions: z.number().int(),
  all: vitalFiguresSchema,
  routes: z.array(z.strictObject({ route: z.string(), vitals: vitalFiguresSchema })),
});
/** GET STAFF_API.releaseVitals. */
export const remoteVitalsReportSchema = z.strictObject({
  remote: z.string(),
  since: z.string(),
  until: z.string(),
  stable: releaseVitalsSchema,
  canary: releaseVitalsSchema.nullable(),
  hold: z.strictObject({ held: z.boolean(), sentence: z.string() }).nullable(),
});
/** GET STAFF_API.siteVitals. */
export const siteVitalsReportSchema = z.strictObject({
  days: z.number().int(),
  since: z.string(),
  until: z.string(),
  pages: z.array(
    z.strictObject({
      route: z.string(),
      edition: z.enum(LOCALES),
      device: z.enum(SITE_DEVICES),
      vitals: vitalFiguresSchema,
    }),
  ),
});

/** The answer schemas' types are the TypeScript types the apps use (a type error here: one of them drifted). */
export type ReleaseAnswerSchemasMatchTheirTypes = [
  Expect<Equals<z.infer<typeof releaseSchema>, AsJson<Release>>>,
  Expect<Equals<z.infer<typeof remotePointersSchema>, AsJson<RemotePointers>>>,
  Expect<Equals<z.infer<typeof remoteListingSchema>, AsJson<RemoteListing>>>,
  Expect<Equals<z.infer<typeof releaseTokenListSchema>, { tokens: ReleaseTokenInfo[] }>>,
  Expect<Equals<z.infer<typeof createdReleaseTokenSchema>, AsJson<CreatedReleaseToken>>>,
  Expect<Equals<z.infer<typeof remoteVitalsReportSchema>, AsJson<RemoteVitalsReport>>>,
  Expect<Equals<z.infer<typeof siteVitalsReportSchema>, AsJson<SiteVitalsReport>>>,
];
