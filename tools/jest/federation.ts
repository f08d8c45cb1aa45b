// Test doubles for the two things jsdom cannot do on the federation runtime's path: fetching a remote's
// mf-manifest.json and running its remoteEntry.js. Everything else is the real runtime (@module-federation/enhanced).
// Used by the shell's remote tests and the staff host's (as '@test/federation'); not part of any build.

const globals = globalThis as unknown as Record<string, unknown>;

export interface FakeContainer {
  init: jest.Mock<Promise<void>, unknown[]>;
  get: jest.Mock<Promise<() => unknown>, [string]>;
}

/** What a remoteEntry.js defines: each exposed module is `{ default: '<remote> module <expose>' }`. */
export function fakeContainer(remote: string): FakeContainer {
  return {
    init: jest.fn(async () => undefined),
    get: jest.fn(async (expose: string) => () => ({ default: `${remote} module ${expose}` })),
  };
}

/** A remote's mf-manifest.json, as @module-federation/enhanced's build plugin writes it (the parts the shell reads). */
export function manifest(globalName: string, remoteEntryPath = ''): object {
  return {
    id: globalName,
    name: globalName,
    metaData: {
      name: globalName,
      globalName,
      remoteEntry: { name: 'remoteEntry.js', path: remoteEntryPath, type: 'global' },
      publicPath: 'auto',
    },
    exposes: [],
  };
}

/** A manifest body, an HTTP status (the fetch answers, not ok) or an Error (the fetch itself fails). */
export type FetchAnswer = object | number | Error;

/** The fetch stubFetch replaced (MSW's, in a test that uses both), put back by resetFederationGlobals. */
let fetchBeforeStub: unknown;

/**
 * Stubs globalThis.fetch: each URL gets its answers in turn (the last one repeats); a URL not listed is a 404.
 * Returns the mock (its calls are the URLs asked for).
 */
export function stubFetch(answers: Record<string, FetchAnswer | FetchAnswer[]>): jest.Mock {
  const asked = new Map<string, number>();
  const fetchMock = jest.fn(async (input: unknown) => {
    const url = String(input);
    const count = asked.get(url) ?? 0;
    asked.set(url, count + 1);
    const listed = answers[url];
    const list: FetchAnswer[] =
      listed === undefined ? [404] : Array.isArray(listed) ? (listed as FetchAnswer[]) : [listed];
    const answer = list[Math.min(count, list.length - 1)];
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number')
      return { ok: answer >= 200 && answer < 300, status: answer, json: async () => ({}) };
    return { ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(answer)) as unknown };
  });
  fetchBeforeStub ??= globals.fetch;
  globals.fetch = fetchMock;
  return fetchMock;
}

/** How a remoteEntry.js the runtime adds "runs": its error event fires, or it defines its global container and loads. */
export type ScriptOutcome = 'fails' | { defines: string; container: FakeContainer };

const definedGlobals = new Set<string>();

/**
 * jsdom does not run scripts: each <script> the runtime appends to the head (@module-federation/sdk loadScript) runs
 * as `run(src, attempt)` says, attempt being 1, 2... for the scripts added so far with that src (query included).
 * Returns the src of every script added, in order. Other elements are appended as usual.
 */
export function stubScripts(run: (src: string, attempt: number) => ScriptOutcome): string[] {
  const added: string[] = [];
  const appendChild = Node.prototype.appendChild;
  jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (!(node instanceof HTMLScriptElement)) return appendChild.call(document.head, node) as T;
    added.push(node.src);
    const outcome = run(node.src, added.filter((src) => src === node.src).length);
    queueMicrotask(() => {
      if (outcome === 'fails') {
        node.dispatchEvent(new Event('error'));
        return;
      }
      globals[outcome.defines] = outcome.container;
      definedGlobals.add(outcome.defines);
      node.dispatchEvent(new Event('load'));
    });
    return node;
  });
  return added;
}

/**
 * Forgets what a test left behind: the stubs, the containers the scripts defined and the runtime's page-wide state
 * (its instances and its cache of remoteEntry.js loads, keyed by remote name and URL).
 */
export function resetFederationGlobals(): void {
  jest.restoreAllMocks();
  if (fetchBeforeStub !== undefined) globals.fetch = fetchBeforeStub;
  fetchBeforeStub = undefined;
  for (const name of definedGlobals) delete globals[name];
  definedGlobals.clear();
  const loading = globals.__GLOBAL_LOADING_REMOTE_ENTRY__ as Record<string, unknown> | undefined;
  for (const key of Object.keys(loading ?? {})) delete loading?.[key];
  const federation = globals.__FEDERATION__ as { __INSTANCES__?: unknown[] } | undefined;
  if (federation?.__INSTANCES__) federation.__INSTANCES__.length = 0;
}
