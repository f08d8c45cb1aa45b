// The elements of the page the server writes and the shell reads: change an id here and both sides follow.

/** The shell's root element (shell/src/index.html): the server writes a page's first view inside it. */
export const APP_ROOT_ELEMENT_ID = 'root';

/** The JSON block in which the server puts the remotes map into each page (saves the shell a round trip). */
export const REMOTES_MAP_ELEMENT_ID = 'remotes-map';

/**
 * On the remotes map's element when not every page view sends its field vitals (VITALS_SAMPLE_PERCENT): the percent of
 * tabs that do. Absent: all (shell/src/vitals/vitalsBeacon.ts reads it).
 */
export const VITALS_SAMPLE_ATTRIBUTE = 'data-vitals-sample';

/** The JSON block holding the store's state a server-drawn first view was rendered from. */
export const FIRST_VIEW_STATE_ELEMENT_ID = 'first-view-state';

/**
 * Set on <html> once the page a visitor sees handles clicks (shell/src/app/StartedMark.tsx); the tests wait for it
 * (tests/support/fixtures.ts) and the first-view budgets time the page's scripts up to it.
 */
export const STARTED_ATTRIBUTE = 'data-started';

/**
 * Marks a control the server paints that has no native behaviour (Add to quote, a compare box, the menu, basket and
 * search buttons, Call Us): a tap on it before its part of the page has started is kept by the page's inline script
 * (server/src/pages/ssr/earlyInteractions.ts) and handed to it once that part is ready. The value names the
 * part: 'frame' (the shell's header and drawer) or 'page' (what the page's remote draws).
 */
export const EARLY_ATTRIBUTE = 'data-early';

/** On an early control: the id of a hidden field (an input) the script shows and focuses at once on a kept tap. */
export const EARLY_SHOW_ATTRIBUTE = 'data-early-show';

/** The part of a page whose controls start together. */
export type EarlyOwner = 'frame' | 'page';

/** The inline script's function the shell calls when a part has started: `window[EARLY_READY_GLOBAL]('page')`. */
export const EARLY_READY_GLOBAL = '__early';

/** The attributes of an early control, to spread on it: `<button {...earlyControl('page')}>`. */
export function earlyControl(owner: EarlyOwner): { [EARLY_ATTRIBUTE]: EarlyOwner } {
  return { [EARLY_ATTRIBUTE]: owner };
}
