// POST /api/chat: the chat widget's question, answered by the AI provider with the knowledge base in the prompt (over
// the database, of a bounded size: catalogueKnowledge.ts), or by the knowledge base alone when there is no key, the
// provider fails or it is too slow. In the visitor's language: Arabic, with links to the Arabic pages, on an Arabic
// page or when the question is in Arabic.
import rateLimit from '@fastify/rate-limit';
import { CHAT_LIMITS } from '@site/content/chat';
import { CHAT_API_PATH } from '@site/contracts/api';
import { chatRequestSchema, chatResponseSchema, type ChatResponse } from '@site/contracts/chat-api';
import { apiErrorSchema } from '@site/contracts/forms-api';
import { useContracts } from '../platform/http/contracts.js';
import { cutText, withoutDisallowedCharacters } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';
import {
  answerLocale,
  arabicKnowledgeBaseSources,
  buildKnowledgeBase,
  createFallbackAnswerer,
  fallbackReply,
  type KnowledgeBase,
} from './knowledge-base/index.js';
import type { FastifyInstance } from 'fastify';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { countedByNetwork, exemptQaRuns, sharedCounting } from '../platform/http/rateLimit.js';
import type { AssistantConfig } from './settings.js';
import { describeError } from '../platform/db/index.js';
import { createGeminiModel, type AnswerModel } from './answerModel.js';
import { linksInEdition } from './answerLinks.js';
import { buildPrompt } from './prompt.js';
import type { KnowledgeBasesFor } from './catalogueKnowledge.js';
import { stockAnswer, stockFactsPrompt, type StockFacts, type StockFactsFor } from './stockFacts.js';

/** Body limit (413 beyond it): it holds a question with the longest history CHAT_LIMITS allows, as the widget's JSON.stringify writes it. */
export const CHAT_BODY_LIMIT = CHAT_LIMITS.requestMaxBytes;
/** Longest answer passed on from the provider, in characters: as long as a history entry may be, so it can go back as one. */
export const MAX_ANSWER_LENGTH = CHAT_LIMITS.historyTextMaxLength;

/**
 * The provider's answer as the widget may send it back in the history: without characters the history refuses
 * (control characters, half an emoji) and cut between code points, never inside an emoji.
 */
export const answerText = (answer: string): string =>
  cutText(withoutDisallowedCharacters(answer, 'multiline').trim(), MAX_ANSWER_LENGTH);

export interface ChatRoutesOptions extends AssistantConfig {
  /** The AI provider; by default Gemini when apiKey is set, none (knowledge base only) otherwise. */
  provider?: AnswerModel;
  /** The English knowledge base (the site's by default). */
  knowledgeBase?: KnowledgeBase;
  /** The Arabic knowledge base (the site's Arabic edition by default). */
  arabicKnowledgeBase?: KnowledgeBase;
  /**
   * Both knowledge bases for a question answered in a language, as the catalogue is now (over the database, a sample of
   * each category and the products the question finds: catalogueKnowledge.ts), instead of the fixed ones above.
   */
  knowledgeBases?: KnowledgeBasesFor;
  /** Prefix of the rate-limit keys in the app's Redis (http/redis.ts; tests use their own); in memory without one. */
  redisNamespace?: string;
  /**
   * The stock facts of a question about stock (stockFacts.ts: the catalogue's search and the stock feature's reader);
   * without it the assistant knows no stock.
   */
  stockFacts?: StockFactsFor;
  /** The clock of "updated 5 minutes ago" (tests). */
  now?: () => Date;
}

class ProviderTimeout extends Error {
  constructor(ms: number) {
    super(`no answer from the AI provider within ${ms} ms`);
    this.name = 'ProviderTimeout';
  }
}

/** The provider's answer, or a rejection once `timeoutMs` has passed (the request is aborted then). */
async function generateWithin(model: AnswerModel, prompt: string, timeoutMs: number): Promise<string> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderTimeout(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([model.generate(prompt, controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers POST /api/chat (JSON {question, history, language?} → {answer, source}) with its own rate limit. Register with app.register. */
/** What the answers are made from: each edition's knowledge base with its JSON (the prompt's), and the fallback answerer. */
interface Answering {
  editions: Record<Locale, { kb: KnowledgeBase; json: string }>;
  answerFromKnowledgeBase: (question: string, locale: Locale) => string;
  pagePaths: ReadonlySet<string>;
}

function answeringOf(knowledgeBases: Record<Locale, KnowledgeBase>): Answering {
  const editions = Object.fromEntries(
    Object.entries(knowledgeBases).map(([locale, kb]) => [locale, { kb, json: JSON.stringify(kb) }]),
  ) as Record<Locale, { kb: KnowledgeBase; json: string }>;
  return {
    editions,
    answerFromKnowledgeBase: createFallbackAnswerer(editions.en.kb, editions.ar.kb),
    pagePaths: new Set(editions.en.kb.websitePages.map((page) => page.path)),
  };
}

/** The answering now: fixed (the given knowledge bases, or the site's committed ones), or made again per catalogue version. */
function answeringSource(options: ChatRoutesOptions): (question: string, locale: Locale) => Promise<Answering> {
  const { knowledgeBases } = options;
  if (knowledgeBases === undefined) {
    const fixed = answeringOf({
      en: options.knowledgeBase ?? buildKnowledgeBase(),
      ar: options.arabicKnowledgeBase ?? buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar'),
    });
    return async () => fixed;
  }
  let made: { from: Record<Locale, KnowledgeBase>; answering: Answering } | undefined;
  // made again only when the knowledge bases are others (a new version, or a question whose search added products)
  return async (question, locale) => {
    const from = await knowledgeBases(question, locale);
    if (made?.from !== from) made = { from, answering: answeringOf(from) };
    return made.answering;
  };
}

const CATALOGUE_UNREADABLE = 'The assistant could not read the catalogue right now. Please try again in a few minutes.';

export async function chatRoutes(parent: FastifyInstance, options: ChatRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  const currentAnswering = answeringSource(options);
  const provider =
    options.provider ??
    (options.apiKey === undefined
      ? undefined
      : createGeminiModel({ apiKey: options.apiKey, model: options.model, baseUrl: options.baseUrl }));

  const limited = options.rateLimitMax > 0;
  if (limited) {
    await app.register(rateLimit, {
      global: false,
      max: options.rateLimitMax,
      timeWindow: options.rateLimitWindowMs,
      ...sharedCounting(app, options.redisNamespace ?? 'site-chat-rate-'),
      ...countedByNetwork(app),
      ...exemptQaRuns(),
      // Redis unreachable: answer (logged) rather than refuse every question.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        httpError(
          context.statusCode,
          `Too many questions, please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  }

  const requireJson = useJsonEndpoint(app, {
    bodyLimit: CHAT_BODY_LIMIT,
    what: 'the question',
    emptyHint: 'send {"question": "...", "history": []}',
  });

  app.post(
    CHAT_API_PATH,
    {
      bodyLimit: CHAT_BODY_LIMIT,
      // every answer, a refused question's too, is the visitor's own
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      preValidation: requireJson,
      config: limited ? { rateLimit: {} } : {},
      schema: { body: chatRequestSchema, response: { 200: chatResponseSchema, 503: apiErrorSchema } },
    },
    async (request, reply): Promise<ChatResponse | void> => {
      const { question, history, language } = request.body;
      const locale = answerLocale(question, language);
      let answering: Answering;
      try {
        answering = await currentAnswering(question, locale);
      } catch (error) {
        request.log.error({ err: error }, `could not read the catalogue: ${describeError(error)}`);
        return reply.code(503).send({ error: CATALOGUE_UNREADABLE });
      }
      const { editions, answerFromKnowledgeBase, pagePaths } = answering;
      const now = options.now?.() ?? new Date();
      // a stock that cannot be read leaves the answer without it (logged), never without an answer
      const stock: StockFacts | undefined = await options.stockFacts?.(question, locale).catch((error: unknown) => {
        request.log.warn(`the stock could not be read for the chat: ${describeError(error)}`);
        return undefined;
      });
      const fallback = (): ChatResponse => ({
        answer: answerText(
          fallbackReply(stock ? stockAnswer(stock, locale, now) : answerFromKnowledgeBase(question, locale), locale),
        ),
        source: 'knowledge-base',
      });

      if (provider === undefined) return fallback();
      try {
        const { kb, json } = editions[locale];
        const prompt = buildPrompt(kb, json, question, history, locale, stock && stockFactsPrompt(stock, locale, now));
        const answer = answerText(
          linksInEdition(await generateWithin(provider, prompt, options.timeoutMs), locale, pagePaths),
        );
        if (answer === '') throw new Error('the AI provider gave an empty answer');
        return { answer, source: 'ai' };
      } catch (error) {
        request.log.warn(`AI provider failed, answered from the knowledge base: ${describeError(error)}`);
        return fallback();
      }
    },
  );
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: CHAT_API_PATH,
    handler: async (request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ error: `Method ${request.method} is not allowed here: send the question with POST` }),
  });
}
