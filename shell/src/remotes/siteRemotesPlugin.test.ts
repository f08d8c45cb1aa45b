import { createInstance } from '@module-federation/enhanced/runtime';
import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';
import { canaryFailures } from './canaryCookie';
import {
  fakeContainer,
  manifest,
  resetFederationGlobals,
  stubFetch,
  stubScripts,
  type FakeContainer,
} from '@test/federation';
import type { RemoteEntry } from './remotesMap';
import { RemoteUnavailableError, siteRemotesPlugin, splitRequestId } from './siteRemotesPlugin';

// The plugin in the real federation runtime (createInstance, loadRemote): only the manifests' fetch and the running of
// remoteEntry.js are stubbed (tools/jest/federation.ts). Each assertion is about what a visitor gets: the module, the
// error, and which files were asked for.

const CDN = 'https://cdn.example.com/catalogue';
const STABLE_MANIFEST = `${CDN}/1.4.0/mf-manifest.json`;
const STABLE_ENTRY = `${CDN}/1.4.0/remoteEntry.js`;
const CANARY_MANIFEST = `${CDN}/1.5.0/mf-manifest.json`;
const CANARY_ENTRY = `${CDN}/1.5.0/remoteEntry.js`;
const retryOf = (url: string) => `${url}?retry=1`;

const stableMap: RemoteEntry[] = [{ name: 'catalogue', entry: STABLE_MANIFEST }];
const canaryMap: RemoteEntry[] = [{ name: 'catalogue', entry: CANARY_MANIFEST, fallback: STABLE_MANIFEST }];

function federation(remotes: readonly RemoteEntry[], onCanaryFailed = jest.fn()) {
  const onReport = jest.fn();
  const instance = createInstance({
    name: 'test-host',
    remotes: [],
    shared: {},
    plugins: [siteRemotesPlugin(remotes, { onCanaryFailed, onReport })],
  });
  return { instance, onCanaryFailed, onReport };
}

/** Scripts: `up(src)` says whether the file at src (query aside) runs and defines `container` as `catalogue`. */
function catalogueScripts(container: FakeContainer, up: (file: string, attempt: number) => boolean): string[] {
  return stubScripts((src, attempt) =>
    up(src.replace(/\?.*$/, ''), attempt) ? { defines: 'catalogue', container } : 'fails',
  );
}

const searchModal = { default: 'catalogue module ./SearchModal' };

beforeEach(() => {
  // The runtime warns of each failure it handles (and the plugin of a replaced canary): expected here.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(resetFederationGlobals);

describe('splitRequestId', () => {
  it('splits a request into the remote and the module path it exposes', () => {
    expect(splitRequestId('catalogue/ProductDetailsPage')).toEqual({
      remote: 'catalogue',
      modulePath: './ProductDetailsPage',
    });
    expect(splitRequestId('catalogue/pages/Home')).toEqual({ remote: 'catalogue', modulePath: './pages/Home' });
    expect(splitRequestId('catalogue')).toEqual({ remote: 'catalogue', modulePath: '.' });
  });
});

describe('registration from the remotes map', () => {
  it("fetches a remote's manifest on first use and runs the remoteEntry.js it names, under the global it names", async () => {
    const fetchMock = stubFetch({ [STABLE_MANIFEST]: manifest('site_catalogue', '/entry/') });
    const container = fakeContainer('catalogue');
    const scripts = stubScripts(() => ({ defines: 'site_catalogue', container }));
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(fetchMock.mock.calls).toEqual([[STABLE_MANIFEST]]);
    expect(scripts).toEqual([`${CDN}/1.4.0/entry/remoteEntry.js`]);

    // Another module of the same remote: no manifest, no script, the container is not initialised again.
    await expect(instance.loadRemote('catalogue/ProductDetailsPage')).resolves.toEqual({
      default: 'catalogue module ./ProductDetailsPage',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(scripts).toHaveLength(1);
    expect(container.init).toHaveBeenCalledTimes(1);
    expect(container.get.mock.calls).toEqual([['./SearchModal'], ['./ProductDetailsPage']]);
  });

  it('registers a remote once when two of its modules are asked for at the same time', async () => {
    const fetchMock = stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    const scripts = stubScripts(() => ({ defines: 'catalogue', container: fakeContainer('catalogue') }));
    const { instance } = federation(stableMap);

    await expect(
      Promise.all([instance.loadRemote('catalogue/SearchModal'), instance.loadRemote('catalogue/CategoryListPage')]),
    ).resolves.toEqual([searchModal, { default: 'catalogue module ./CategoryListPage' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(scripts).toEqual([STABLE_ENTRY]);
  });

  it('uses a remoteEntry.js the map names as is, under the remote’s name, without fetching anything', async () => {
    const fetchMock = stubFetch({});
    const scripts = stubScripts(() => ({ defines: 'catalogue', container: fakeContainer('catalogue') }));
    const { instance } = federation([{ name: 'catalogue', entry: STABLE_ENTRY }]);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(scripts).toEqual([STABLE_ENTRY]);
  });

  it('says so when the remote is not in the remotes map, asking for nothing', async () => {
    const fetchMock = stubFetch({});
    const scripts = stubScripts(() => 'fails');
    const { instance } = federation(stableMap);

    const loading = instance.loadRemote('chat/ChatWidget');
    await expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loading).rejects.toMatchObject({ remote: 'chat', modulePath: './ChatWidget' });
    await expect(loading).rejects.toThrow('The chat module "./ChatWidget" could not be loaded.');
    await expect(loading).rejects.toThrow('"chat" is not in the remotes map.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(scripts).toEqual([]);
  });
});

describe('second tries', () => {
  it('asks for a remoteEntry.js that failed once again, by another URL, and the module loads', async () => {
    stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    const container = fakeContainer('catalogue');
    const scripts = stubScripts((src) => (src === STABLE_ENTRY ? 'fails' : { defines: 'catalogue', container }));
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts).toEqual([STABLE_ENTRY, retryOf(STABLE_ENTRY)]);
  });

  it('asks the container again for a module whose chunk failed once', async () => {
    const fetchMock = stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    const container = fakeContainer('catalogue');
    container.get.mockRejectedValueOnce(new Error('Loading chunk 685 failed.'));
    const scripts = catalogueScripts(container, () => true);
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(container.get.mock.calls).toEqual([['./SearchModal'], ['./SearchModal']]);
    expect(scripts).toEqual([STABLE_ENTRY]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks the container again only once the failed try's other chunks have finished loading", async () => {
    stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    const container = fakeContainer('catalogue');
    // As webpack does when the page's preloads of both chunks failed: the first chunk fails at once while the second
    // is still loading (its <script data-webpack> in the head) and fails a moment later; a request for a chunk still
    // loading is given that load, so a second try made before it ended would fail with it.
    const secondChunk = document.createElement('script');
    secondChunk.setAttribute('data-webpack', 'catalogue:chunk-685');
    container.get
      .mockImplementationOnce(async () => {
        document.head.append(secondChunk);
        setTimeout(() => secondChunk.remove(), 20);
        throw new Error('Loading chunk 351 failed.');
      })
      .mockImplementationOnce(async (expose) => {
        if (secondChunk.isConnected) throw new Error('Loading chunk 685 failed.');
        return () => ({ default: `catalogue module ${expose}` });
      });
    catalogueScripts(container, () => true);
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(container.get).toHaveBeenCalledTimes(2);
  });

  it('asks for a manifest that failed once again', async () => {
    const fetchMock = stubFetch({ [STABLE_MANIFEST]: [new TypeError('Failed to fetch'), manifest('catalogue')] });
    const scripts = catalogueScripts(fakeContainer('catalogue'), () => true);
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(fetchMock.mock.calls).toEqual([[STABLE_MANIFEST], [STABLE_MANIFEST]]);
    expect(scripts).toEqual([STABLE_ENTRY]);
  });

  it('reports a remoteEntry.js that keeps failing as RemoteUnavailableError, and uses the remote once it is back', async () => {
    stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    let up = false;
    const scripts = catalogueScripts(fakeContainer('catalogue'), () => up);
    const { instance } = federation(stableMap);

    const loading = instance.loadRemote('catalogue/SearchModal');
    await expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loading).rejects.toMatchObject({ remote: 'catalogue', modulePath: './SearchModal' });
    await expect(loading).rejects.toThrow('The catalogue module "./SearchModal" could not be loaded.');
    await expect(loading).rejects.toThrow(STABLE_ENTRY);
    // Each of the two tries of the module asks for the file and for its retry URL.
    expect(scripts).toEqual([STABLE_ENTRY, retryOf(STABLE_ENTRY), STABLE_ENTRY, retryOf(STABLE_ENTRY)]);

    // The next navigation: the failure was not kept.
    up = true;
    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts.slice(4)).toEqual([STABLE_ENTRY]);
  });

  it('reports a manifest that keeps failing as RemoteUnavailableError, and registers the remote once it is back', async () => {
    const fetchMock = stubFetch({ [STABLE_MANIFEST]: [503, 503, manifest('catalogue')] });
    const scripts = catalogueScripts(fakeContainer('catalogue'), () => true);
    const { instance } = federation(stableMap);

    const loading = instance.loadRemote('catalogue/SearchModal');
    await expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loading).rejects.toThrow('The catalogue module "./SearchModal" could not be loaded.');
    await expect(loading).rejects.toThrow(`${STABLE_MANIFEST} answered HTTP 503.`);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(scripts).toEqual([]);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(scripts).toEqual([STABLE_ENTRY]);
  });

  it('reports a module that keeps failing in the container as RemoteUnavailableError, and loads it later', async () => {
    stubFetch({ [STABLE_MANIFEST]: manifest('catalogue') });
    const container = fakeContainer('catalogue');
    container.get
      .mockRejectedValueOnce(new Error('Loading chunk 685 failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk 685 failed.'));
    catalogueScripts(container, () => true);
    const { instance } = federation(stableMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).rejects.toThrow(
      'The catalogue module "./SearchModal" could not be loaded. Loading chunk 685 failed.',
    );
    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(container.get).toHaveBeenCalledTimes(3);
  });
});

describe('canary builds', () => {
  it('uses the stable build when the canary manifest cannot be fetched, and says so once', async () => {
    const manifestError = new TypeError('Failed to fetch');
    const fetchMock = stubFetch({ [CANARY_MANIFEST]: manifestError, [STABLE_MANIFEST]: manifest('catalogue') });
    const scripts = catalogueScripts(fakeContainer('catalogue'), (file) => file === STABLE_ENTRY);
    const { instance, onCanaryFailed } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    await expect(instance.loadRemote('catalogue/CategoryListPage')).resolves.toEqual({
      default: 'catalogue module ./CategoryListPage',
    });
    expect(fetchMock.mock.calls).toEqual([[CANARY_MANIFEST], [STABLE_MANIFEST]]);
    expect(scripts).toEqual([STABLE_ENTRY]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
    expect(onCanaryFailed).toHaveBeenCalledWith('catalogue', manifestError);
  });

  it("uses the stable build when the canary's remoteEntry.js fails twice, and says so once", async () => {
    const fetchMock = stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    const scripts = catalogueScripts(fakeContainer('catalogue'), (file) => file === STABLE_ENTRY);
    const { instance, onCanaryFailed } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts).toEqual([CANARY_ENTRY, retryOf(CANARY_ENTRY), STABLE_ENTRY]);
    expect(fetchMock.mock.calls).toEqual([[CANARY_MANIFEST], [STABLE_MANIFEST]]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
    expect(onCanaryFailed).toHaveBeenCalledWith(
      'catalogue',
      expect.objectContaining({ message: expect.stringContaining(retryOf(CANARY_ENTRY)) }),
    );

    // The page stays on the stable build.
    await expect(instance.loadRemote('catalogue/CategoryListPage')).resolves.toEqual({
      default: 'catalogue module ./CategoryListPage',
    });
    expect(scripts).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
  });

  it("keeps to the stable build when the canary's remoteEntry.js fails and the stable one fails once", async () => {
    stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    const scripts = catalogueScripts(
      fakeContainer('catalogue'),
      (file, attempt) => file === STABLE_ENTRY && attempt > 1,
    );
    const { instance, onCanaryFailed } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts).toEqual([CANARY_ENTRY, retryOf(CANARY_ENTRY), STABLE_ENTRY, STABLE_ENTRY]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
  });

  it("keeps to the stable build when the canary's remoteEntry.js fails and the stable manifest fails once", async () => {
    const fetchMock = stubFetch({
      [CANARY_MANIFEST]: manifest('catalogue'),
      [STABLE_MANIFEST]: [503, manifest('catalogue')],
    });
    const scripts = catalogueScripts(fakeContainer('catalogue'), (file) => file === STABLE_ENTRY);
    const { instance, onCanaryFailed } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts).toEqual([CANARY_ENTRY, retryOf(CANARY_ENTRY), STABLE_ENTRY]);
    expect(fetchMock.mock.calls).toEqual([[CANARY_MANIFEST], [STABLE_MANIFEST], [STABLE_MANIFEST]]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
  });

  it('keeps to the stable build after it failed too, and uses it once it is back', async () => {
    stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    let stableUp = false;
    const scripts = catalogueScripts(fakeContainer('catalogue'), (file) => file === STABLE_ENTRY && stableUp);
    const { instance, onCanaryFailed } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).rejects.toThrow(
      'The catalogue module "./SearchModal" could not be loaded.',
    );
    // The module's second try asks for the stable build again, not for the canary.
    expect(scripts).toEqual([CANARY_ENTRY, retryOf(CANARY_ENTRY), STABLE_ENTRY, STABLE_ENTRY, retryOf(STABLE_ENTRY)]);

    // The next navigation, once the stable build is back.
    stableUp = true;
    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts.slice(5)).toEqual([STABLE_ENTRY]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
  });

  it("uses the stable build when the canary's remoteEntry.js downloads and throws as it runs, and reports both", async () => {
    stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    // a script that throws as it runs still fires "load", with no container defined
    const scripts = stubScripts((src) =>
      src === CANARY_ENTRY
        ? { defines: 'nothing_defined', container: fakeContainer('catalogue') }
        : { defines: 'catalogue', container: fakeContainer('catalogue') },
    );
    const { instance, onCanaryFailed, onReport } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    await expect(instance.loadRemote('catalogue/CategoryListPage')).resolves.toEqual({
      default: 'catalogue module ./CategoryListPage',
    });
    expect(scripts).toEqual([CANARY_ENTRY, STABLE_ENTRY]);
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
    expect(onReport.mock.calls).toEqual([
      [{ remote: 'catalogue', entry: CANARY_MANIFEST, outcome: 'failed', kind: 'entry' }],
      [{ remote: 'catalogue', entry: STABLE_MANIFEST, outcome: 'loaded' }],
    ]);
  });

  it("uses the stable build when the canary's container throws in init", async () => {
    stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    const broken = fakeContainer('catalogue');
    broken.init.mockRejectedValue(new Error('init exploded'));
    const stable = fakeContainer('catalogue');
    const scripts = stubScripts((src) => ({ defines: 'catalogue', container: src === CANARY_ENTRY ? broken : stable }));
    const { instance, onCanaryFailed, onReport } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(scripts).toEqual([CANARY_ENTRY, STABLE_ENTRY]);
    expect(stable.get).toHaveBeenCalledWith('./SearchModal');
    expect(onCanaryFailed).toHaveBeenCalledTimes(1);
    expect(
      onReport.mock.calls.map(([report]: [{ entry: string; outcome: string }]) => `${report.entry} ${report.outcome}`),
    ).toEqual([`${CANARY_MANIFEST} failed`, `${STABLE_MANIFEST} loaded`]);
  });

  it('never asks for the stable build while the canary works', async () => {
    const fetchMock = stubFetch({ [CANARY_MANIFEST]: manifest('catalogue'), [STABLE_MANIFEST]: manifest('catalogue') });
    const scripts = catalogueScripts(fakeContainer('catalogue'), (file) => file === CANARY_ENTRY);
    const { instance, onCanaryFailed, onReport } = federation(canaryMap);

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    await expect(instance.loadRemote('catalogue/CategoryListPage')).resolves.toEqual({
      default: 'catalogue module ./CategoryListPage',
    });
    expect(fetchMock.mock.calls).toEqual([[CANARY_MANIFEST]]);
    expect(scripts).toEqual([CANARY_ENTRY]);
    expect(onCanaryFailed).not.toHaveBeenCalled();
    // one report of the page's loads of the remote, not one per module
    expect(onReport.mock.calls).toEqual([[{ remote: 'catalogue', entry: CANARY_MANIFEST, outcome: 'loaded' }]]);
  });

  it('by default tells the server through the cookie, and warns', async () => {
    document.cookie = `${CANARY_FAILED_COOKIE}=; Max-Age=0; Path=/`;
    stubFetch({ [CANARY_MANIFEST]: 503, [STABLE_MANIFEST]: manifest('catalogue') });
    catalogueScripts(fakeContainer('catalogue'), (file) => file === STABLE_ENTRY);
    const instance = createInstance({
      name: 'test-host',
      remotes: [],
      shared: {},
      plugins: [siteRemotesPlugin(canaryMap)],
    });

    await expect(instance.loadRemote('catalogue/SearchModal')).resolves.toEqual(searchModal);
    expect(canaryFailures(document.cookie)).toEqual(['catalogue']);
    expect(console.warn).toHaveBeenCalledWith(
      'The canary build of "catalogue" could not be loaded; the stable build is used.',
      expect.any(Error),
    );
    document.cookie = `${CANARY_FAILED_COOKIE}=; Max-Age=0; Path=/`;
  });
});
