// The chat assistant's settings, built from the variables ../platform/config.ts parses: the AI provider it calls, and
// its own per-client rate limit.
import type { Vars } from '../platform/config.js';

export function assistantConfigOf(vars: Vars) {
  return {
    /** Server-side only; without it every answer comes from the knowledge base. */
    apiKey: vars.GEMINI_API_KEY,
    /** A flash-class model name. */
    model: vars.GEMINI_MODEL,
    /** The provider's address, for tests and proxies; the SDK's default when undefined. */
    baseUrl: vars.GEMINI_BASE_URL,
    /** Longest wait for the provider before answering from the knowledge base. */
    timeoutMs: vars.GEMINI_TIMEOUT_SECONDS,
    /** Questions per client IP in one window; 0 turns the limit off (load tests only). */
    rateLimitMax: vars.CHAT_RATE_LIMIT_MAX,
    rateLimitWindowMs: vars.CHAT_RATE_LIMIT_WINDOW_SECONDS,
  };
}

export type AssistantConfig = ReturnType<typeof assistantConfigOf>;
