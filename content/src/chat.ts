// The chat assistant's call (POST /api/chat), shared by the chat remote and the server.
// Plain data and types only: browser bundles import this through index.ts.

/** Where the chat widget sends a question; the server answers it (AI provider or knowledge base). */
export const CHAT_API_PATH = '/api/chat';

/** Bounds of a chat request: the browser keeps within them, the server rejects anything beyond (400). */
export const CHAT_LIMITS = {
  /** Longest question, in characters (the chat input's maxLength). */
  questionMaxLength: 1000,
  /** Most previous messages sent along with a question (the latest ones). */
  historyMaxEntries: 20,
  /** Longest text of one previous message; the browser shortens longer ones. */
  historyTextMaxLength: 4000,
} as const;

/** One previous message of the conversation (spec "Conversation history entry"). */
export interface ChatHistoryEntry {
  role: 'user' | 'model';
  parts: { text: string }[];
}

export interface ChatRequest {
  question: string;
  history: ChatHistoryEntry[];
}

/** `source` says whether the AI provider answered or the knowledge base did (no key, provider error, timeout). */
export interface ChatResponse {
  answer: string;
  source: 'ai' | 'knowledge-base';
}
