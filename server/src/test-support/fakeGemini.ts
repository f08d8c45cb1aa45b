// A stand-in for Google's generateContent endpoint on loopback (the AI provider cannot be reached from a test): the
// real client (@google/generative-ai) talks HTTP to it. It answers, fails or hangs as the test says, and keeps every
// request it got with its prompt's text, so a test can read what the server sent the model.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Content {
  role?: string;
  parts?: { text?: string }[];
}

/** One request the fake got. */
export interface SeenGeminiRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: { contents: Content[]; systemInstruction?: Content };
  /** The system instruction and every content's text, one part per line: what the model was asked. */
  prompt: string;
}

/** What the fake answers a prompt with: a fixed text, or one made from the prompt (as a model would write it). */
export type FakeAnswer = string | ((prompt: string) => string);

export class FakeGemini {
  readonly server: Server;
  seen: SeenGeminiRequest[] = [];
  mode: 'answer' | 'error' | 'hang' = 'answer';
  /** Hanging requests the client closed before any answer (a caller's timeout giving up on its call). */
  abandoned = 0;
  answer: FakeAnswer;
  private readonly initialAnswer: FakeAnswer;
  private hanging: ServerResponse[] = [];

  constructor(
    answer: FakeAnswer = 'We stock **Hex** cable glands: [Industrial Cable Glands](/our-products/industrial_cable_glands)',
  ) {
    this.answer = answer;
    this.initialAnswer = answer;
    this.server = createServer((request, response) => {
      // decoded once whole: a chunk may end inside a character of several bytes (Arabic)
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.respond(request, response, Buffer.concat(chunks).toString('utf8')));
    });
  }

  /** The prompts of the requests seen so far, in order. */
  get prompts(): string[] {
    return this.seen.map((request) => request.prompt);
  }

  private respond(request: IncomingMessage, response: ServerResponse, raw: string): void {
    const body = JSON.parse(raw) as SeenGeminiRequest['body'];
    const prompt = [...(body.systemInstruction ? [body.systemInstruction] : []), ...(body.contents ?? [])]
      .flatMap((content) => (content.parts ?? []).map((part) => part.text ?? ''))
      .join('\n');
    this.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, prompt });
    if (this.mode === 'hang') {
      this.hanging.push(response);
      // still hanging when it closes: the client gave up (reset() takes its own out of the list before closing them)
      response.on('close', () => {
        if (this.hanging.includes(response)) this.abandoned += 1;
      });
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (this.mode === 'error') {
      response.statusCode = 500;
      response.end(
        JSON.stringify({ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }),
      );
      return;
    }
    const text = typeof this.answer === 'string' ? this.answer : this.answer(prompt);
    response.end(
      JSON.stringify({
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      }),
    );
  }

  /** Listens on a free loopback port; the base URL to give the server (GEMINI_BASE_URL). */
  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Back to answering with the first answer, nothing seen, no request left hanging. */
  reset(): void {
    for (const response of this.hanging.splice(0)) response.destroy();
    this.seen = [];
    this.abandoned = 0;
    this.mode = 'answer';
    this.answer = this.initialAnswer;
  }

  async stop(): Promise<void> {
    this.reset();
    this.server.closeAllConnections();
    this.server.close();
  }
}
