import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { parseRemotesMap, readInlineRemotesMap } from './remotesMap';

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

describe('readInlineRemotesMap', () => {
  const page = (html: string) =>
    new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');

  it('reads the map the server put into the page', () => {
    const doc = page(
      `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">{"remotes":[{"name":"company","entry":"/remotes/company/mf-manifest.json"}]}</script>`,
    );
    expect(readInlineRemotesMap(doc, 'http://localhost:8080/home')).toEqual([
      { name: 'company', entry: 'http://localhost:8080/remotes/company/mf-manifest.json' },
    ]);
  });

  it('is undefined without the block or when it is not JSON, so the shell fetches /remotes.json', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readInlineRemotesMap(page(''), 'http://localhost:8080/')).toBeUndefined();
    expect(
      readInlineRemotesMap(
        page(`<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">{oops</script>`),
        'http://localhost:8080/',
      ),
    ).toBeUndefined();
    expect(
      readInlineRemotesMap(page(`<div id="${REMOTES_MAP_ELEMENT_ID}">{"remotes":[]}</div>`), 'http://localhost:8080/'),
    ).toBeUndefined();
  });
});
