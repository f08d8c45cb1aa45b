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
