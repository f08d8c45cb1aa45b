// `npm run remotes -- <command>`: the release API (releaseRoutes.ts) from a terminal or a pipeline's script, against
// a running site (--site URL) with a release token (SITE_RELEASE_TOKEN). It only speaks HTTP: what the site refuses,
// it prints as the site said it.
import { parseArgs } from 'node:util';
import type { CliIo } from '../platform/cli/cliIo.js';
import type { PromoteGate, RemotePointers } from '@site/contracts/releases-api';
import type { RemoteListing } from './registry.js';
import { RELEASES_API } from './releasesApiPaths.js';

export const REMOTES_USAGE = `Usage: npm run remotes -- <command> --site <URL> (the token in SITE_RELEASE_TOKEN)

  list [<remote>]                                   each remote's stable release, canary, promote gate (whether a
                                                    passed pinned run is required, and the latest run recorded) and
                                                    recent releases
  register <remote> <version> <manifest URL> [--notes <text>]
                                                    add a release (checked: its manifest loads and exposes what the shell uses)
  canary <remote> --percent <0-100> [--release <version>]
                                                    put a release (or the current canary) in front of that share of visitors
  promote <remote>                                  make the canary the stable release
  rollback <remote>                                 the previous stable release back, the canary at 0 %
  record-run <remote> --passed|--failed [--report <text>]
                                                    how the suites pinned to the live canary went (npm run test:e2e --
                                                    --site <URL> --canary <remote>); RELEASE_REQUIRE_PASSED_RUN waits for it
`;

type Fetch = typeof fetch;

export async function remotesCli(argv: readonly string[], env: Record<string, string | undefined>, io: CliIo, fetchImpl: Fetch = fetch): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        site: { type: 'string' },
        notes: { type: 'string' },
        percent: { type: 'string' },
        release: { type: 'string' },
        passed: { type: 'boolean' },
        failed: { type: 'boolean' },
        report: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${REMOTES_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help === true || command === undefined) {
    (values.help === true ? io.out : io.err)(REMOTES_USAGE);
    return values.help === true ? 0 : 2;
  }
  const usage = (message: string) => {
    io.err(`${message}\n\n${REMOTES_USAGE}`);
    return 2;
  };
  const site = values.site ?? env.SITE_URL;
  if (site === undefined || !/^https?:\/\/[^/]/.test(site)) return usage('--site must be the site\'s address, e.g. --site https://www.example.com');
  const token = env.SITE_RELEASE_TOKEN?.trim();
  if (token === undefined || token === '') return usage('SITE_RELEASE_TOKEN must hold a release token (an admin makes one in the staff app)');

  let request: { method: 'GET' | 'POST'; path: string; body?: unknown };
  const [remote, ...args] = rest;
  switch (command) {
    case 'list':
      if (args.length > 0) return usage('list takes at most one remote');
      request = { method: 'GET', path: remote === undefined ? RELEASES_API.remotes : RELEASES_API.remote(remote) };
      break;
    case 'register': {
      const [version, entry, ...extra] = args;
      if (remote === undefined || version === undefined || entry === undefined || extra.length > 0) return usage('register needs <remote> <version> <manifest URL>');
      request = { method: 'POST', path: RELEASES_API.releases(remote), body: { version, entry, ...(values.notes === undefined ? {} : { notes: values.notes }) } };
      break;
    }
    case 'canary': {
      if (remote === undefined || args.length > 0) return usage('canary needs <remote> --percent <0-100>');
      if (values.percent === undefined || !/^\d{1,3}$/.test(values.percent)) return usage('--percent must be a whole number from 0 to 100');
      request = { method: 'POST', path: RELEASES_API.canary(remote), body: { percent: Number(values.percent), ...(values.release === undefined ? {} : { version: values.release }) } };
      break;
    }
    case 'promote':
    case 'rollback':
      if (remote === undefined || args.length > 0) return usage(`${command} needs <remote>`);
      request = { method: 'POST', path: command === 'promote' ? RELEASES_API.promote(remote) : RELEASES_API.rollback(remote), body: {} };
      break;
    case 'record-run': {
      if (remote === undefined || args.length > 0) return usage('record-run needs <remote> and --passed or --failed');
      if ((values.passed === true) === (values.failed === true)) return usage('record-run needs exactly one of --passed and --failed');
      request = { method: 'POST', path: RELEASES_API.runs(remote), body: { passed: values.passed === true, ...(values.report === undefined ? {} : { report: values.report }) } };
      break;
    }
    default:
      return usage(`Unknown command "${command}"`);
  }

  let response: Response;
  try {
    response = await fetchImpl(new URL(request.path, site), {
      method: request.method,
      headers: { authorization: `Bearer ${token}`, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    io.err(`Could not reach ${site}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const reason = (answer as { error?: unknown } | undefined)?.error;
    io.err(`Refused (${response.status}): ${typeof reason === 'string' ? reason : text.slice(0, 500)}\n`);
    return 1;
  }
  if (command === 'list') {
    const listings = remote === undefined ? (answer as { remotes: RemoteListing[] }).remotes : [answer as RemoteListing];
    io.out(listings.map(describeListing).join('\n'));
  } else if (command === 'register') {
    const { release, warning } = answer as { release: { version: string; entry: string }; warning?: string };
    io.out(`Registered ${remote} ${release.version} (${release.entry}); not live yet: put it in front of visitors with canary --release ${release.version}\n`);
    if (warning !== undefined) io.err(`${warning}\n`);
  } else if (command === 'record-run') {
    const { run } = answer as { run: { version: string; passed: boolean } };
    io.out(`Recorded a ${run.passed ? 'passed' : 'failed'} run pinned to ${remote}'s canary ${run.version}\n`);
  } else {
    io.out(describeListing({ ...(answer as RemotePointers), releases: [] }));
  }
  return 0;
}

/** A remote's pointers, its releases, and (in a listing; a change answers without it) its promote gate. */
function describeListing(listing: RemotePointers & Pick<RemoteListing, 'releases'> & { promoteGate?: PromoteGate }): string {
  const lines = [
    `${listing.remote}: stable ${listing.stable.version} (${listing.stable.entry})${listing.source === 'variables' ? ', following the REMOTE_* variables' : ''}`,
    listing.canary === undefined || listing.canaryPercent === 0
      ? `  no canary live${listing.canary === undefined ? '' : ` (${listing.canary.version} at 0 %)`}`
      : `  canary ${listing.canary.version} at ${listing.canaryPercent} % (${listing.canary.entry})`,
    ...(listing.promoteGate === undefined ? [] : [describeGate(listing.promoteGate, listing.canary?.version)]),
    ...listing.releases.map((release) => `  - ${release.version}  ${release.registeredAt}  ${release.registeredBy}  ${release.entry}${release.notes === null ? '' : `  ${release.notes.split('\n')[0]}`}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** What promote waits for (RELEASE_REQUIRE_PASSED_RUN), and the latest run recorded for the current canary release. */
function describeGate(gate: PromoteGate, canary: string | undefined): string {
  const rule = gate.requiresPassedRun ? 'promote waits for a passed pinned run' : 'promote needs no pinned run';
  const run = gate.latestRun;
  if (run === undefined) return `  ${rule}${canary === undefined ? '' : `; no run recorded for canary ${canary}`}`;
  const report = run.report === null ? '' : ` (${run.report})`;
  return `  ${rule}; latest run on canary ${run.version}: ${run.passed ? 'passed' : 'failed'} ${run.recordedAt} by ${run.recordedBy}${report}`;
}
