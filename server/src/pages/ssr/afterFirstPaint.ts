// On a page whose first view the server rendered, the scripts start after the browser has painted it.
//
// Why: the visitor sees the page from the HTML alone; the ~150 KB of scripts only make it interactive. Requested from
// the head, they share the connection with the page's pictures from the first moment and arrive before the first
// paint on a fast machine, so Lighthouse's simulated slow 4G counts them on the way to the largest paint (measured:
// LCP 1.2-2.2 s with them in the head, 0.8-0.9 s without them). A data block (<template>) holds the tags the page
// would have had (the shell's <script defer> and preloads, the remote's preload hints); this small script inserts
// them once a frame has been drawn. Until the shell has started, links work as plain links.
//
// The script is inline (inlineScript.ts, with the early taps' script), allowed by its hash in the CSP (script-src): as
// a file it was a request of its own on the way to the first paint, and Lighthouse's simulation of slow 4G ended the largest paint with it in most runs (listing:
// after-first-paint.js 717-1024 ms of a 1024 ms LCP, 2026-11-29).

/** The template's id: the contract between the HTML (shellResponder.ts) and the script below. */
export const AFTER_FIRST_PAINT_ID = 'after-first-paint';

/** The longest the scripts wait for the first view's pictures (a slow picture must not keep the page inert). */
export const PICTURES_WAIT_MS = 1000;

/**
 * The script, as plain ES2017 for every browser the site supports, written small by hand: every visitor downloads it,
 * and every page's JS is held to its budget to the byte (tests/budgets/first-view.json). What it does:
 * - `start` inserts the template's tags once (t=0 after; `async = false` keeps their order: inserted scripts run as
 *   they arrive), each in a task of its own: each insertion starts a request, ~1-2 ms of main thread apiece, and the
 *   ten of a listing in one task made an 87-110 ms task at 4x CPU, the longest after the first paint (Lighthouse,
 *   2026-11-26); a page without the template does nothing;
 * - `frame(f)` runs f after the next frame was drawn (the second animation frame comes after the first was drawn);
 * - `pictures` counts the pictures of the first view still on their way (not lazy, within the window's height) and
 *   starts when the last has arrived and been drawn, or after PICTURES_WAIT_MS: the largest paint is often a picture (a
 *   product's, a category's), and scripts downloading beside it delayed it (Lighthouse runs whose picture arrived after
 *   `main.js` read LCP 2.4 s, the others 0.95-1.05 s, 2026-11-26);
 * - a hidden tab (`document.hidden`) draws no frames: it starts at once; otherwise the pictures are looked at after
 *   the first drawn frame;
 * - it runs where it stands in the head, so it waits for the document to be parsed (`DOMContentLoaded`), as the
 *   deferred file it was did.
 */
export const AFTER_FIRST_PAINT_SOURCE =
  `(function(){var d=document,t=d.getElementById(${JSON.stringify(AFTER_FIRST_PAINT_ID)}),n=0;` +
  'function start(){if(t)for(var e of[...d.importNode(t.content,!0).children])' +
  'e.async=!1,setTimeout(d.head.append.bind(d.head,e));t=0}' +
  'function frame(f){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(f)})})}' +
  'function pictures(){for(var i of d.images){var b=i.getBoundingClientRect();' +
  'if(!i.complete&&i.loading!="lazy"&&b.bottom>0&&b.top<innerHeight){n++;i.onload=i.onerror=one}}' +
  `function one(){--n||frame(start)}n?setTimeout(start,${PICTURES_WAIT_MS}):start()}` +
  'function go(){d.hidden?start():frame(pictures)}' +
  'd.readyState=="loading"?d.addEventListener("DOMContentLoaded",go):go()})();';

/** The shell's own script tags and script preloads, as html-webpack-plugin writes them (minified or not). */
const SHELL_SCRIPT_TAGS =
  /<script defer(?:="defer")? src="?[^\s">]+"?><\/script>|<link rel="?preload"? [^>]*as="?script"?[^>]*>/g;

/**
 * Moves the shell's script tags out of `shellPage` (its HTML after the charset, see seo/head.ts) into the template,
 * after `hints` (the page's preload links). Returns the page without them, and the template for the head (followed by
 * the page's inline script: inlineScript.ts).
 */
export function moveScriptsPastFirstPaint(shellPage: string, hints: string): { page: string; template: string } {
  const shellScripts = shellPage.match(SHELL_SCRIPT_TAGS) ?? [];
  return {
    page: shellPage.replace(SHELL_SCRIPT_TAGS, ''),
    template: `<template id="${AFTER_FIRST_PAINT_ID}">${hints}${shellScripts.join('')}</template>`,
  };
}
