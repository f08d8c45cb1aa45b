// The browser's side of the assistant: the question and the conversation so far go to our server (POST /api/chat),
// which calls the AI provider. No provider key or address is ever in the browser.
import { CHAT_LIMITS, trimHistory, type ChatHistoryEntry } from '@site/content/chat';
import { CHAT_API_PATH } from '@site/contracts/api';
import type { ChatRequest, ChatResponse } from '@site/contracts/chat-api';
import type { Locale } from '@site/contracts/locale';
import { cutText, withoutDisallowedCharacters } from '@site/content/validation';
import { postJson, errorOf } from '../api/postJson';

export interface ConversationMessage {
  sender: 'bot' | 'user';
  text: string;
}

/** Text as the server accepts it: without the characters the shared rule refuses (a pasted control character). */
const cleanText = (text: string): string => withoutDisallowedCharacters(text, 'multiline');

/**
 * The latest messages as provider history (bot → model), within CHAT_LIMITS (trimHistory): at most historyMaxEntries,
 * each cut to historyTextMaxLength between code points, never inside an emoji, and clean text, so that no message
 * makes every later question fail.
 */
export function toHistory(messages: readonly ConversationMessage[]): ChatHistoryEntry[] {
  return trimHistory(
    messages.slice(-CHAT_LIMITS.historyMaxEntries).map((message) => ({
      role: message.sender === 'bot' ? 'model' : 'user',
      parts: [{ text: cleanText(message.text) }],
    })),
  );
}

/**
 * The answer text; throws when the server does not give one (non-ok status, network failure, bad body). `locale` is the
 * page's language: an Arabic page asks for an Arabic answer (`language: 'ar'`); an English page sends no language (the
 * server's default).
 */
export async function askAssistant(
  question: string,
  previous: readonly ConversationMessage[],
  locale: Locale = 'en',
): Promise<string> {
  const request: ChatRequest = {
    question: cutText(cleanText(question), CHAT_LIMITS.questionMaxLength),
    history: toHistory(previous),
    ...(locale === 'en' ? {} : { language: locale }),
  };
  const answer = await postJson<Partial<ChatResponse>>(CHAT_API_PATH, request);
  if (!answer.ok) throw new Error(`The assistant did not answer: ${errorOf(answer)}`);
  const text = answer.body?.answer;
  if (typeof text !== 'string' || text.trim() === '') throw new Error('The assistant gave no answer');
  return text;
}
