// The chat assistant's call, POST CHAT_API_PATH (api.ts): the schema the server registers on its route, whose types
// the chat widget imports (`import type`: no zod in a bundle). A bounded question and a history, trimmed to the limits
// shared with the widget (CHAT_LIMITS, trimHistory) rather than refused when longer, so a conversation never gets
// stuck; and the page's language ('en' when left out).
import { z } from 'zod';
import { CHAT_LANGUAGES, CHAT_LIMITS, trimHistory, type ChatHistoryEntry } from '@site/content/chat';
import { textField } from './textField';

const entrySchema = z.strictObject(
  {
    role: z.enum(['user', 'model'], { error: 'each history entry needs a role of "user" or "model"' }),
    parts: z
      .array(
        z.strictObject(
          { text: textField('history text', { max: undefined, kind: 'multiline', trim: false }) },
          { error: 'each part is {"text": "..."}' },
        ),
        {
          error: 'each history entry needs parts: [{"text": "..."}]',
        },
      )
      .min(1, { error: 'each history entry needs at least one part' })
      .max(4, { error: 'a history entry has at most 4 parts' }),
  },
  { error: 'each history entry is {"role": "user" | "model", "parts": [{"text": "..."}]}' },
) satisfies z.ZodType<ChatHistoryEntry>;

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
    /**
     * The language of the page the visitor asks from ('en' when left out: the English pages send none). The answer is
     * in Arabic, with links to the Arabic pages (/ar/…), on an Arabic page or when the question is written in Arabic.
     */
    language: z
      .enum(CHAT_LANGUAGES, { error: `language must be one of ${CHAT_LANGUAGES.map((l) => `"${l}"`).join(', ')}` })
      .default('en'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field(s) ${issue.keys.join(', ')}: expected only question, history, language`
        : 'The request body must be a JSON object',
  },
);

/** `source` says whether the AI provider answered or the knowledge base did (no key, provider error, timeout). */
export const chatResponseSchema = z.strictObject({ answer: z.string(), source: z.enum(['ai', 'knowledge-base']) });

/** What the widget sends (history and language may be left out). */
export type ChatRequest = z.input<typeof chatRequestSchema>;
/** What the server answers from: trimmed, with the language filled in. */
export type CheckedChatRequest = z.output<typeof chatRequestSchema>;
export type ChatResponse = z.infer<typeof chatResponseSchema>;
