// Allow-list schema of POST /api/chat: a bounded question and a bounded history (limits shared with the chat widget).
import { CHAT_LIMITS, type ChatRequest } from '@site/content/src/chat.js';
import { z } from 'zod';

/** Control characters other than tab and line breaks, and lone surrogate halves: never typed by a person. */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textOf = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !NOT_TEXT.test(value), { error: `${field} contains characters that are not allowed` });

const entrySchema = z.strictObject(
  {
    role: z.enum(['user', 'model'], { error: 'each history entry needs a role of "user" or "model"' }),
    parts: z
      .array(z.strictObject({ text: textOf('history text', CHAT_LIMITS.historyTextMaxLength) }, { error: 'each part is {"text": "..."}' }), {
        error: 'each history entry needs parts: [{"text": "..."}]',
      })
      .min(1, { error: 'each history entry needs at least one part' })
      .max(4, { error: 'a history entry has at most 4 parts' })
      .refine((parts) => parts.reduce((sum, p) => sum + p.text.length, 0) <= CHAT_LIMITS.historyTextMaxLength, {
        error: `a history entry holds at most ${CHAT_LIMITS.historyTextMaxLength} characters`,
      }),
  },
  { error: 'each history entry is {"role": "user" | "model", "parts": [{"text": "..."}]}' },
);

export const chatRequestSchema = z.strictObject(
  {
    question: textOf('question', CHAT_LIMITS.questionMaxLength)
      .transform((value) => value.trim())
      .refine((value) => value !== '', { error: 'question is required' }),
    history: z
      .array(entrySchema, { error: 'history must be a list of previous messages' })
      .max(CHAT_LIMITS.historyMaxEntries, { error: `history must have at most ${CHAT_LIMITS.historyMaxEntries} entries` })
      .default([]),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field(s) ${issue.keys.join(', ')}: expected only question, history` : 'The request body must be a JSON object',
  },
) satisfies z.ZodType<ChatRequest, unknown>;

export type ParsedChatRequest = { ok: true; request: ChatRequest } | { ok: false; error: string };

/** Checks a parsed JSON body; on failure one message naming each problem once. */
export function parseChatRequest(body: unknown): ParsedChatRequest {
  const result = chatRequestSchema.safeParse(body);
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, error: [...new Set(result.error.issues.map((issue) => issue.message))].join('; ') };
}
