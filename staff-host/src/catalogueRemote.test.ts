import { createInstance } from '@module-federation/enhanced/runtime';
import { http, HttpResponse } from 'msw';
import { fakeContainer, manifest, resetFederationGlobals, stubScripts } from '@test/federation';
import { server } from '@test/msw';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { PRODUCT_PREVIEW_MODULE } from '@site/contracts/product-preview';
import { productPreviewLoader } from './catalogueRemote';

describe("the catalogue's product preview on the staff page", () => {
  const MANIFEST = 'http://localhost/remotes/catalogue/mf-manifest.json';
  const ENTRY = 'http://localhost/remotes/catalogue/remoteEntry.js';
  let map: HTMLScriptElement;

  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    map = document.createElement('script');
    map.type = 'application/json';
    map.id = REMOTES_MAP_ELEMENT_ID;
    map.textContent = JSON.stringify({
      remotes: [
        { name: 'staff', entry: '/remotes/staff/mf-manifest.json' },
        { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
      ],
    });
    document.head.append(map);
    server.use(http.get(MANIFEST, () => HttpResponse.json(manifest('catalogue'))));
  });

  afterEach(() => {
    map.remove();
    resetFederationGlobals();
    jest.restoreAllMocks();
  });

  const runtime = createInstance({ name: 'staff-host-preview-test', remotes: [], shared: {} });

  it("registers the catalogue from the page's map only when asked, loads ./ProductPreview once and keeps it", async () => {
    const container = fakeContainer('catalogue');
    const scripts = stubScripts(() => ({ defines: 'catalogue', container }));
    const load = productPreviewLoader(document, runtime);
    expect(scripts).toEqual([]);
    await expect(load()).resolves.toEqual({ default: `catalogue module ${PRODUCT_PREVIEW_MODULE}` });
    await load();
    expect(scripts).toEqual([ENTRY]);
    expect(container.get.mock.calls).toEqual([[PRODUCT_PREVIEW_MODULE]]);
  });

  it('gives up after a second try, and tries again on the next call', async () => {
    const container = fakeContainer('catalogue');
    let down = true;
    const scripts = stubScripts(() => (down ? 'fails' : { defines: 'catalogue', container }));
    const load = productPreviewLoader(
      document,
      createInstance({ name: 'staff-host-preview-test-2', remotes: [], shared: {} }),
    );
    await expect(load()).rejects.toThrow();
    expect(scripts).toEqual([ENTRY, `${ENTRY}?retry=1`]);
    down = false;
    await expect(load()).resolves.toEqual({ default: `catalogue module ${PRODUCT_PREVIEW_MODULE}` });
  });
});
