// Canary release of a remote: which visitors get a remote's canary build (REMOTE_<NAME>_CANARY_*) and which its
// stable one.
//
// Each visitor has a cohort, a number 0–99 drawn once at random and kept in the `site_cohort` cookie, so the visitor
// stays on one build on every page and across reloads. A visitor is on remote R's canary when the cohort is below R's
// percent and the browser has not reported R's canary as unloadable (the `site_canary_failed` cookie, written by the
// shell's runtime when it fell back to the stable build: shell/src/remotes/canaryCookie.ts). Percent 0 or no canary
// is everyone on stable: the rollback.
//
// The answer depends on the visitor, so while any canary is live the pages and /remotes.json are sent
// `private, no-cache` with `Vary: Cookie`: no shared cache may hand one visitor's page to another.
import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';
import { CACHE_PER_VISITOR, CACHE_REVALIDATE } from '../platform/http/caching.js';
import { readCookie } from '../platform/http/cookies.js';

export const COHORT_COOKIE = 'site_cohort';
/** Long enough that a canary's run (days to weeks) sees the same visitors on it throughout. */
export const COHORT_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** Cohorts are 0..COHORTS-1, so a percent is a number of cohorts. */
const COHORTS = 100;

export type Variant = 'stable' | 'canary';

/** A remote as the assignment needs it (a RemoteConfig fits). */
export interface CanaryRemote {
  name: string;
  canary?: { percent: number } | undefined;
}

/** Which builds one request is answered with. */
export interface Visitor {
  /** The remotes this visitor gets the canary of. */
  canaries: ReadonlySet<string>;
  /** Those names, sorted and comma-separated ('' when on every stable build): what a cached page is keyed by. */
  key: string;
  /** A newly drawn cohort's Set-Cookie value, when the request had no valid one. */
  setCookie: string | undefined;
}

/** Everyone, when no canary is live. */
export const STABLE_VISITOR: Visitor = Object.freeze({ canaries: new Set<string>(), key: '', setCookie: undefined });

export const variantOf = (visitor: Visitor, remote: string): Variant =>
  visitor.canaries.has(remote) ? 'canary' : 'stable';

/** What a request must offer: its headers and protocol (a FastifyRequest fits). */
export interface VisitorRequest {
  headers: IncomingHttpHeaders;
  protocol: string;
}

export interface CanaryAssignmentOptions {
  /** Draws a new visitor's cohort, 0–99 (tests); crypto's randomInt by default. */
  drawCohort?: () => number;
}

export class CanaryAssignment {
  /** Remote → percent, for the remotes with a live canary (percent above 0) only. */
  private readonly percents = new Map<string, number>();
  private readonly names: ReadonlySet<string>;
  private readonly drawCohort: () => number;

  constructor(remotes: readonly CanaryRemote[], options: CanaryAssignmentOptions = {}) {
    for (const { name, canary } of remotes)
      if (canary !== undefined && canary.percent > 0) this.percents.set(name, canary.percent);
    this.names = new Set(remotes.map((remote) => remote.name));
    this.drawCohort = options.drawCohort ?? (() => randomInt(0, COHORTS));
  }

  /** Whether some remote has a canary in front of some visitors: only then are cohorts given out and read. */
  get active(): boolean {
    return this.percents.size > 0;
  }

  /** The builds `request` gets. Its cohort is drawn here when it has none (the same one is then sent in the cookie). */
  visitor(request: VisitorRequest): Visitor {
    if (!this.active) return STABLE_VISITOR;
    const cookies = request.headers.cookie;
    let cohort = parseCohort(readCookie(cookies, COHORT_COOKIE));
    let setCookie: string | undefined;
    if (cohort === undefined) {
      cohort = this.drawCohort();
      setCookie = cohortCookie(cohort, request.protocol === 'https');
    }
    const failed = parseFailedCanaries(readCookie(cookies, CANARY_FAILED_COOKIE), this.names);
    const canaries = [...this.percents]
      .filter(([name, percent]) => cohort < percent && !failed.has(name))
      .map(([name]) => name)
      .sort();
    return { canaries: new Set(canaries), key: canaries.join(','), setCookie };
  }

  /**
   * The headers of an answer that depends on the visitor (a page, /remotes.json): per visitor while a canary is live
   * (and the cohort cookie when it was just drawn), the site's usual revalidation otherwise.
   */
  sendHeaders(reply: FastifyReply, visitor: Visitor): void {
    if (!this.active) {
      reply.header('cache-control', CACHE_REVALIDATE);
      return;
    }
    reply.header('cache-control', CACHE_PER_VISITOR);
    appendVary(reply, 'Cookie');
    if (visitor.setCookie !== undefined) reply.header('set-cookie', visitor.setCookie);
  }
}

/** A cohort as the cookie holds it: 0–99 written plainly ('07', '1e1' or '100' are not, and are drawn again). */
export function parseCohort(value: string | undefined): number | undefined {
  return value !== undefined && /^(?:0|[1-9]\d?)$/.test(value) ? Number(value) : undefined;
}

/** The remote names in the failed-canaries cookie ('catalogue%2Cchat' or 'catalogue,chat'); anything else is ignored. */
export function parseFailedCanaries(value: string | undefined, known: ReadonlySet<string>): Set<string> {
  if (value === undefined) return new Set();
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // not percent-encoded after all: read it as it is
  }
  return new Set(
    decoded
      .split(',')
      .map((name) => name.trim())
      .filter((name) => known.has(name)),
  );
}

/** HttpOnly: only the server reads it (the browser learns its builds from the remotes map). */
export function cohortCookie(cohort: number, secure: boolean): string {
  return `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** Adds `field` to the answer's Vary (once; not when it varies by everything already). */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (fields.some((item) => item === '*' || item.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}
