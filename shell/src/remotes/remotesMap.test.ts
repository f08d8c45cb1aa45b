import { parseRemotesMap } from './remotesMap';

describe('parseRemotesMap', () => {
  it('resolves relative entries against the page origin', () => {
    const remotes = parseRemotesMap(
      { remotes: [{ name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' }] },
      'http://localhost:8080/home',
    );
    expect(remotes).toEqual([{ name: 'catalogue', entry: 'http://localhost:8080/remotes/catalogue/mf-manifest.json' }]);
  });

  it('keeps absolute entries on other origins', () => {
    const remotes = parseRemotesMap(
      { remotes: [{ name: 'chat', entry: 'https://cdn.example.com/chat/v2/mf-manifest.json' }] },
      'http://localhost:8080/',
    );
    expect(remotes[0]?.entry).toBe('https://cdn.example.com/chat/v2/mf-manifest.json');
  });

  it('drops unknown remotes and malformed entries instead of failing the page', () => {
    const remotes = parseRemotesMap(
      { remotes: [{ name: 'evil', entry: '/x.json' }, { name: 'company' }, null, { name: 'contact', entry: 42 }] },
      'http://localhost:8080/',
    );
    expect(remotes).toEqual([]);
    expect(parseRemotesMap('not a map', 'http://localhost:8080/')).toEqual([]);
  });
});
