// The chat assistant's limits and history trimming, shared by the chat remote and the server. Plain data, types and pure
// functions only: the chat remote and the server import it as '@site/content/chat'. The call's address and schemas are
// @site/contracts' (api.ts, chat-api).
import { cutText } from './validation/rules';

/**
 * Bounds of a chat request, in characters (UTF-16 code units, as the input's maxLength counts). The browser keeps
 * within them (trimHistory); the server refuses a longer question (400) and trims a longer history itself, the same
 * way, so that a conversation never gets stuck on its own history.
 */
export const CHAT_LIMITS = {
  /** Longest question, in characters (the chat input's maxLength). */
  questionMaxLength: 1000,
  /** Most previous messages sent along with a question (the latest ones). */
  historyMaxEntries: 20,
  /** Longest text of one previous message, and of an answer; longer ones are cut (between code points). */
  historyTextMaxLength: 4000,
  /**
   * The server's body limit of POST /api/chat, in bytes (413 beyond it). It holds the largest request within the
   * bounds above as JSON.stringify writes it: at most 3 bytes of UTF-8 per character (Arabic takes 2, Chinese 3, an
   * emoji 4 for its 2), so 3 × (1,000 + 20 × 4,000) plus the JSON around them, about 245 KB (a server test sends it).
   */
  requestMaxBytes: 256 * 1024,
} as const;

/** One previous message of the conversation (spec "Conversation history entry"). */
export interface ChatHistoryEntry {
  role: 'user' | 'model';
  parts: { text: string }[];
}

/**
 * The languages the assistant answers in: the site's editions (the same as @site/contracts/locale's LOCALES, which
 * this package cannot import).
 */
export const CHAT_LANGUAGES = ['en', 'ar'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

/** The characters of an entry's text (all its parts). */
const entryLength = (entry: ChatHistoryEntry): number => entry.parts.reduce((sum, part) => sum + part.text.length, 0);

/** An entry's parts cut to `max` characters in all, between code points; parts left empty are dropped (one is kept). */
function cutEntry(entry: ChatHistoryEntry, max: number): ChatHistoryEntry {
  if (entryLength(entry) <= max) return entry;
  let room = max;
  const parts: { text: string }[] = [];
  for (const part of entry.parts) {
    const text = cutText(part.text, room);
    room -= text.length;
    if (text !== '' || parts.length === 0) parts.push({ text });
  }
  return { role: entry.role, parts };
}

/**
 * A conversation within CHAT_LIMITS: the latest historyMaxEntries messages, each cut to historyTextMaxLength
 * characters between code points. The browser sends what this gives; the server applies it to whatever it
 * receives, so the two agree.
 */
export function trimHistory(history: readonly ChatHistoryEntry[]): ChatHistoryEntry[] {
  return history
    .slice(-CHAT_LIMITS.historyMaxEntries)
    .map((entry) => cutEntry(entry, CHAT_LIMITS.historyTextMaxLength));
}
