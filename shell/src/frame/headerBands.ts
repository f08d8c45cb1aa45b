import { theme } from '@site/shared-ui';

/**
 * The header's navigation shows from wideNav + 1 px, but its full-size links fit beside the logo and the actions only
 * from 1440 px: narrower, the header tightens in two steps so it stays one row (at 1280 px "About Us" and
 * "Call Us" broke onto two lines; at 1025 px the logo was squeezed to nothing).
 */
const FULL_HEADER = 1440;
const TIGHT_HEADER = 1280;

/** The wide header below its full size: 1025–1439 px. */
export const tightHeader = `@media (min-width: ${theme.wideNav + 1}px) and (max-width: ${FULL_HEADER - 1}px)`;
/** The narrowest wide header: 1025–1279 px. */
export const tightestHeader = `@media (min-width: ${theme.wideNav + 1}px) and (max-width: ${TIGHT_HEADER - 1}px)`;
