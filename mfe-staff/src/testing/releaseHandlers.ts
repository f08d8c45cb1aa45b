// A small fake of the releases console's calls (STAFF_API.release*) for its screens' tests: each remote's releases
// and pointers in memory, scoped as the server scopes them (admins every remote, the release role its own, 403 for
// another's), the server's refusal sentences for a manifest without an expose and a version taken, the promote gate
// of a server with RELEASE_REQUIRE_PASSED_RUN=catalogue (the canary's pinned runs), tokens for admins only, and a
// session and CSRF check as handlers.ts's.
import { HttpResponse } from 'msw';
import { http } from './contractHttp';
import { server } from '@test/msw';
import { CSRF_HEADER, STAFF_API, type StaffAccountSummary, type StaffSession } from '@site/contracts/staff-api';
import type {
  CreatedReleaseToken,
  Release,
  ReleaseTokenInfo,
  RemoteListing,
  RemotePointers,
  TokenScope,
} from '@site/contracts/releases-api';
import type { ReleaseVitals, RemoteVitalsReport, SiteVitalsReport, VitalFigures } from '@site/contracts/vitals-api';
import { fakeStaffServer, staffHandlers, type FakeStaffServer } from './handlers';

export const RELEASE_STAFF: StaffAccountSummary = {
  id: 4,
  email: 'omar@crescent.example',
  role: 'release',
  branch: null,
  remotes: ['catalogue'],
};
/** A manifest address the fake refuses as the server refuses a build without the search modal. */
export const NO_SEARCH_ENTRY = 'https://cdn.example/catalogue/no-search/mf-manifest.json';
export const MISSING_EXPOSE = 'The catalogue release does not expose what the shell uses: missing ./SearchModal';

export interface FakeRegistry {
  remotes: RemoteListing[];
  tokens: ReleaseTokenInfo[];
  /** A remote's field vitals as the server would read them; a remote not here: its stable release's FAST_PAGES. */
  vitals: Partial<Record<string, Pick<RemoteVitalsReport, 'stable' | 'canary' | 'hold'>>>;
  site: SiteVitalsReport;
}

/** Figures of pages well within every "good" threshold. */
export const FAST_PAGES: VitalFigures = {
  LCP: { p75: 1870, samples: 25, goodShare: 1 },
  INP: { p75: 96, samples: 20, goodShare: 0.95 },
  CLS: { p75: 0.021, samples: 25, goodShare: 1 },
};
export const releaseVitals = (
  version: string,
  sessions: number,
  routes: Record<string, VitalFigures>,
  all = FAST_PAGES,
): ReleaseVitals => ({
  version,
  sessions,
  all,
  routes: Object.entries(routes).map(([route, vitals]) => ({ route, vitals })),
});
export const VITALS_SINCE = '2026-11-25T09:00:00.000Z';
export const VITALS_UNTIL = '2026-11-26T09:00:00.000Z';

const release = (id: number, remote: string, version: string, notes: string | null = null): Release => ({
  id,
  remote,
  version,
  entry: `/remotes/${remote}/mf-manifest.json`,
  notes,
  registeredBy: 'REMOTE_* variables',
  registeredAt: '2026-11-20T08:00:00.000Z',
  rolledBack: null,
});

export function fakeRegistry(): FakeRegistry {
  const listing = (id: number, remote: string): RemoteListing => {
    const stable = release(id, remote, 'variables', 'seeded from the environment');
    return {
      remote,
      source: 'variables',
      stable,
      previousStable: undefined,
      canary: undefined,
      canaryPercent: 0,
      changedAt: '2026-11-20T08:00:00.000Z',
      releases: [stable],
      health: { stable: { loads: 1200, failures: 3, renderErrors: 1 }, canary: undefined },
      // as a server with RELEASE_REQUIRE_PASSED_RUN=catalogue
      promoteGate: { requiresPassedRun: remote === 'catalogue', latestRun: undefined },
    };
  };
  const site: SiteVitalsReport = {
    days: 28,
    since: '2026-10-29T09:00:00.000Z',
    until: VITALS_UNTIL,
    pages: [
      { route: 'home', edition: 'en', device: 'desktop', vitals: FAST_PAGES },
      {
        route: 'home',
        edition: 'ar',
        device: 'phone',
        vitals: {
          LCP: { p75: 3120, samples: 40, goodShare: 0.55 },
          INP: { p75: 240, samples: 31, goodShare: 0.7 },
          CLS: { p75: null, samples: 0, goodShare: null },
        },
      },
    ],
  };
  return {
    remotes: [listing(1, 'catalogue'), listing(2, 'company'), listing(3, 'contact'), listing(4, 'chat')],
    tokens: [],
    vitals: {},
    site,
  };
}

export function releaseHandlers(fake: FakeRegistry, session: () => StaffSession | null) {
  let nextId = 100;
  const error = (text: string, status: number) => HttpResponse.json({ error: text }, { status });
  /** A body its schema refuses: the sentence and its one problem at the field (the contracts' {error, problems}). */
  const invalid = (field: string, text: string) =>
    HttpResponse.json({ error: text, problems: [{ path: [field], message: text }] }, { status: 400 });
  const refusal = (request: Request): Response | undefined => {
    const current = session();
    if (current === null || current.state !== 'active') return error('Please sign in.', 401);
    if (request.method !== 'GET' && request.headers.get(CSRF_HEADER) !== current.csrfToken)
      return error('Your session has expired or the form is stale. Please reload the page.', 403);
    if (current.account.role !== 'admin' && current.account.role !== 'release')
      return error('Only administrators and the release role can release remotes.', 403);
    return undefined;
  };
  const mine = (remote: string) => {
    const { account } = session()!;
    return account.role === 'admin' || (account.remotes ?? []).includes(remote);
  };
  /** The remote of the address, when the caller may act on it. */
  const remoteOf = (request: Request, name: unknown): RemoteListing | Response => {
    const refused = refusal(request);
    if (refused !== undefined) return refused;
    const listing = fake.remotes.find((each) => each.remote === name);
    if (listing === undefined) return error(`Unknown remote "${String(name)}"`, 400);
    if (!mine(listing.remote))
      return error(
        `Your account may not act on ${listing.remote}: only on ${(session()!.account.remotes ?? []).join(', ')}`,
        403,
      );
    return listing;
  };
  const change = (listing: RemoteListing, update: Partial<RemoteListing>) => {
    const changed = { ...listing, ...update, source: 'registry' as const, changedAt: new Date().toISOString() };
    fake.remotes = fake.remotes.map((each) => (each === listing ? changed : each));
    // the server answers the pointers only (RemotePointers), not the listing's releases, health and gate
    const { releases: _releases, health: _health, promoteGate: _promoteGate, ...pointers } = changed;
    return HttpResponse.json<RemotePointers>(pointers);
  };
  const adminsOnly = (request: Request) =>
    refusal(request) ??
    (session()!.account.role === 'admin' ? undefined : error('Only administrators can manage release tokens.', 403));

  return [
    http.get(
      STAFF_API.releaseRemotes,
      ({ request }) =>
        refusal(request) ?? HttpResponse.json({ remotes: fake.remotes.filter((listing) => mine(listing.remote)) }),
    ),
    http.post(STAFF_API.releaseRegister, async ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      const body = (await request.json()) as { version: string; entry: string; notes?: string };
      if (!/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(body.version))
        return invalid(
          'version',
          'version must be 1–64 letters, digits, dots, dashes, pluses or underscores, starting with a letter or digit',
        );
      if (body.entry === NO_SEARCH_ENTRY) return error(MISSING_EXPOSE, 400);
      if (listing.releases.some((each) => each.version === body.version))
        return error(
          `${listing.remote} already has a release "${body.version}": give the new one another version label`,
          409,
        );
      const made: Release = {
        id: nextId++,
        remote: listing.remote,
        version: body.version,
        entry: body.entry,
        notes: body.notes ?? null,
        registeredBy: `staff ${session()!.account.email}`,
        registeredAt: new Date().toISOString(),
        rolledBack: null,
      };
      fake.remotes = fake.remotes.map((each) =>
        each === listing ? { ...each, releases: [made, ...each.releases] } : each,
      );
      return HttpResponse.json({ release: made }, { status: 201 });
    }),
    http.post(STAFF_API.releaseCanary, async ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      const body = (await request.json()) as { version?: string; percent: number };
      if (!Number.isInteger(body.percent) || body.percent < 0 || body.percent > 100)
        return invalid('percent', 'percent must be a whole number from 0 to 100');
      const canary = listing.releases.find((each) => each.version === body.version) ?? listing.canary;
      if (canary === undefined)
        return error(`${listing.remote} has no release "${body.version}": register it first`, 400);
      const latestRun = canary.id === listing.canary?.id ? listing.promoteGate.latestRun : undefined;
      return change(listing, {
        canary,
        canaryPercent: body.percent,
        health: { ...listing.health, canary: { loads: 0, failures: 0, renderErrors: 0 } },
        promoteGate: { ...listing.promoteGate, latestRun },
      });
    }),
    http.post(STAFF_API.releaseRuns, async ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      const body = (await request.json()) as { passed: boolean; report?: string };
      if (typeof body.report === 'string' && body.report.length > 500)
        return invalid('report', 'report must be at most 500 characters');
      if (listing.canary === undefined || listing.canaryPercent === 0)
        return error(`${listing.remote} has no live canary, so no run was pinned to one`, 409);
      const latestRun = {
        version: listing.canary.version,
        passed: body.passed,
        report: body.report ?? null,
        recordedBy: `staff ${session()!.account.email}`,
        recordedAt: new Date().toISOString(),
      };
      fake.remotes = fake.remotes.map((each) =>
        each === listing ? { ...each, promoteGate: { ...each.promoteGate, latestRun } } : each,
      );
      return HttpResponse.json(
        { run: { remote: listing.remote, version: listing.canary.version, passed: body.passed } },
        { status: 201 },
      );
    }),
    http.post(STAFF_API.releasePromote, ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      if (listing.canary === undefined) return error(`${listing.remote} has no canary to promote`, 400);
      if (listing.canary.rolledBack !== null)
        return error(
          `This build (${listing.canary.version}) was rolled back automatically because ${listing.canary.rolledBack.reason}`,
          409,
        );
      const { requiresPassedRun, latestRun } = listing.promoteGate;
      if (requiresPassedRun && latestRun === undefined)
        return error(`${listing.remote}'s canary is promoted only after a test run pinned to it passes`, 409);
      if (requiresPassedRun && latestRun?.passed !== true)
        return error(
          `${listing.remote}'s canary failed its latest pinned test run: fix it and record a passing run before promoting it`,
          409,
        );
      return change(listing, {
        stable: listing.canary,
        previousStable: listing.stable,
        canary: undefined,
        canaryPercent: 0,
        promoteGate: { requiresPassedRun, latestRun: undefined },
      });
    }),
    http.post(STAFF_API.releaseRollback, ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      if (listing.previousStable === undefined) return change(listing, { canaryPercent: 0 });
      return change(listing, {
        stable: listing.previousStable,
        previousStable: undefined,
        canary: undefined,
        canaryPercent: 0,
      });
    }),
    http.get(STAFF_API.releaseVitals, ({ request, params }) => {
      const listing = remoteOf(request, params.remote);
      if (listing instanceof Response) return listing;
      const set = fake.vitals[listing.remote] ?? {
        stable: releaseVitals(listing.stable.version, 25, { 'our-products': FAST_PAGES }),
        canary: null,
        hold: null,
      };
      return HttpResponse.json<RemoteVitalsReport>({
        remote: listing.remote,
        since: VITALS_SINCE,
        until: VITALS_UNTIL,
        ...set,
      });
    }),
    http.get(STAFF_API.siteVitals, ({ request }) => refusal(request) ?? HttpResponse.json(fake.site)),
    http.get(
      STAFF_API.releaseTokens,
      ({ request }) => adminsOnly(request) ?? HttpResponse.json({ tokens: fake.tokens }),
    ),
    http.post(STAFF_API.releaseTokens, async ({ request }) => {
      const refused = adminsOnly(request);
      if (refused !== undefined) return refused;
      const body = (await request.json()) as {
        name: string;
        scope?: TokenScope;
        remotes?: string[];
        expiresInDays: number;
      };
      const scope = body.scope ?? 'release';
      const remotes = body.remotes ?? [];
      if (body.name === '') return invalid('name', 'name must say what uses the token, e.g. "catalogue pipeline"');
      if (scope === 'release' && remotes.length === 0)
        return invalid('remotes', 'remotes must name at least one remote');
      if (scope !== 'release' && remotes.length > 0)
        return invalid('remotes', `remotes are for release tokens: a ${scope} token names none`);
      if (!Number.isInteger(body.expiresInDays) || body.expiresInDays < 1 || body.expiresInDays > 365)
        return invalid('expiresInDays', 'expiresInDays must be a whole number of days from 1 to 365');
      const info: ReleaseTokenInfo = {
        id: nextId++,
        name: body.name,
        scope,
        remotes: [...remotes].sort(),
        createdBy: session()!.account.email,
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + body.expiresInDays * 86_400_000).toISOString(),
        revokedAt: null,
        lastUsedAt: null,
      };
      fake.tokens = [info, ...fake.tokens];
      return HttpResponse.json<CreatedReleaseToken>({ ...info, token: `srt_secret${info.id}` }, { status: 201 });
    }),
    http.post(STAFF_API.releaseTokenRevoke, ({ request, params }) => {
      const refused = adminsOnly(request);
      if (refused !== undefined) return refused;
      const token = fake.tokens.find((each) => String(each.id) === params.id && each.revokedAt === null);
      if (token === undefined) return error('No such token in force', 404);
      fake.tokens = fake.tokens.map((each) =>
        each === token ? { ...each, revokedAt: new Date().toISOString() } : each,
      );
      return HttpResponse.json({ revoked: true });
    }),
  ];
}

/** A canary of the catalogue the automatic rollback took out, as the server lists it afterwards (at 0 %, marked). */
export function withRolledBackCanary(registry: FakeRegistry, rolledBack: { at: string; reason: string }): void {
  registry.remotes = registry.remotes.map((listing) => {
    if (listing.remote !== 'catalogue') return listing;
    const canary: Release = {
      ...release(7, 'catalogue', '2026-11-24.1'),
      entry: 'https://cdn.example/catalogue/2026-11-24.1/mf-manifest.json',
      rolledBack,
    };
    return {
      ...listing,
      source: 'registry',
      canary,
      canaryPercent: 0,
      releases: [canary, ...listing.releases],
      health: { ...listing.health, canary: { loads: 2, failures: 5, renderErrors: 0 } },
    };
  });
}

/** Serves the staff fake and the registry's: what a releases test starts with. */
export function servedReleases(overrides: Partial<FakeStaffServer> = {}): {
  fake: FakeStaffServer;
  registry: FakeRegistry;
} {
  const fake = fakeStaffServer(overrides);
  const registry = fakeRegistry();
  server.use(...staffHandlers(fake), ...releaseHandlers(registry, () => fake.session));
  return { fake, registry };
}
