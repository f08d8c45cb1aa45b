// Site mode: the suites run against a site already deployed somewhere (QA, staging, a second server), given by URL,
// instead of the server the global setup builds and starts. tests/scripts/e2e.mjs sets these from `--site` and `--canary`.
import { CANARY_FAILED_COOKIE, REMOTE_NAMES } from '@site/contracts/federation';
import { QA_TOKEN_HEADER } from '@site/contracts/releases-api';

/** The visitor's cohort cookie (server/src/pages/canary.ts): not in the contracts, the browser never reads it. */
const COHORT_COOKIE = 'site_cohort';

/** The deployed site's address (e.g. https://staging.example.com); unset: the suite starts its own server. */
export const SITE_URL_ENV = 'E2E_SITE_URL';
/** A remote whose live canary every page of the run gets (a canary pinned for the run); unset: the site decides. */
export const CANARY_ENV = 'E2E_CANARY';

/**
 * A category and products of the deployed site's own catalogue (site-routes.ts `ExampleProduct`, as JSON), which the
 * global setup reads from the site before the spec files load: the pages the suites take as examples. Unset: the seed's.
 */
export const EXAMPLE_PRODUCT_ENV = 'E2E_EXAMPLE_PRODUCT';

/**
 * The ids of the deployed site's categories, in its order (a JSON list), which the global setup reads with the example:
 * the suites that test each category page make a test of each. Unset: the seed's.
 */
export const SITE_CATEGORY_IDS_ENV = 'E2E_SITE_CATEGORY_IDS';

/**
 * The run's QA token (`npm run remotes -- qa-token <remote>`, or the releases console): sent on every request of the
 * run's browsers, it lifts the deployed site's per-address limits for this run only (docs/releases.md).
 */
export const QA_TOKEN_ENV = 'SITE_QA_TOKEN';

/** The header that carries SITE_QA_TOKEN on every request (Playwright's extraHTTPHeaders); undefined when unset. */
export function qaTokenHeaders(site: string | undefined): Record<string, string> | undefined {
  const token = process.env[QA_TOKEN_ENV]?.trim();
  if (!token) return undefined;
  if (site === undefined)
    throw new Error(`${QA_TOKEN_ENV} is for a deployed site's run: set ${SITE_URL_ENV} (or --site) too.`);
  return { [QA_TOKEN_HEADER]: token };
}

/** The deployed site under test, without a trailing slash, or undefined when the suite starts its own. */
export function deployedSite(): string | undefined {
  const value = process.env[SITE_URL_ENV]?.trim();
  if (!value) return undefined;
  return new URL(value).origin;
}

/** The cookies a browser keeps (Playwright's storage state), as far as the canary pin needs them. */
export interface PinnedState {
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: 'Lax';
  }[];
  origins: [];
}

/**
 * The browser state that puts every page of the run on `E2E_CANARY`'s canary build and on every other remote's stable
 * one, with the site's own cookies (server/src/pages/canary.ts): cohort 0 is below any live canary's percent, and the
 * failed-canaries cookie, the one the shell writes when a canary would not load, keeps the other remotes on stable.
 * The canary must be live (at least 1 %): at 0 % nobody, pinned or not, gets it. Undefined when no canary is pinned.
 */
export function canaryPin(site: string | undefined): PinnedState | undefined {
  const remote = process.env[CANARY_ENV]?.trim();
  if (!remote) return undefined;
  if (site === undefined)
    throw new Error(`${CANARY_ENV} pins a canary of a deployed site: set ${SITE_URL_ENV} (or --site) too.`);
  if (!(REMOTE_NAMES as readonly string[]).includes(remote)) {
    throw new Error(`${CANARY_ENV}=${remote} is not a remote: use one of ${REMOTE_NAMES.join(', ')}.`);
  }
  const { hostname, protocol } = new URL(site);
  const others = REMOTE_NAMES.filter((name) => name !== remote).join(',');
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: protocol === 'https:',
    sameSite: 'Lax' as const,
  });
  return {
    cookies: [cookie(COHORT_COOKIE, '0'), cookie(CANARY_FAILED_COOKIE, encodeURIComponent(others))],
    origins: [],
  };
}

/**
 * Before a run against a deployed site: it answers, and a pinned canary is live there (the remotes map the pinned
 * browser gets names the canary, with the stable build as its fallback). Otherwise one clear error instead of every
 * test failing, or a run that passes on the stable build and is then recorded as the canary's.
 */
export async function checkDeployedSite(site: string): Promise<void> {
  const pin = canaryPin(site);
  const remote = process.env[CANARY_ENV]?.trim();
  let map: { remotes?: { name: string; entry: string; fallback?: string }[] };
  try {
    const cookie = pin?.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const response = await fetch(`${site}/remotes.json`, {
      headers: cookie === undefined ? {} : { cookie },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    map = (await response.json()) as typeof map;
  } catch (error) {
    throw new Error(
      `The site ${site} does not answer as this site does (${error instanceof Error ? error.message : String(error)}): check the URL.`,
    );
  }
  if (pin === undefined || remote === undefined) return;
  const item = map.remotes?.find((entry) => entry.name === remote);
  if (item?.fallback === undefined) {
    throw new Error(
      `${remote} has no live canary on ${site}, so the run would test its stable build: put the canary in front of at least 1 % of visitors first.`,
    );
  }
  console.log(`Pinned to ${remote}'s canary: ${item.entry} (stable: ${item.fallback})`);
}
