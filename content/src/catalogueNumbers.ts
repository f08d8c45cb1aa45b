// The catalogue's numbers as the file and the editor write them, for the server's checks, the editor and the
// catalogue's draft preview alike. A module of its own: the browser bundles that read it take these two lines alone.

/** A price: AED, up to 9 digits and at most two decimals (fils). */
export const PRICE_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

/** A whole number (a pack quantity, a popularity). */
export const WHOLE_NUMBER_TEXT = /^\d{1,9}$/;
