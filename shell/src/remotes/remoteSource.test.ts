import { stubFetch, resetFederationGlobals } from '@test/federation';
import { isManifestUrl, resolveRemoteSource, sourceFromManifest } from './remoteSource';

const MANIFEST_URL = 'https://cdn.example.com/catalogue/1.4.0/mf-manifest.json';
const ENTRY_URL = 'https://cdn.example.com/catalogue/1.4.0/remoteEntry.js';
const manifestWith = (remoteEntry: object | undefined, globalName: unknown = 'catalogue') => ({
  metaData: { globalName, remoteEntry, publicPath: 'auto' },
});

afterEach(resetFederationGlobals);

describe('sourceFromManifest', () => {
  it('finds remoteEntry.js next to the manifest and names the global it defines', () => {
    expect(
      sourceFromManifest(manifestWith({ name: 'remoteEntry.js', path: '' }, 'site_catalogue'), MANIFEST_URL),
    ).toEqual({
      entry: ENTRY_URL,
      entryGlobalName: 'site_catalogue',
    });
    expect(sourceFromManifest(manifestWith({ name: 'remoteEntry.js' }), MANIFEST_URL).entry).toBe(ENTRY_URL);
  });

  it('follows the folder the manifest gives, however it is slashed', () => {
    for (const path of ['/entry/', 'entry', 'entry/', '/entry']) {
      expect(sourceFromManifest(manifestWith({ name: 'remoteEntry.js', path }), MANIFEST_URL).entry).toBe(
        'https://cdn.example.com/catalogue/1.4.0/entry/remoteEntry.js',
      );
    }
  });

  it('keeps a remoteEntry.js named with a hash, and resolves against a manifest URL with a query', () => {
    expect(
      sourceFromManifest(manifestWith({ name: 'remoteEntry.3f2a.js', path: '' }), `${MANIFEST_URL}?v=2`).entry,
    ).toBe('https://cdn.example.com/catalogue/1.4.0/remoteEntry.3f2a.js');
  });

  it('says which file is not a manifest, and what it lacks', () => {
    const notAManifest = `${MANIFEST_URL} is not a remote's manifest (no metaData.remoteEntry.name or metaData.globalName).`;
    expect(() => sourceFromManifest({ hello: 'world' }, MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest(null, MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest('<!doctype html>', MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest(manifestWith(undefined), MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest(manifestWith({ name: '' }), MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest(manifestWith({ name: 'remoteEntry.js' }, ''), MANIFEST_URL)).toThrow(notAManifest);
    expect(() => sourceFromManifest(manifestWith({ name: 'remoteEntry.js' }, 42), MANIFEST_URL)).toThrow(notAManifest);
  });
});

describe('isManifestUrl', () => {
  it('tells a manifest from a remoteEntry.js by the path, query and fragment aside', () => {
    expect(isManifestUrl(MANIFEST_URL)).toBe(true);
    expect(isManifestUrl(`${MANIFEST_URL}?v=2`)).toBe(true);
    expect(isManifestUrl(`${MANIFEST_URL}#top`)).toBe(true);
    expect(isManifestUrl(ENTRY_URL)).toBe(false);
    expect(isManifestUrl(`${ENTRY_URL}?v=2`)).toBe(false);
    expect(isManifestUrl(`${ENTRY_URL}?from=mf-manifest.json`)).toBe(false);
  });
});

describe('resolveRemoteSource', () => {
  it("uses a remoteEntry.js as is, with the remote's name as its global, without fetching anything", async () => {
    const fetchMock = stubFetch({});
    await expect(resolveRemoteSource('catalogue', ENTRY_URL)).resolves.toEqual({
      entry: ENTRY_URL,
      entryGlobalName: 'catalogue',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches a manifest and gives the remoteEntry.js and global it names', async () => {
    const fetchMock = stubFetch({
      [MANIFEST_URL]: manifestWith({ name: 'remoteEntry.js', path: '/entry/' }, 'site_catalogue'),
    });
    await expect(resolveRemoteSource('catalogue', MANIFEST_URL)).resolves.toEqual({
      entry: 'https://cdn.example.com/catalogue/1.4.0/entry/remoteEntry.js',
      entryGlobalName: 'site_catalogue',
    });
    expect(fetchMock.mock.calls).toEqual([[MANIFEST_URL]]);
  });

  it('says which manifest failed and how', async () => {
    const networkError = new TypeError('Failed to fetch');
    stubFetch({ [MANIFEST_URL]: [404, networkError, { hello: 'world' }] });
    await expect(resolveRemoteSource('catalogue', MANIFEST_URL)).rejects.toThrow(`${MANIFEST_URL} answered HTTP 404.`);
    await expect(resolveRemoteSource('catalogue', MANIFEST_URL)).rejects.toBe(networkError);
    await expect(resolveRemoteSource('catalogue', MANIFEST_URL)).rejects.toThrow(
      `${MANIFEST_URL} is not a remote's manifest`,
    );
  });
});
