import { createInstance } from '@module-federation/enhanced/runtime';
import { http, HttpResponse } from 'msw';
import { fakeContainer, manifest, resetFederationGlobals, stubScripts } from '@test/federation';
import { requestsSentWithBodies, server } from '@test/msw';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { LOAD_REPORT_SESSION_KEY } from '@site/contracts/remote-load-reports';
import { STAFF_APP_MODULE } from '@site/contracts/staff-api';
import { loadStaffApp, resolveStaffSource, staffRemoteOf } from './staffRemote';

function pageWithMap(body: string, type = 'application/json'): Document {
  const doc = document.implementation.createHTMLDocument('staff');
  const script = doc.createElement('script');
  script.type = type;
  script.id = REMOTES_MAP_ELEMENT_ID;
  script.textContent = body;
  doc.head.append(script);
  return doc;
}

describe("the staff page's remotes map", () => {
  it("gives the staff remote's entry, resolved against the page", () => {
    const doc = pageWithMap(JSON.stringify({ remotes: [{ name: 'staff', entry: '/remotes/staff/mf-manifest.json' }] }));
    expect(staffRemoteOf(doc, 'https://site.example/staff/inbox')).toEqual({
      entry: 'https://site.example/remotes/staff/mf-manifest.json',
      fallback: undefined,
    });
  });

  it("gives a canary's entry with the stable build's as the fallback", () => {
    const doc = pageWithMap(
      JSON.stringify({
        remotes: [
          {
            name: 'staff',
            entry: '/remotes/staff/canary/mf-manifest.json',
            fallback: '/remotes/staff/mf-manifest.json',
          },
        ],
      }),
    );
    expect(staffRemoteOf(doc, 'https://site.example/staff/inbox')).toEqual({
      entry: 'https://site.example/remotes/staff/canary/mf-manifest.json',
      fallback: 'https://site.example/remotes/staff/mf-manifest.json',
    });
  });

  it('gives nothing for a map without it, a broken map, or no map', () => {
    expect(
      staffRemoteOf(
        pageWithMap(JSON.stringify({ remotes: [{ name: 'catalogue', entry: '/x.json' }] })),
        'https://s.example/',
      ),
    ).toBeUndefined();
    expect(staffRemoteOf(pageWithMap('{not json'), 'https://s.example/')).toBeUndefined();
    expect(staffRemoteOf(pageWithMap('{"remotes":[]}', 'text/javascript'), 'https://s.example/')).toBeUndefined();
    expect(staffRemoteOf(document.implementation.createHTMLDocument(''), 'https://s.example/')).toBeUndefined();
  });
});

describe('resolveStaffSource', () => {
  it('reads the manifest for the remoteEntry.js beside it and its global', async () => {
    server.use(
      http.get('http://localhost/remotes/staff/mf-manifest.json', () =>
        HttpResponse.json({ metaData: { globalName: 'staff', remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
      ),
    );
    await expect(resolveStaffSource('http://localhost/remotes/staff/mf-manifest.json')).resolves.toEqual({
      entry: 'http://localhost/remotes/staff/remoteEntry.js',
      entryGlobalName: 'staff',
    });
  });

  it('takes a remoteEntry.js as it is, and refuses a manifest that is not one', async () => {
    await expect(resolveStaffSource('https://cdn.example/staff/remoteEntry.js')).resolves.toEqual({
      entry: 'https://cdn.example/staff/remoteEntry.js',
      entryGlobalName: 'staff',
    });
    server.use(http.get('http://localhost/bad/mf-manifest.json', () => HttpResponse.json({ id: 'x' })));
    await expect(resolveStaffSource('http://localhost/bad/mf-manifest.json')).rejects.toThrow(
      "is not a remote's manifest",
    );
    server.use(http.get('http://localhost/gone/mf-manifest.json', () => new HttpResponse(null, { status: 404 })));
    await expect(resolveStaffSource('http://localhost/gone/mf-manifest.json')).rejects.toThrow('answered HTTP 404');
  });
});

describe('loadStaffApp', () => {
  const MANIFEST = 'http://localhost/remotes/staff/mf-manifest.json';
  const ENTRY = 'http://localhost/remotes/staff/remoteEntry.js';
  const staffApp = { default: `staff module ${STAFF_APP_MODULE}` };
  let map: HTMLScriptElement;

  beforeEach(() => {
    // The runtime warns of each failure it meets: expected here.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    map = document.createElement('script');
    map.type = 'application/json';
    map.id = REMOTES_MAP_ELEMENT_ID;
    map.textContent = JSON.stringify({ remotes: [{ name: 'staff', entry: '/remotes/staff/mf-manifest.json' }] });
    document.head.append(map);
    server.use(http.get(MANIFEST, () => HttpResponse.json(manifest('staff'))));
  });

  afterEach(() => {
    map.remove();
    resetFederationGlobals();
  });

  /** The real federation runtime, as the staff host's build makes it (without remotes until the page names one). */
  const runtime = () => createInstance({ name: 'staff-host-test', remotes: [], shared: {} });
  /** The staff app loaded in that runtime, with the load reports it sends to the server. */
  const load = () => {
    const report = jest.fn();
    return { loading: loadStaffApp(document, runtime(), report), report };
  };
  const reportsOf = (report: jest.Mock) => report.mock.calls.map(([sent]: [unknown]) => sent);

  it('asks for a remoteEntry.js that failed once again, by another address, and the staff app loads', async () => {
    const container = fakeContainer('staff');
    const scripts = stubScripts((src) => (src === ENTRY ? 'fails' : { defines: 'staff', container }));

    const { loading, report } = load();
    await expect(loading).resolves.toEqual(staffApp);
    expect(scripts).toEqual([ENTRY, `${ENTRY}?retry=1`]);
    expect(reportsOf(report)).toEqual([{ remote: 'staff', entry: MANIFEST, outcome: 'loaded' }]);
  });

  it("tells the server of the staff remote's load, once, as the public shell tells of its remotes", async () => {
    server.use(http.post(REMOTE_LOAD_REPORT_PATH, () => HttpResponse.json({ counted: true }, { status: 202 })));
    stubScripts(() => ({ defines: 'staff', container: fakeContainer('staff') }));

    await expect(loadStaffApp(document, runtime())).resolves.toEqual(staffApp);
    await expect(requestsSentWithBodies()).resolves.toContainEqual({
      request: `POST ${REMOTE_LOAD_REPORT_PATH}`,
      // with the tab's session id (kept in sessionStorage), by which the server counts a visitor once
      body: {
        remote: 'staff',
        entry: MANIFEST,
        outcome: 'loaded',
        session: sessionStorage.getItem(LOAD_REPORT_SESSION_KEY),
      },
    });
    expect(sessionStorage.getItem(LOAD_REPORT_SESSION_KEY)).toMatch(/^[0-9a-f]{32}$/);
    expect((await requestsSentWithBodies()).filter(({ request }) => request.startsWith('POST'))).toHaveLength(1);
  });

  it('loads the staff app once more when its module failed once', async () => {
    const container = fakeContainer('staff');
    container.get.mockRejectedValueOnce(new Error('Loading chunk 12 failed.'));
    const scripts = stubScripts(() => ({ defines: 'staff', container }));

    const { loading, report } = load();
    await expect(loading).resolves.toEqual(staffApp);
    expect(container.get.mock.calls).toEqual([[STAFF_APP_MODULE], [STAFF_APP_MODULE]]);
    expect(scripts).toEqual([ENTRY, `${ENTRY}?retry=1`]);
    expect(reportsOf(report)).toEqual([{ remote: 'staff', entry: MANIFEST, outcome: 'loaded' }]);
  });

  describe('on the canary', () => {
    const CANARY_MANIFEST = 'http://localhost/remotes/staff/canary/mf-manifest.json';
    const CANARY_ENTRY = 'http://localhost/remotes/staff/canary/remoteEntry.js';

    beforeEach(() => {
      map.textContent = JSON.stringify({
        remotes: [
          {
            name: 'staff',
            entry: '/remotes/staff/canary/mf-manifest.json',
            fallback: '/remotes/staff/mf-manifest.json',
          },
        ],
      });
      server.use(http.get(CANARY_MANIFEST, () => HttpResponse.json(manifest('staff'))));
      document.cookie = `${CANARY_FAILED_COOKIE}=; Max-Age=0; Path=/`;
    });

    it("loads the canary when it works, sets no cookie and reports the canary's load", async () => {
      const scripts = stubScripts(() => ({ defines: 'staff', container: fakeContainer('staff') }));
      const { loading, report } = load();
      await expect(loading).resolves.toEqual(staffApp);
      expect(scripts).toEqual([CANARY_ENTRY]);
      expect(document.cookie).not.toContain(CANARY_FAILED_COOKIE);
      expect(reportsOf(report)).toEqual([{ remote: 'staff', entry: CANARY_MANIFEST, outcome: 'loaded' }]);
    });

    it('a canary whose remoteEntry.js fails twice: the stable build loads, the cookie names the staff remote, both are reported', async () => {
      const container = fakeContainer('staff');
      const scripts = stubScripts((src) => (src.startsWith(CANARY_ENTRY) ? 'fails' : { defines: 'staff', container }));
      const { loading, report } = load();
      await expect(loading).resolves.toEqual(staffApp);
      expect(scripts).toEqual([CANARY_ENTRY, `${CANARY_ENTRY}?retry=1`, ENTRY]);
      expect(document.cookie).toContain(`${CANARY_FAILED_COOKIE}=staff`);
      expect(reportsOf(report)).toEqual([
        { remote: 'staff', entry: CANARY_MANIFEST, outcome: 'failed', kind: 'entry' },
        { remote: 'staff', entry: MANIFEST, outcome: 'loaded' },
      ]);
    });

    it('a canary whose container throws in init: the stable build, the failure reported (as the shell reports it)', async () => {
      const broken = fakeContainer('staff');
      broken.init.mockRejectedValue(new Error('canary init threw'));
      const stable = fakeContainer('staff');
      stubScripts((src) => ({ defines: 'staff', container: src.startsWith(CANARY_ENTRY) ? broken : stable }));
      const { loading, report } = load();
      await expect(loading).resolves.toEqual(staffApp);
      expect(stable.get.mock.calls).toEqual([[STAFF_APP_MODULE]]);
      expect(reportsOf(report)).toEqual([
        { remote: 'staff', entry: CANARY_MANIFEST, outcome: 'failed', kind: 'module' },
        { remote: 'staff', entry: MANIFEST, outcome: 'loaded' },
      ]);
    });

    it("a canary whose manifest is gone: the stable build, the failure reported as the manifest's", async () => {
      server.use(http.get(CANARY_MANIFEST, () => new HttpResponse(null, { status: 404 })));
      stubScripts(() => ({ defines: 'staff', container: fakeContainer('staff') }));
      const { loading, report } = load();
      await expect(loading).resolves.toEqual(staffApp);
      expect(reportsOf(report)).toEqual([
        { remote: 'staff', entry: CANARY_MANIFEST, outcome: 'failed', kind: 'manifest' },
        { remote: 'staff', entry: MANIFEST, outcome: 'loaded' },
      ]);
    });
  });

  it('fails after the second try, without a third, and reports the failure', async () => {
    const scripts = stubScripts(() => 'fails');

    const { loading, report } = load();
    await expect(loading).rejects.toThrow();
    expect(scripts).toEqual([ENTRY, `${ENTRY}?retry=1`]);
    expect(reportsOf(report)).toEqual([{ remote: 'staff', entry: MANIFEST, outcome: 'failed', kind: 'entry' }]);
  });
});
