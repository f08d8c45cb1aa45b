// The API contracts of @site/contracts on the server's routes: a route declares its zod schemas (params, querystring,
// body, answers) and Fastify checks them (fastify-type-provider-zod); a request they refuse is a 400 {error} whose
// sentence this file's one formatter writes, the same for every API.
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '@site/content/validation';
import { apiErrorSchema } from '@site/contracts/forms-api';

/** A refused value as the type provider reports it (its zod issue, with the path as a JSON pointer). */
type Problem = Pick<FastifySchemaValidationError, 'keyword' | 'instancePath' | 'message' | 'params'>;

/**
 * One sentence naming every problem: the first one of each place, in the schema's order, joined by '; '. A message
 * that does not name its field gets its place in front ('sort: Too big…', 'history.2.role: …'); an unknown
 * field's message names the fields when zod's own words do not.
 */
export function describeProblems(problems: readonly Problem[]): string {
  const seen = new Set<string>();
  const messages = new Set<string>();
  for (const problem of problems) {
    const where = problem.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (seen.has(where)) continue;
    seen.add(where);
    const keys = problem.params.keys;
    const message = problem.message ?? 'is not valid';
    const unknownKeys =
      problem.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.some((key) => !message.includes(String(key))) ? ` (${keys.join(', ')})` : '';
    // 'lines[3].quantity must…', 'and 5 more problems in lines' name their field already: only others get the place
    const field = where.split('.')[0] ?? '';
    const named = where === '' || new RegExp(`(^|\\W)${field.replace(/[^\w]/g, '\\$&')}(\\W|$)`).test(message);
    messages.add(named ? `${message}${unknownKeys}` : `${where}: ${message}${unknownKeys}`);
  }
  return messages.size === 0 ? 'The request is not valid' : [...messages].join('; ');
}

/**
 * The scope of `parent` with the contracts' schemas checked on its routes: a refused request is an error with status
 * 400, `validation` and `validationContext` (Fastify's), and describeProblems' sentence as its message, which the
 * app's error handler answers as {error}. Call it at the top of a plugin (it sets the plugin's own compilers).
 */
export function useContracts(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter((problems) => new Error(describeProblems(problems)));
  return app;
}

/**
 * A route's answers: `ok` for 200, {error} for every refusal and failure (the site's error handler writes them so; a
 * scope without it, as some tests build, answers Fastify's own {statusCode, error, message}: declare only the codes
 * its handler sends, as the forms and the chat do).
 */
export const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': apiErrorSchema, '5xx': apiErrorSchema });

/**
 * A body checked outside a route's schema (one that depends on the data, as the quote request's on the catalogue):
 * the value, or the same sentence a route's 400 carries.
 */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; error: string } {
  const result = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' })(body) as { value?: z.output<S>; error?: unknown };
  if (result.error === undefined) return { ok: true, data: result.value as z.output<S> };
  return { ok: false, error: describeProblems(result.error as Problem[]) };
}

/** A form's fields without the honeypot, and whether a bot filled it in (stored as spam, never mailed). */
export function withoutHoneypot<T extends { [HONEYPOT_FIELD]?: string | undefined }>(body: T): { data: Omit<T, typeof HONEYPOT_FIELD>; spam: boolean } {
  const { [HONEYPOT_FIELD]: trap, ...data } = body;
  return { data, spam: typeof trap === 'string' && trap.trim() !== '' };
}

export type ParseResult<T> = { ok: true; data: T; spam: boolean } | { ok: false; error: string };

/** A form body checked outside a route (checkBody), split from its honeypot (withoutHoneypot). */
export function parseSubmission<S extends z.ZodType<{ [HONEYPOT_FIELD]?: string | undefined }>>(schema: S, body: unknown): ParseResult<Omit<z.output<S>, typeof HONEYPOT_FIELD>> {
  const checked = checkBody(schema, body);
  return checked.ok ? { ok: true, ...withoutHoneypot(checked.data) } : checked;
}
