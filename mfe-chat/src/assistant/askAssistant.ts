// The browser's side of the assistant: the question and the conversation so far go to our server (POST /api/chat),
// which calls the AI provider. No provider key or address is ever in the browser.
import { CHAT_API_PATH, CHAT_LIMITS, type ChatHistoryEntry, type ChatResponse } from '@site/content';
import { postJson, errorOf } from '../api/postJson';

export interface ConversationMessage {
  sender: 'bot' | 'user';
  text: string;
}

/** The latest messages as provider history (bot → model), within the server's bounds. */
export function toHistory(messages: readonly ConversationMessage[]): ChatHistoryEntry[] {
  return messages.slice(-CHAT_LIMITS.historyMaxEntries).map((message) => ({
    role: message.sender === 'bot' ? 'model' : 'user',
    parts: [{ text: message.text.slice(0, CHAT_LIMITS.historyTextMaxLength) }],
  }));
}

/** The answer text; throws when the server does not give one (non-ok status, network failure, bad body). */
export async function askAssistant(question: string, previous: readonly ConversationMessage[]): Promise<string> {
  const answer = await postJson<Partial<ChatResponse>>(CHAT_API_PATH, {
    question: question.slice(0, CHAT_LIMITS.questionMaxLength),
    history: toHistory(previous),
  });
  if (!answer.ok) throw new Error(`The assistant did not answer: ${errorOf(answer)}`);
  const text = answer.body?.answer;
  if (typeof text !== 'string' || text.trim() === '') throw new Error('The assistant gave no answer');
  return text;
}
