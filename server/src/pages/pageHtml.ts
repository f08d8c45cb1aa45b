// The bytes of a page: the shell's HTML (cut around its head, in the page's edition) with the page's head, the remotes
// map, the preload hints and, when the server drew it, the first view with its state.
import { APP_ROOT_ELEMENT_ID, FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { escapeHtml, jsonForScript } from '../platform/http/escape.js';
import type { PreloadHints } from './remoteHints.js';
import { moveScriptsPastFirstPaint } from './ssr/afterFirstPaint.js';
import { INLINE_SCRIPT_SOURCE } from './ssr/inlineScript.js';
import type { RenderedFirstView } from './ssr/firstView.js';

/** The shell's index.html cut where the page's head goes (seo/head.ts ShellTemplate). */
export interface CutShell {
  before: string;
  after: string;
}

export interface PageParts {
  /** The page's own head: title, description, canonical URL, Open Graph, JSON-LD (seo/head.ts). */
  head: string;
  /** The inline remotes map's script, '' for none. */
  mapTag: string;
  preload: PreloadHints;
  /** Drawn on the server, or undefined: the browser draws it. */
  firstView: RenderedFirstView | undefined;
}

export function pageHtml(template: CutShell, { head, mapTag, preload, firstView }: PageParts): Buffer {
  if (firstView === undefined) return Buffer.from(template.before + head + preload.html + mapTag + template.after);
  // Drawn from the HTML: the scripts (and the preloads for them) start once it is on screen (ssr/afterFirstPaint.ts);
  // taps on its controls meanwhile are kept for them (ssr/earlyInteractions.ts).
  const { page: rest, template: scripts } = moveScriptsPastFirstPaint(
    withRootContent(template.after, firstView.html),
    preload.html,
  );
  const state = `<script type="application/json" id="${FIRST_VIEW_STATE_ELEMENT_ID}">${jsonForScript(firstView.state)}</script>`;
  return Buffer.from(
    template.before +
      head +
      mapTag +
      state +
      firstView.head +
      scripts +
      `<script>${INLINE_SCRIPT_SOURCE}</script>` +
      rest,
  );
}

/**
 * A draft's preview: the first view under `banner`, titled `title`, with none of the shell's scripts (the public app's
 * router does not know the preview's address and, hydrating, would replace the draft with the live product).
 */
export function previewHtml(template: CutShell, firstView: RenderedFirstView, banner: string, title: string): string {
  const head = `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex, nofollow">${firstView.head}`;
  const { page: rest } = moveScriptsPastFirstPaint(withRootContent(template.after, banner + firstView.html), '');
  return (template.before + head + rest).replace(ANY_SCRIPT, '');
}

/** Every script element, for a page sent without any (its CSP allows none, so none is left to be refused noisily). */
const ANY_SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/** The shell's empty root element, as html-webpack-plugin writes it (minified or not). */
const EMPTY_ROOT = new RegExp(`<div id="?${APP_ROOT_ELEMENT_ID}"?></div>`);

/** The shell page with `html` inside its root element (unchanged if the shell has no empty root). */
export function withRootContent(page: string, html: string): string {
  return page.replace(EMPTY_ROOT, (root) => root.replace('></div>', () => `>${html}</div>`));
}
