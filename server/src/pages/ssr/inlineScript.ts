// The one inline script of a server-drawn page, in its head: the early taps kept (earlyInteractions.ts) and the scripts
// started after the first paint (afterFirstPaint.ts). One element, not two (each element counts in the first view's
// budget), allowed by its hash in the CSP (script-src): this exact text and no other.
import { createHash } from 'node:crypto';
import { AFTER_FIRST_PAINT_SOURCE } from './afterFirstPaint.js';
import { EARLY_INTERACTIONS_SOURCE } from './earlyInteractions.js';

/** The script's text: the taps are listened for first, before anything else of the page runs. */
export const INLINE_SCRIPT_SOURCE = EARLY_INTERACTIONS_SOURCE + AFTER_FIRST_PAINT_SOURCE;

/** The script's CSP source (script-src). */
export const INLINE_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(INLINE_SCRIPT_SOURCE).digest('base64')}'`;
