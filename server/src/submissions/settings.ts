// The visitor POSTs' settings (the forms, reviews, requests for quotation), built from the variables
// ../platform/config.ts parses: per-client rate limits, shared through Redis when REDIS_URL is set.
import type { Vars } from '../platform/config.js';

export function submissionsConfigOf(vars: Vars) {
  return {
    /** Requests per client IP per endpoint in one window; 0 turns the limit off (load tests only). */
    rateLimitMax: vars.SUBMIT_RATE_LIMIT_MAX,
    rateLimitWindowMs: vars.SUBMIT_RATE_LIMIT_WINDOW_SECONDS,
    /** The rate-limit store; in-memory (per process) when undefined. */
    redisUrl: vars.REDIS_URL,
    /**
     * Reviews of one product from one client address (an IPv6 one's /64) within reviewsPerProductWindowMs, counted in
     * the database (every process, across restarts: reviews/reviewLimit.ts); 0 turns the limit off.
     */
    reviewsPerProductMax: vars.REVIEWS_PER_PRODUCT_MAX,
    reviewsPerProductWindowMs: vars.REVIEWS_PER_PRODUCT_WINDOW_SECONDS,
    /**
     * Confirmations of requests for quotation mailed to all addresses together in one hour, counted in the database;
     * past it requests are stored and their branches mailed, without one. 0: none at all.
     */
    quoteConfirmationsPerHour: vars.QUOTE_CONFIRMATIONS_PER_HOUR,
  };
}

export type SubmissionsConfig = ReturnType<typeof submissionsConfigOf>;
