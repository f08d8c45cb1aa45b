// Rich text that tries to run script, restyle the page or smuggle markup past a sanitiser, each with what must not
// survive its cleaning; every one also holds the word 'Safe', which must.
/** Tried by catalogue/richText.test.ts and through the editor and the import (catalogueRichText.test.ts). */
export const RICH_TEXT_ATTACKS: readonly { html: string; banned: RegExp }[] = [
  { html: '<p>Safe</p><script>alert(1)</script>', banned: /<script|alert/i },
  { html: '<p>Safe<img src=x onerror=alert(2)></p>', banned: /<img|onerror|alert/i },
  { html: '<p><a href="javascript:alert(3)">Safe</a></p>', banned: /javascript:|alert/i },
  { html: '<p><a href=" JaVaScRiPt:alert(3)">Safe</a></p>', banned: /javascript:|alert/i },
  { html: '<p style="position:fixed;background:url(x)">Safe</p>', banned: /style|position/i },
  { html: '<style>body{display:none}</style><p>Safe</p>', banned: /<style|display/i },
  { html: '<p>Safe</p><svg><script>alert(4)</script></svg>', banned: /<svg|<script|alert/i },
  {
    html: '<p>Safe</p><math><mtext><table><mglyph><style><img src=x onerror=alert(5)>',
    banned: /<math|<mglyph|<style|<img|onerror|alert/i,
  },
  {
    html: '<p>Safe</p><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>',
    banned: /<iframe|<form|<input|evil/i,
  },
  { html: '<p onclick="alert(6)" class="x" data-x="1">Safe</p>', banned: /onclick|class=|data-x|alert/i },
];

/** What none of the attacks may leave in a page's HTML (which has scripts and styles of its own). */
export const ATTACK_MARKERS: readonly string[] = [
  'alert(',
  'onerror',
  'onclick',
  'javascript:',
  'position:fixed',
  'display:none}',
  '<mglyph',
  'evil.example',
  'data-x',
];
