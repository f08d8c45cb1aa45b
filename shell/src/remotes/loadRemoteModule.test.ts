import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { init } from '@module-federation/enhanced/runtime';
import { fakeContainer, manifest, resetFederationGlobals, stubFetch, stubScripts } from '@test/federation';
import { loadRemoteModule, RemoteUnavailableError, setKnownRemotes } from './loadRemoteModule';
import type { RemoteEntry } from './remotesMap';

// loadRemoteModule uses the runtime instance the shell's build plugin creates (getInstance()); here `init` makes it, as
// the build's startup code does. The instance and its plugin live for the whole file (as for a page): each test uses
// a remote of its own.

const entryOf = (remote: string) => `https://cdn.example.com/${remote}/remoteEntry.js`;
const manifestOf = (remote: string) => `https://cdn.example.com/${remote}/mf-manifest.json`;
const remotes: RemoteEntry[] = [
  { name: 'catalogue', entry: manifestOf('catalogue') },
  { name: 'company', entry: manifestOf('company') },
  { name: 'contact', entry: manifestOf('contact') },
];

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(resetFederationGlobals);

describe('without the federation runtime', () => {
  it('says the runtime is missing from the shell build', async () => {
    // Fresh copies of the runtime and of loadRemoteModule.ts: no instance was made in them (whatever ran before).
    let fresh: typeof import('./loadRemoteModule') | undefined;
    await jest.isolateModulesAsync(async () => {
      fresh = await import('./loadRemoteModule');
    });
    if (fresh === undefined) throw new Error('loadRemoteModule.ts was not loaded.');
    expect(() => fresh?.setKnownRemotes(remotes)).toThrow(
      'The Module Federation runtime is missing from the shell build.',
    );
    const loading = fresh.loadRemoteModule('catalogue', './SearchModal');
    await expect(loading).rejects.toBeInstanceOf(fresh.RemoteUnavailableError);
    await expect(loading).rejects.toThrow(
      'The catalogue module "./SearchModal" could not be loaded. The Module Federation runtime is missing from the shell build.',
    );
  });
});

describe('with the federation runtime', () => {
  beforeAll(() => {
    init({ name: 'shell', remotes: [] });
    setKnownRemotes(remotes);
  });

  it("loads an exposed module through the remotes map's registration", async () => {
    const fetchMock = stubFetch({ [manifestOf('catalogue')]: manifest('catalogue') });
    const container = fakeContainer('catalogue');
    const scripts = stubScripts(() => ({ defines: 'catalogue', container }));

    await expect(loadRemoteModule('catalogue', './SearchModal')).resolves.toEqual({
      default: 'catalogue module ./SearchModal',
    });
    await expect(loadRemoteModule('catalogue', 'CategoryListPage')).resolves.toEqual({
      default: 'catalogue module ./CategoryListPage',
    });
    // the manifest once, and the page's one report of the remote's load to the server
    expect(fetchMock.mock.calls.map(([url]: [string]) => url)).toEqual([
      manifestOf('catalogue'),
      REMOTE_LOAD_REPORT_PATH,
    ]);
    expect(scripts).toEqual([entryOf('catalogue')]);
    expect(container.get.mock.calls).toEqual([['./SearchModal'], ['./CategoryListPage']]);
  });

  it('passes on the RemoteUnavailableError of a remote that cannot be loaded as it is', async () => {
    stubFetch({ [manifestOf('contact')]: 503 });
    const loading = loadRemoteModule('contact', './ContactPage');
    await expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loading).rejects.toThrow(
      `The contact module "./ContactPage" could not be loaded. [ Federation Runtime ]: ${manifestOf('contact')} answered HTTP 503.`,
    );
  });

  it('reports a module that is nothing', async () => {
    stubFetch({ [manifestOf('company')]: manifest('company') });
    const container = fakeContainer('company');
    container.get.mockResolvedValue(() => undefined);
    stubScripts(() => ({ defines: 'company', container }));
    const loading = loadRemoteModule('company', './HomePage');
    await expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loading).rejects.toThrow(
      'The company module "./HomePage" could not be loaded. The remote returned nothing.',
    );
  });
});
