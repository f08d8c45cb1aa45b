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
  qa-token <remote>                                 a QA token for the next pinned run (2 h; record-run ends it): give it
                                                    to the suite as SITE_QA_TOKEN, it lifts the per-address limits
`;

type Fetch = typeof fetch;

/** The flags the commands read (--site is the tool's own). */
interface Flags {
  notes?: string;
  percent?: string;
  release?: string;
  passed?: boolean;
  failed?: boolean;
  report?: string;
}

/** A call of the release API. */
interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** One command: the call it makes (or the sentence of its usage error), and how it prints the site's answer. */
interface Command {
  call: (remote: string | undefined, args: readonly string[], flags: Flags) => ApiCall | string;
  print: (answer: unknown, remote: string | undefined, io: CliIo) => void;
}

export async function remotesCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  fetchImpl: Fetch = fetch,
): Promise<number> {
  const parsed = parseCommandLine(argv, io);
  if (parsed === undefined) return 2;
  const { values, positionals } = parsed;
  const [name, remote, ...args] = positionals;
  if (values.help === true || name === undefined) {
    (values.help === true ? io.out : io.err)(REMOTES_USAGE);
    return values.help === true ? 0 : 2;
  }
  const usage = (message: string) => {
    io.err(`${message}\n\n${REMOTES_USAGE}`);
    return 2;
  };
  const site = values.site ?? env.SITE_URL;
  if (site === undefined || !/^https?:\/\/[^/]/.test(site))
    return usage("--site must be the site's address, e.g. --site https://www.example.com");
  const token = env.SITE_RELEASE_TOKEN?.trim();
  if (token === undefined || token === '')
    return usage('SITE_RELEASE_TOKEN must hold a release token (an admin makes one in the staff app)');

  const command = COMMANDS.get(name);
  if (command === undefined) return usage(`Unknown command "${name}"`);
  const call = command.call(remote, args, values);
  if (typeof call === 'string') return usage(call);
  const answered = await callReleaseApi(fetchImpl, site, token, call, io);
  if (answered === undefined) return 1;
  command.print(answered.answer, remote, io);
  return 0;
}

/** The command line's flags and words; undefined (the usage printed) when parseArgs refuses it. */
function parseCommandLine(argv: readonly string[], io: CliIo) {
  try {
    return parseArgs({
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
    return undefined;
  }
}

/** The site's answer to `call`, or undefined when it could not be reached or refused (what it said printed). */
async function callReleaseApi(
  fetchImpl: Fetch,
  site: string,
  token: string,
  call: ApiCall,
  io: CliIo,
): Promise<{ answer: unknown } | undefined> {
  let response: Response;
  try {
    response = await fetchImpl(new URL(call.path, site), {
      method: call.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    io.err(`Could not reach ${site}: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
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
    return undefined;
  }
  return { answer };
}

// ---- the commands ----

const list: Command = {
  call: (remote, args) => {
    if (args.length > 0) return 'list takes at most one remote';
    return { method: 'GET', path: remote === undefined ? RELEASES_API.remotes : RELEASES_API.remote(remote) };
  },
  print: (answer, remote, io) => {
    const listings =
      remote === undefined ? (answer as { remotes: RemoteListing[] }).remotes : [answer as RemoteListing];
    io.out(listings.map(describeListing).join('\n'));
  },
};

const register: Command = {
  call: (remote, [version, entry, ...extra], { notes }) => {
    if (remote === undefined || version === undefined || entry === undefined || extra.length > 0)
      return 'register needs <remote> <version> <manifest URL>';
    return {
      method: 'POST',
      path: RELEASES_API.releases(remote),
      body: { version, entry, ...(notes === undefined ? {} : { notes }) },
    };
  },
  print: (answer, remote, io) => {
    const { release, warning } = answer as { release: { version: string; entry: string }; warning?: string };
    io.out(
      `Registered ${remote} ${release.version} (${release.entry}); not live yet: put it in front of visitors with canary --release ${release.version}\n`,
    );
    if (warning !== undefined) io.err(`${warning}\n`);
  },
};

/** A change's answer is the remote's pointers (without its releases). */
const printPointers: Command['print'] = (answer, _remote, io) =>
  io.out(describeListing({ ...(answer as RemotePointers), releases: [] }));

const canary: Command = {
  call: (remote, args, { percent, release }) => {
    if (remote === undefined || args.length > 0) return 'canary needs <remote> --percent <0-100>';
    if (percent === undefined || !/^\d{1,3}$/.test(percent)) return '--percent must be a whole number from 0 to 100';
    return {
      method: 'POST',
      path: RELEASES_API.canary(remote),
      body: { percent: Number(percent), ...(release === undefined ? {} : { version: release }) },
    };
  },
  print: printPointers,
};

/** promote and rollback: a remote, no body. */
const pointerMove = (name: 'promote' | 'rollback'): Command => ({
  call: (remote, args) => {
    if (remote === undefined || args.length > 0) return `${name} needs <remote>`;
    return { method: 'POST', path: RELEASES_API[name](remote), body: {} };
  },
  print: printPointers,
});

const recordRun: Command = {
  call: (remote, args, { passed, failed, report }) => {
    if (remote === undefined || args.length > 0) return 'record-run needs <remote> and --passed or --failed';
    if ((passed === true) === (failed === true)) return 'record-run needs exactly one of --passed and --failed';
    return {
      method: 'POST',
      path: RELEASES_API.runs(remote),
      body: { passed: passed === true, ...(report === undefined ? {} : { report }) },
    };
  },
  print: (answer, remote, io) => {
    const { run } = answer as { run: { version: string; passed: boolean } };
    io.out(`Recorded a ${run.passed ? 'passed' : 'failed'} run pinned to ${remote}'s canary ${run.version}\n`);
  },
};

const qaToken: Command = {
  call: (remote, args) =>
    remote === undefined || args.length > 0
      ? 'qa-token needs <remote>'
      : { method: 'POST', path: RELEASES_API.qaToken(remote), body: {} },
  // the token alone on stdout, for a pipeline's script to capture (SITE_QA_TOKEN=$(npm run -s remotes -- qa-token …))
  print: (answer, remote, io) => {
    const { token, expiresAt } = answer as { token: string; expiresAt: string };
    io.out(`${token}\n`);
    io.err(`A QA token for ${remote}'s pinned run, until ${expiresAt} (shown once; recording the run ends it)\n`);
  },
};

// A Map, not an object: a word such as "constructor" is no command.
const COMMANDS = new Map<string, Command>([
  ['list', list],
  ['register', register],
  ['canary', canary],
  ['promote', pointerMove('promote')],
  ['rollback', pointerMove('rollback')],
  ['record-run', recordRun],
  ['qa-token', qaToken],
]);

/** A remote's pointers, its releases, and (in a listing; a change answers without it) its promote gate. */
function describeListing(
  listing: RemotePointers & Pick<RemoteListing, 'releases'> & { promoteGate?: PromoteGate },
): string {
  const lines = [
    `${listing.remote}: stable ${listing.stable.version} (${listing.stable.entry})${listing.source === 'variables' ? ', following the REMOTE_* variables' : ''}`,
    listing.canary === undefined || listing.canaryPercent === 0
      ? `  no canary live${listing.canary === undefined ? '' : ` (${listing.canary.version} at 0 %)`}`
      : `  canary ${listing.canary.version} at ${listing.canaryPercent} % (${listing.canary.entry})`,
    ...(listing.promoteGate === undefined ? [] : [describeGate(listing.promoteGate, listing.canary?.version)]),
    ...listing.releases.map(
      (release) =>
        `  - ${release.version}  ${release.registeredAt}  ${release.registeredBy}  ${release.entry}${release.notes === null ? '' : `  ${release.notes.split('\n')[0]}`}`,
    ),
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
