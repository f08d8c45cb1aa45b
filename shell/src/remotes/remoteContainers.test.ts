import { containerSourceFromManifest, isManifestUrl, loadExposedModule, type RemoteContainer } from './remoteContainers';

// The browser path (real remoteEntry.js files, webpack's share scope) is covered by the Playwright suites; here the
// loader's own decisions: which URL, which global, once per page, and a failed load tried again. Each test uses a
// remote name of its own: the loader keeps a page's containers for the page's life.

const MANIFEST_URL = 'https://cdn.example.com/chat/v2/mf-manifest.json';
const manifest = (remoteEntry: object, globalName = 'chat') => ({ metaData: { globalName, remoteEntry, publicPath: 'auto' } });

describe('containerSourceFromManifest', () => {
  it('finds remoteEntry.js next to the manifest and names its global', () => {
    expect(containerSourceFromManifest(manifest({ name: 'remoteEntry.js', path: '' }), MANIFEST_URL)).toEqual({
      scriptUrl: 'https://cdn.example.com/chat/v2/remoteEntry.js',
      globalName: 'chat',
    });
  });

  it('follows a sub-folder the manifest gives', () => {
    expect(containerSourceFromManifest(manifest({ name: 'remoteEntry.js', path: '/entry/' }), MANIFEST_URL).scriptUrl).toBe(
      'https://cdn.example.com/chat/v2/entry/remoteEntry.js',
    );
  });

  it('says which file is not a manifest', () => {
    expect(() => containerSourceFromManifest({ hello: 'world' }, MANIFEST_URL)).toThrow(`${MANIFEST_URL} is not a remote's manifest`);
    expect(() => containerSourceFromManifest(manifest({ name: 'remoteEntry.js' }, ''), MANIFEST_URL)).toThrow('metaData.globalName');
  });
});

describe('isManifestUrl', () => {
  it('tells a manifest from a remoteEntry.js, query strings aside', () => {
    expect(isManifestUrl('http://localhost:8080/remotes/chat/mf-manifest.json?v=2')).toBe(true);
    expect(isManifestUrl('http://localhost:8080/remotes/chat/remoteEntry.js')).toBe(false);
  });
});

const globals = globalThis as unknown as Record<string, unknown>;

/**
 * jsdom does not run scripts: each <script> the loader adds "runs" as `outcome` says, for the nth script added (1, 2...):
 * 'fails' fires its error event, a container defines the global `globalName` as the real remoteEntry.js does, and
 * 'defines nothing' just loads. Returns the URLs of the scripts added.
 */
function stubScripts(globalName: string, outcome: (attempt: number) => RemoteContainer | 'fails' | 'defines nothing'): string[] {
  const added: string[] = [];
  jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    added.push(script.src);
    const result = outcome(added.length);
    queueMicrotask(() => {
      if (result === 'fails') return script.onerror?.(new Event('error'));
      if (result !== 'defines nothing') globals[globalName] = result;
      script.onload?.(new Event('load'));
    });
    return node;
  });
  return added;
}

const shareScope = { react: {} };

beforeEach(() => {
  globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
  globals.__webpack_share_scopes__ = { default: shareScope };
});

afterEach(() => {
  jest.restoreAllMocks();
  for (const name of ['contact', 'company', 'chat', 'catalogue']) delete globals[name];
});

describe('loadExposedModule', () => {
  it('loads the entry the manifest names, gives it the share scope once, and evaluates the exposed module', async () => {
    const container = { init: jest.fn(), get: jest.fn(async (name: string) => () => ({ loaded: name })) };
    globals.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => manifest({ name: 'remoteEntry.js' }, 'contact') }));
    const scripts = stubScripts('contact', () => container);
    const first = await loadExposedModule('contact', 'http://localhost/remotes/contact/mf-manifest.json', './ContactPage');
    const second = await loadExposedModule('contact', 'http://localhost/remotes/contact/mf-manifest.json', './OtherPage');
    expect(first).toEqual({ loaded: './ContactPage' });
    expect(second).toEqual({ loaded: './OtherPage' });
    expect(scripts).toEqual(['http://localhost/remotes/contact/remoteEntry.js']);
    expect(container.init).toHaveBeenCalledTimes(1);
    expect(container.init).toHaveBeenCalledWith(shareScope);
  });

  it('asks the network twice for a file before giving up, and forgets a remote that could not be loaded', async () => {
    const container = { init: jest.fn(), get: jest.fn(async () => () => ({ page: 'home' })) };
    const scripts = stubScripts('company', (attempt) => (attempt <= 2 ? 'fails' : container));
    const entry = 'http://localhost/remotes/company/remoteEntry.js';
    await expect(loadExposedModule('company', entry, './HomePage')).rejects.toThrow(`${entry} could not be loaded.`);
    expect(scripts).toHaveLength(2);
    await expect(loadExposedModule('company', entry, './HomePage')).resolves.toEqual({ page: 'home' });
    expect(scripts).toHaveLength(3);
  });

  it('asks a container again for a module whose chunk failed once (a failed preload answers the first request)', async () => {
    let gets = 0;
    const container = {
      init: jest.fn(),
      get: jest.fn(async () => {
        gets += 1;
        if (gets === 1) throw new Error('Loading chunk 685 failed.');
        return () => ({ page: 'chat' });
      }),
    };
    stubScripts('chat', () => container);
    await expect(loadExposedModule('chat', 'http://localhost/remotes/chat/remoteEntry.js', './ChatWidget')).resolves.toEqual({ page: 'chat' });
    expect(gets).toBe(2);
  });

  it('says so when the script ran but defined no container', async () => {
    stubScripts('catalogue', () => 'defines nothing');
    await expect(loadExposedModule('catalogue', 'http://localhost/remotes/catalogue/remoteEntry.js', './SearchModal')).rejects.toThrow(
      'did not define the container "catalogue"',
    );
  });
});
