// The remotes registry's answers, as the pipelines' API (/api/releases/…) and the staff app's releases console
// (STAFF_API.release*) both give them. Only types and constants; the bodies' schemas: ./releasesApiSchemas.ts.

/** One release of a remote: a build's manifest address (a URL, or a path on this site) and who registered it. */
export interface Release {
  id: number;
  remote: string;
  version: string;
  entry: string;
  notes: string | null;
  registeredBy: string;
  registeredAt: string;
  /** Set when the automatic rollback took it out for failing: its promote is refused until an admin registers it again. */
  rolledBack: AutomaticRollback | null;
  /**
   * What the build was when it was registered (absent for the releases seeded from the REMOTE_* variables and those
   * registered before the site recorded it): its manifest's SHA-256 and, when the server can render its pages, its
   * server-render module and that module's SHA-256. Only those bytes are run on the server.
   */
  build?: ReleaseBuild | undefined;
}

/** When and why the automatic rollback took a canary release out. */
export interface AutomaticRollback {
  at: string;
  /** In words: "4 of its last 5 loads failed (from 4 addresses within 60 s; threshold 20%)". */
  reason: string;
}

/** A registered build's content, by SHA-256 (hex). */
export interface ReleaseBuild {
  manifestSha256: string;
  /** 'server/render.<hash>.js' as its server-render.json named it; null: its pages are not server-rendered. */
  renderModule: string | null;
  renderSha256: string | null;
}

/** A remote's live pointers, with the releases they point at. */
export interface RemotePointers {
  remote: string;
  /** 'variables' while the remote follows its REMOTE_* variables; 'registry' after its first change here. */
  source: 'variables' | 'registry';
  stable: Release;
  /** The release a rollback returns to. */
  previousStable: Release | undefined;
  canary: Release | undefined;
  canaryPercent: number;
  changedAt: string;
}

/** A release's loads as browsers reported them (one per page view per remote), and the server's render errors. */
export interface ReleaseHealth {
  /** Loads that worked. */
  loads: number;
  /** Loads that failed in the browser (its manifest, its remoteEntry.js or a module). */
  failures: number;
  /** First views the server could not render with it (the browser then draws the page). */
  renderErrors: number;
}

/** A test run pinned to a canary release, as a pipeline (or QA) recorded it (POST …/remotes/<remote>/runs). */
export interface PinnedRunRecord {
  /** The canary release the run was pinned to. */
  version: string;
  passed: boolean;
  /** The run's one line (e.g. its address), when one was sent. */
  report: string | null;
  recordedBy: string;
  recordedAt: string;
}

/** What `promote` of a remote waits for. */
export interface PromoteGate {
  /** Whether the server's RELEASE_REQUIRE_PASSED_RUN names this remote (or is `all`): promote waits for a passed run. */
  requiresPassedRun: boolean;
  /** The latest run recorded for the current canary release (the one the gate looks at); undefined: none, or no canary. */
  latestRun: PinnedRunRecord | undefined;
}

export interface RemoteListing extends RemotePointers {
  /** The newest releases first. */
  releases: Release[];
  /** The live releases' loads and failures. */
  health: { stable: ReleaseHealth; canary: ReleaseHealth | undefined };
  promoteGate: PromoteGate;
}

/** The public address the browser reports a remote's load to (the shell's runtime plugin). */
export const REMOTE_LOAD_REPORT_PATH = '/api/remote-loads';

/** Why a remote failed in the browser: its manifest, its remoteEntry.js (download or evaluation), or a module. */
export const LOAD_FAILURE_KINDS = ['manifest', 'entry', 'module'] as const;
export type LoadFailureKind = (typeof LOAD_FAILURE_KINDS)[number];

/** A load report's session id: the random id a visitor's tab keeps (sessionStorage), so that a visitor counts once. */
export const LOAD_REPORT_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

// One report's type (the remote, its manifest address as the page's remotes map had it, what happened) is its schema's:
// RemoteLoadReport in ./releasesApiSchemas.ts, imported from there as a type (this module imports none of the schemas).

/** The version labels of the releases seeded from the REMOTE_* variables (no release registered may take them). */
export const VARIABLES_RELEASE = 'variables';
export const VARIABLES_CANARY_RELEASE = 'variables-canary';

/** The longest a release token may live, in days. */
export const TOKEN_MAX_DAYS = 365;

/**
 * What a pipeline's token may do, a closed list: 'release' the remotes it names (/api/releases), 'stock' send the
 * ERP's stock feed (/api/stock), 'orders' read the accepted quotations' orders (/api/orders). A token of one scope is
 * refused by the others' APIs.
 */
export const TOKEN_SCOPES = ['release', 'stock', 'orders'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A pipeline's token as listed: never its secret. */
export interface ReleaseTokenInfo {
  id: number;
  name: string;
  scope: TokenScope;
  /** A release token's remotes; none for another scope. */
  remotes: string[];
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** The answer that makes a token: the only time its secret is seen. */
export interface CreatedReleaseToken extends ReleaseTokenInfo {
  token: string;
}

/**
 * A QA run's token (scope 'qa'): made for one remote's pinned test run by an admin, its release staff or a release
 * token of that remote (POST …/remotes/:remote/qa-token, `npm run remotes -- qa-token`), for QA_TOKEN_HOURS, shown
 * once, kept hashed. The suite sends it in QA_TOKEN_HEADER on every request of its browser; a request bearing one in
 * force is not held to the per-address limits (forms, chat, vitals, load reports), and its beacons and load reports
 * are not counted as a visitor's. It grants nothing else (the release API refuses it: 403). Recording the remote's
 * run revokes it.
 */
export const QA_TOKEN_SCOPE = 'qa';
export const QA_TOKEN_HEADER = 'x-qa-token';
export const QA_TOKEN_HOURS = 2;

/** The answer that makes a QA token: the only time its secret is seen. */
export interface CreatedQaToken {
  id: number;
  token: string;
  remote: string;
  expiresAt: string;
}
