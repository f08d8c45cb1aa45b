import { ARABIC_FONT_COOKIE, arabicFontFingerprint } from '@site/contracts/arabic-font';
import { ARABIC_FONT_FILES } from './ArabicFont';
import { arabicFontCookie, cacheArabicFont } from './arabicFontCache';

/** A document whose cookie keeps the last value written, attributes included (to read what the shell sends). */
function documentOf({ marked = false, protocol = 'https:' } = {}) {
  return {
    cookie: '',
    location: { protocol },
    documentElement: { hasAttribute: (name: string) => marked && name === 'data-arabic-font' },
  } as unknown as Document;
}

/** A fetch whose answers are `ok` per call (in order), recording what was asked and which bodies were read. */
function fetchOf(...ok: boolean[]) {
  const read: string[] = [];
  let calls = 0;
  const fetchFile = jest.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const index = calls;
    calls += 1;
    const arrayBuffer = async () => {
      read.push(url);
      return new ArrayBuffer(8);
    };
    return { ok: ok[index] ?? true, arrayBuffer } as unknown as Response;
  });
  return { fetchFile, read };
}

// (in jest both are tools/jest/file-stub.cjs's stand-in; arabic-font.spec.ts checks the real ones, and that the server
// takes the cookie this sets)
const URLS = Object.values(ARABIC_FONT_FILES);

describe('cacheArabicFont', () => {
  it('fetches both font files at low priority, reads them whole, then sets the cookie to their fingerprint for a year', async () => {
    const doc = documentOf();
    const { fetchFile, read } = fetchOf(true, true);
    await expect(cacheArabicFont(doc, fetchFile)).resolves.toBe(true);
    expect(fetchFile.mock.calls).toEqual(URLS.map((url) => [url, { priority: 'low' }]));
    expect(read.sort()).toEqual([...URLS].sort());
    expect(doc.cookie).toBe(
      `${ARABIC_FONT_COOKIE}=${arabicFontFingerprint(URLS)}; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    );
  });

  it('is not Secure on http (a local server)', async () => {
    const doc = documentOf({ protocol: 'http:' });
    await cacheArabicFont(doc, fetchOf(true, true).fetchFile);
    expect(doc.cookie).toBe(arabicFontCookie(arabicFontFingerprint(URLS), false));
    expect(doc.cookie).not.toContain('Secure');
  });

  it('sets nothing when a file did not arrive (an error answer or a failed request): a later page tries again', async () => {
    const failed = documentOf();
    await expect(cacheArabicFont(failed, fetchOf(true, false).fetchFile)).resolves.toBe(false);
    expect(failed.cookie).toBe('');
    const offline = documentOf();
    await expect(
      cacheArabicFont(
        offline,
        jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      ),
    ).resolves.toBe(false);
    expect(offline.cookie).toBe('');
  });

  it('does nothing on a page the server marked (its cookie is current)', async () => {
    const doc = documentOf({ marked: true });
    const { fetchFile } = fetchOf();
    await expect(cacheArabicFont(doc, fetchFile)).resolves.toBe(false);
    expect(fetchFile).not.toHaveBeenCalled();
    expect(doc.cookie).toBe('');
  });
});
