import { CHAT_LIMITS } from '@site/content/chat';
import { toHistory, type ConversationMessage } from './askAssistant';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('toHistory: what the widget sends back is always within what the server takes', () => {
  it('a long answer cut at the limit keeps its emoji whole (half of one would make the server refuse every later question)', () => {
    const answer = `${'x'.repeat(CHAT_LIMITS.historyTextMaxLength - 1)}😀 and the rest`;
    const [entry] = toHistory([{ sender: 'bot', text: answer }]);
    expect(entry).toEqual({ role: 'model', parts: [{ text: 'x'.repeat(CHAT_LIMITS.historyTextMaxLength - 1) }] });
    expect(JSON.stringify(entry)).not.toMatch(/\\ud83d/);
  });

  it('the latest 20 messages of a long Arabic conversation, each within 4,000 characters, fit the body limit', () => {
    const messages: ConversationMessage[] = Array.from({ length: 30 }, (_, i) => ({
      sender: i % 2 ? 'bot' : 'user',
      text: `${i} ${'ع'.repeat(5_000)}`,
    }));
    const history = toHistory(messages);
    expect(history).toHaveLength(CHAT_LIMITS.historyMaxEntries);
    expect(history[0]!.parts[0]!.text.startsWith('10 ')).toBe(true);
    for (const entry of history)
      expect(entry.parts[0]!.text.length).toBeLessThanOrEqual(CHAT_LIMITS.historyTextMaxLength);
    const body = JSON.stringify({ question: 'ع'.repeat(CHAT_LIMITS.questionMaxLength), history });
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(CHAT_LIMITS.requestMaxBytes);
  });

  it('leaves out characters the server refuses (a pasted control character), so one message cannot block the chat', () => {
    const history = toHistory([{ sender: 'user', text: 'a\u0000b\u0085c 😀\ud83d' }]);
    expect(history[0]!.parts[0]!.text).toBe('abc 😀');
    expect(history[0]!.parts[0]!.text).not.toMatch(LONE_SURROGATE);
  });
});
