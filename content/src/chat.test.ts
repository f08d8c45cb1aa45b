import { CHAT_LIMITS, trimHistory, type ChatHistoryEntry } from './chat';

const entry = (text: string, role: ChatHistoryEntry['role'] = 'user'): ChatHistoryEntry => ({
  role,
  parts: [{ text }],
});

describe('trimHistory (the widget and the server trim a conversation the same way)', () => {
  it('keeps a conversation within the limits as it is', () => {
    const history = [entry('Hello'), entry('Hi! How can I help?', 'model')];
    expect(trimHistory(history)).toEqual(history);
  });

  it('keeps the latest 20 entries', () => {
    const history = Array.from({ length: 25 }, (_, i) => entry(`message ${i}`));
    const trimmed = trimHistory(history);
    expect(trimmed).toHaveLength(CHAT_LIMITS.historyMaxEntries);
    expect(trimmed[0]).toEqual(entry('message 5'));
    expect(trimmed.at(-1)).toEqual(entry('message 24'));
  });

  it('cuts a long entry to 4,000 characters without splitting an emoji', () => {
    const [cut] = trimHistory([entry(`${'x'.repeat(3_999)}😀 more`, 'model')]);
    expect(cut!.parts).toEqual([{ text: 'x'.repeat(3_999) }]);
    const [whole] = trimHistory([entry(`${'x'.repeat(3_998)}😀 more`)]);
    expect(whole!.parts[0]!.text).toBe(`${'x'.repeat(3_998)}😀`);
  });

  it('cuts the parts of an entry together, dropping the ones left empty', () => {
    const [cut] = trimHistory([
      { role: 'user', parts: [{ text: 'a'.repeat(3_000) }, { text: 'b'.repeat(2_000) }, { text: 'c' }] },
    ]);
    expect(cut!.parts).toEqual([{ text: 'a'.repeat(3_000) }, { text: 'b'.repeat(1_000) }]);
  });
});
