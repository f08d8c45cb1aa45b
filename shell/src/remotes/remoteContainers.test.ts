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

describe('loadExposedModule', () => {
  const shareScope = { react: {} };
  let scriptsAdded: string[];
  let container: RemoteContainer & { init: jest.Mock; get: jest.Mock };
  const globals = globalThis as unknown as Record<string, unknown>;

  beforeEach(() => {
    scriptsAdded = [];
    container = { init: jest.fn(), get: jest.fn(async (name: string) => () => ({ loaded: name })) };
    globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
    globals.__webpack_share_scopes__ = { default: shareScope };
    globals.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => manifest({ name: 'remoteEntry.js' }, 'contact') }));
    // jsdom does not run scripts: "running" remoteEntry.js defines the container's global, as the real file does.
    jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const script = node as unknown as HTMLScriptElement;
      scriptsAdded.push(script.src);
      queueMicrotask(() => {
        globals.contact = container;
        script.onload?.(new Event('load'));
      });
      return node;
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    delete globals.contact;
  });

  it('loads the entry the manifest names, gives it the share scope once, and evaluates the exposed module', async () => {
    const first = await loadExposedModule('contact', 'http://localhost/remotes/contact/mf-manifest.json', './ContactPage');
    const second = await loadExposedModule('contact', 'http://localhost/remotes/contact/mf-manifest.json', './OtherPage');
    expect(first).toEqual({ loaded: './ContactPage' });
    expect(second).toEqual({ loaded: './OtherPage' });
    expect(scriptsAdded).toEqual(['http://localhost/remotes/contact/remoteEntry.js']);
    expect(container.init).toHaveBeenCalledTimes(1);
    expect(container.init).toHaveBeenCalledWith(shareScope);
  });
});

describe('loadExposedModule after a failure', () => {
  const globals = globalThis as unknown as Record<string, unknown>;
  afterEach(() => {
    jest.restoreAllMocks();
    delete globals.company;
    delete globals.chat;
  });

  it('asks the network twice for a file before giving up, and forgets a remote that could not be loaded', async () => {
    const container = { init: jest.fn(), get: jest.fn(async () => () => ({ page: 'home' })) };
    globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
    globals.__webpack_share_scopes__ = { default: {} };
    let attempts = 0;
    jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const script = node as unknown as HTMLScriptElement;
      attempts += 1;
      const fails = attempts <= 2;
      queueMicrotask(() => {
        if (fails) script.onerror?.(new Event('error'));
        else {
          globals.company = container;
          script.onload?.(new Event('load'));
        }
      });
      return node;
    });
    const entry = 'http://localhost/remotes/company/remoteEntry.js';
    await expect(loadExposedModule('company', entry, './HomePage')).rejects.toThrow(`${entry} could not be loaded.`);
    expect(attempts).toBe(2);
    await expect(loadExposedModule('company', entry, './HomePage')).resolves.toEqual({ page: 'home' });
    expect(attempts).toBe(3);
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
    globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
    globals.__webpack_share_scopes__ = { default: {} };
    jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      queueMicrotask(() => {
        globals.chat = container;
        (node as unknown as HTMLScriptElement).onload?.(new Event('load'));
      });
      return node;
    });
    await expect(loadExposedModule('chat', 'http://localhost/remotes/chat/remoteEntry.js', './ChatWidget')).resolves.toEqual({
      page: 'chat',
    });
    expect(gets).toBe(2);
  });

  it('says so when the script ran but defined no container', async () => {
    globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
    jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      queueMicrotask(() => (node as unknown as HTMLScriptElement).onload?.(new Event('load')));
      return node;
    });
    await expect(loadExposedModule('catalogue', 'http://localhost/remotes/catalogue/remoteEntry.js', './SearchModal')).rejects.toThrow(
      'did not define the container "catalogue"',
    );
  });
});
