// Allow-list schema of POST /api/chat: a bounded question and a history, trimmed to the limits shared with the chat
// widget (CHAT_LIMITS, trimHistory) rather than refused when longer, so a conversation never gets stuck; and the
// page's language ('en' when left out).
import { CHAT_LANGUAGES, CHAT_LIMITS, trimHistory, type ChatLanguage, type ChatRequest } from '@site/content/chat';
import { z } from 'zod';
import { textField } from '../validation/textField.js';

const entrySchema = z.strictObject(
  {
    role: z.enum(['user', 'model'], { error: 'each history entry needs a role of "user" or "model"' }),
    parts: z
      .array(z.strictObject({ text: textField('history text', { max: undefined, kind: 'multiline', trim: false }) }, { error: 'each part is {"text": "..."}' }), {
        error: 'each history entry needs parts: [{"text": "..."}]',
      })
      .min(1, { error: 'each history entry needs at least one part' })
      .max(4, { error: 'a history entry has at most 4 parts' }),
  },
  { error: 'each history entry is {"role": "user" | "model", "parts": [{"text": "..."}]}' },
);

export const chatRequestSchema = z.strictObject(
  {
    question: textField('question', { max: CHAT_LIMITS.questionMaxLength, kind: 'multiline', trim: false })
      .transform((value) => value.trim())
      .refine((value) => value !== '', { error: 'question is required' }),
    // Longer than the limits (more entries, longer texts): the latest part within them is kept, as the widget does.
    history: z
      .array(entrySchema, { error: 'history must be a list of previous messages' })
      .default([])
      .transform((history) => trimHistory(history)),
    language: z.enum(CHAT_LANGUAGES, { error: `language must be one of ${CHAT_LANGUAGES.map((l) => `"${l}"`).join(', ')}` }).default('en'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field(s) ${issue.keys.join(', ')}: expected only question, history, language` : 'The request body must be a JSON object',
  },
) satisfies z.ZodType<ChatRequest, unknown>;

export type ParsedChatRequest = { ok: true; request: ChatRequest & { language: ChatLanguage } } | { ok: false; error: string };

/** Checks a parsed JSON body; on failure one message naming each problem once. */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  const result = chatRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, error: [...new Set(result.error.issues.map((issue) => issue.message))].join('; ') };
}
