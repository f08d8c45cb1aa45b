import { REMOTE_LOAD_REPORT_PATH } from './releasesApi';
import {
  LOAD_REPORT_SESSION_KEY,
  loadFailureKind,
  loadReportSession,
  postRemoteLoadReport,
  remoteLoadReporter,
} from './remoteLoadReports';

const STABLE = 'https://site.example/remotes/staff/mf-manifest.json';
const CANARY = 'https://cdn.example/staff/v2/mf-manifest.json';

describe("a page's load reporter", () => {
  it('passes on the first load and the first failure of each build, and nothing more', () => {
    const send = jest.fn();
    const report = remoteLoadReporter(send);
    report('staff', CANARY, 'entry');
    report('staff', CANARY, 'module');
    report('staff', STABLE);
    report('staff', STABLE);
    report('staff', STABLE, 'module');
    expect(send.mock.calls.map(([sent]: [unknown]) => JSON.parse(JSON.stringify(sent)) as unknown)).toStrictEqual([
      { remote: 'staff', entry: CANARY, outcome: 'failed', kind: 'entry' },
      { remote: 'staff', entry: STABLE, outcome: 'loaded' },
      { remote: 'staff', entry: STABLE, outcome: 'failed', kind: 'module' },
    ]);
  });

  it("posts a report as JSON to the public address with the tab's session id, and a failed post is not thrown at the page", async () => {
    const fetchMock = jest.fn(async () => ({ text: async () => '{"counted":true}' }));
    const failing = jest.fn(async () => Promise.reject(new Error('offline')));
    const original = globalThis.fetch;
    try {
      globalThis.fetch = fetchMock as unknown as typeof fetch;
      postRemoteLoadReport({ remote: 'staff', entry: STABLE, outcome: 'loaded' });
      postRemoteLoadReport({ remote: 'catalogue', entry: CANARY, outcome: 'failed', kind: 'entry' });
      // this test runs without sessionStorage: the page's own session id, the same in each report
      const session = loadReportSession(undefined);
      expect(session).toMatch(/^[0-9a-f]{32}$/);
      expect(fetchMock.mock.calls).toEqual([
        [
          REMOTE_LOAD_REPORT_PATH,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ remote: 'staff', entry: STABLE, outcome: 'loaded', session }),
          },
        ],
        [
          REMOTE_LOAD_REPORT_PATH,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ remote: 'catalogue', entry: CANARY, outcome: 'failed', kind: 'entry', session }),
          },
        ],
      ]);
      globalThis.fetch = failing;
      expect(() => postRemoteLoadReport({ remote: 'staff', entry: STABLE, outcome: 'loaded' })).not.toThrow();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe("a tab's session id", () => {
  it('is made once and kept for the tab; where storage is refused, one per page', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
    const first = loadReportSession(storage);
    expect(loadReportSession(storage)).toBe(first);
    expect(kept.get(LOAD_REPORT_SESSION_KEY)).toBe(first);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    const page = loadReportSession(refusing);
    expect(page).toMatch(/^[0-9a-f]{32}$/);
    expect(page).not.toBe(first);
    expect(loadReportSession(refusing)).toBe(page);
  });
});

describe('loadFailureKind', () => {
  it("names the runtime's failures of a remoteEntry.js the entry's, any other the module's", () => {
    expect(loadFailureKind(new Error('[ Federation Runtime ]: RUNTIME-001 Failed to get remoteEntry exports.'))).toBe(
      'entry',
    );
    expect(loadFailureKind(new Error('RUNTIME-008 Failed to load script resources.'))).toBe('entry');
    expect(loadFailureKind(new Error('Loading chunk 12 failed.'))).toBe('module');
    expect(loadFailureKind('RUNTIME-004')).toBe('module');
  });
});
