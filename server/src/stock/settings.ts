// The stock feed's settings, built from the variables ../platform/config.ts parses.
import type { Vars } from '../platform/config.js';

export function stockConfigOf(vars: Vars) {
  return {
    staleMinutes: vars.STOCK_FEED_STALE_MINUTES,
    /** How the public availability read states quantities: as the ERP said, or in bands ("100+"; ./availabilityRoutes.ts). */
    display: vars.STOCK_DISPLAY,
  };
}

export type StockConfig = ReturnType<typeof stockConfigOf>;
