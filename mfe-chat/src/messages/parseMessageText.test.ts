import { isSiteRoute, parseMessageText } from './parseMessageText';

describe('parseMessageText', () => {
  it('keeps plain text as one text segment', () => {
    expect(parseMessageText('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
    expect(parseMessageText('')).toEqual([]);
  });

  it('turns [text](path) into a link for the site routes', () => {
    expect(parseMessageText('See [Cable Glands](/our-products/industrial_cable_glands) now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'Cable Glands', to: '/our-products/industrial_cable_glands' },
      { kind: 'text', text: ' now' },
    ]);
    expect(parseMessageText('[A](/our-products/cables/oc_cu_xlpe_swa_pvc_cable)')).toEqual([
      { kind: 'link', text: 'A', to: '/our-products/cables/oc_cu_xlpe_swa_pvc_cable' },
    ]);
    expect(parseMessageText('[Contact Us](/contact-us) · [Home](/home)').filter((s) => s.kind === 'link')).toHaveLength(
      2,
    );
  });

  it('turns **bold** into bold, keeping line breaks in the text', () => {
    expect(parseMessageText('Call **+971 4 347 1100**\nor write')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'bold', text: '+971 4 347 1100' },
      { kind: 'text', text: '\nor write' },
    ]);
  });

  it.each([
    ['an external site', '[Click](https://evil.example/phish)'],
    ['a protocol-relative address', '[Click](//evil.example)'],
    ['a javascript: link', '[Click](javascript:alert(1))'],
    ['a javascript: link without parentheses', '[Click](javascript:alert`1`)'],
    ['a data: link', '[Click](data:text/html;base64,PHNjcmlwdD4=)'],
    ['an unknown page', '[Click](/admin)'],
    ['a path with dots', '[Click](/our-products/../admin)'],
    ['a query string', '[Click](/home?next=https://evil.example)'],
    ['too deep a catalogue path', '[Click](/our-products/a/b/c)'],
  ])('never makes a link to %s', (_name, message) => {
    const segments = parseMessageText(message);
    expect(segments.some((s) => s.kind === 'link')).toBe(false);
    expect(segments.map((s) => s.text).join('')).not.toMatch(/^$/);
  });

  it('keeps HTML as text: nothing is interpreted', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(parseMessageText(payload)).toEqual([{ kind: 'text', text: payload }]);
  });

  it('does not nest or leave half-open markup', () => {
    expect(parseMessageText('**not closed and [no link](')).toEqual([
      { kind: 'text', text: '**not closed and [no link](' },
    ]);
  });
});

describe('isSiteRoute', () => {
  it('accepts the menu pages and the catalogue paths only', () => {
    for (const path of [
      '/home',
      '/about',
      '/management',
      '/certificates',
      '/our-products',
      '/our-projects',
      '/career-opportunities',
      '/contact-us',
    ]) {
      expect(isSiteRoute(path)).toBe(true);
    }
    expect(isSiteRoute('/our-products/Resin_Jointing_Kits')).toBe(true);
    for (const path of ['', '/', 'home', '/home/', 'https://example.com', '/uploads/x.pdf', '/our-products/a b']) {
      expect(isSiteRoute(path)).toBe(false);
    }
  });
});

describe('links to the Arabic edition', () => {
  it('accepts the Arabic pages of the site as links', () => {
    expect(parseMessageText('انظر [جلب الكابلات الصناعية](/ar/our-products/industrial_cable_glands)')).toEqual([
      { kind: 'text', text: 'انظر ' },
      { kind: 'link', text: 'جلب الكابلات الصناعية', to: '/ar/our-products/industrial_cable_glands' },
    ]);
    for (const path of [
      '/ar/home',
      '/ar/contact-us',
      '/ar/our-products',
      '/ar/our-products/cables/oc_cu_xlpe_swa_pvc_cable',
    ]) {
      expect(isSiteRoute(path)).toBe(true);
    }
  });

  it('refuses what is not an Arabic page of the site', () => {
    for (const path of [
      '/ar',
      '/ar/',
      '/ar/admin',
      '/ar/ar/home',
      '/arabic/home',
      '/ar/our-products/a/b/c',
      '/ar/home?x=1',
      '/ar/../admin',
    ]) {
      expect(isSiteRoute(path)).toBe(false);
    }
  });
});
