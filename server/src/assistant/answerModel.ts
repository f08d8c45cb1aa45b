// The AI provider behind one small interface, so that swapping the SDK (for example to @google/genai) touches this file only.
import { GoogleGenerativeAI } from '@google/generative-ai';

/** Something that answers a prompt with text; it stops when `signal` aborts. */
export interface AnswerModel {
  generate(prompt: string, signal: AbortSignal): Promise<string>;
}

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** The provider's address; the SDK's default (Google's endpoint) when undefined. */
  baseUrl: string | undefined;
}

/** Google Generative AI through @google/generative-ai: POST {baseUrl}/v1beta/models/{model}:generateContent. */
export function createGeminiModel({ apiKey, model, baseUrl }: GeminiOptions): AnswerModel {
  const client = new GoogleGenerativeAI(apiKey).getGenerativeModel(
    { model, generationConfig: { temperature: 0.3, maxOutputTokens: 1024 } },
    baseUrl === undefined ? undefined : { baseUrl },
  );
  return {
    async generate(prompt, signal) {
      const result = await client.generateContent(prompt, { signal });
      // text() throws when the answer was blocked or empty: the caller answers from the knowledge base then
      return result.response.text();
    },
  };
}
