// The API contracts of @site/contracts on the server's routes: a route declares its zod schemas (params, querystring,
// body, answers) and Fastify checks them (fastify-type-provider-zod); a request they refuse is a 400 {error, problems}
// whose sentence this file's one formatter writes, the same for every API, beside the problems one by one.
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '@site/content/validation';
import { apiErrorSchema, type ApiError, type ApiProblem } from '@site/contracts/forms-api';

/** A refused value as the type provider reports it (its zod issue, with the path as a JSON pointer). */
type Problem = Pick<FastifySchemaValidationError, 'keyword' | 'instancePath' | 'message' | 'params'>;

/** Problems named of one list (a body's `lines`): any more are counted ('and 5 more problems in lines'). */
export const MAX_LIST_PROBLEMS = 10;

/** A problem's place: the path of its value ('lines.3.quantity'), from the type provider's JSON pointer. */
const placeOf = (problem: Problem): string => problem.instancePath.replace(/^\//, '').replace(/\//g, '.');

/** The list a problem is in ('lines' for 'lines.3.quantity') and the item's index; undefined outside a list's items. */
function listItemOf(where: string): { list: string; index: number } | undefined {
  const [list, index] = where.split('.');
  return list !== undefined && index !== undefined && /^\d+$/.test(index) ? { list, index: Number(index) } : undefined;
}

/**
 * The problems in the schema's order, with each list's together in its items' order, where its first one is: a check
 * over a whole list (the quote's lines against the catalogue) adds its problems after those of the items' own schema.
 */
function inListOrder(problems: readonly Problem[]): Problem[] {
  const lists = new Map<string, { problem: Problem; index: number }[]>();
  const order: (Problem | string)[] = [];
  for (const problem of problems) {
    const item = listItemOf(placeOf(problem));
    if (item === undefined) {
      order.push(problem);
      continue;
    }
    const items = lists.get(item.list);
    if (items === undefined) {
      lists.set(item.list, [{ problem, index: item.index }]);
      order.push(item.list);
    } else items.push({ problem, index: item.index });
  }
  // Array.prototype.sort is stable: one item's problems keep their order
  return order.flatMap((entry) =>
    typeof entry === 'string'
      ? (lists.get(entry) ?? []).sort((a, b) => a.index - b.index).map(({ problem }) => problem)
      : [entry],
  );
}

/**
 * One sentence naming every problem: the first one of each place, in the schema's order (a list's in its items'
 * order, at most MAX_LIST_PROBLEMS of them, the rest counted), joined by '; '. A message that does not name its field
 * gets its place in front ('sort: Too big…', 'history.2.role: …'); an unknown field's message names the fields when
 * zod's own words do not.
 */
export function describeProblems(problems: readonly Problem[]): string {
  const seen = new Set<string>();
  const messages: string[] = [];
  /** Per list: its problems named, those counted, and where in `messages` its count goes (after its last named one). */
  const lists = new Map<string, { named: number; more: number; at: number }>();
  for (const problem of inListOrder(problems)) {
    const where = placeOf(problem);
    if (seen.has(where)) continue;
    seen.add(where);
    const list = listItemOf(where)?.list;
    const counted = list === undefined ? undefined : (lists.get(list) ?? { named: 0, more: 0, at: 0 });
    if (list !== undefined && counted !== undefined) {
      lists.set(list, counted);
      if (counted.named === MAX_LIST_PROBLEMS) {
        counted.more += 1;
        continue;
      }
      counted.named += 1;
    }
    const keys = problem.params.keys;
    const message = problem.message ?? 'is not valid';
    const unknownKeys =
      problem.keyword === 'unrecognized_keys' &&
      Array.isArray(keys) &&
      keys.some((key) => !message.includes(String(key)))
        ? ` (${keys.join(', ')})`
        : '';
    // 'lines[3].quantity must…' names its field already: only others get the place
    const field = where.split('.')[0] ?? '';
    const named = where === '' || new RegExp(`(^|\\W)${field.replace(/[^\w]/g, '\\$&')}(\\W|$)`).test(message);
    const text = named ? `${message}${unknownKeys}` : `${where}: ${message}${unknownKeys}`;
    if (!messages.includes(text)) messages.push(text);
    if (counted !== undefined) counted.at = messages.length;
  }
  // from the last list's place back, so the places before it hold
  for (const [list, { more, at }] of [...lists].sort(([, a], [, b]) => b.at - a.at)) {
    if (more > 0) messages.splice(at, 0, `and ${more} more problem${more > 1 ? 's' : ''} in ${list}`);
  }
  return messages.length === 0 ? 'The request is not valid' : messages.join('; ');
}

/** Each problem as the contracts describe it (apiProblemSchema): its path, list indexes as numbers, and zod's words. */
export function problemList(problems: readonly Problem[]): ApiProblem[] {
  return problems.map((problem) => {
    const where = placeOf(problem);
    const path = where === '' ? [] : where.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return { path, message: problem.message ?? 'is not valid' };
  });
}

/** A request a schema refused: describeProblems' sentence as its message, and the problems one by one. */
export class RefusedRequest extends Error {
  constructor(
    message: string,
    readonly problems: readonly ApiProblem[],
  ) {
    super(message);
    this.name = 'RefusedRequest';
  }
}

/** A refusal's answer: {error}, and `problems` when the error carries them (a schema's refusal, a refused draft). */
export function refusalAnswer(error: Error & { problems?: readonly ApiProblem[] }): ApiError {
  const message = error.message || 'Bad request';
  return error.problems === undefined ? { error: message } : { error: message, problems: [...error.problems] };
}

/**
 * The scope of `parent` with the contracts' schemas checked on its routes: a refused request is a RefusedRequest with
 * status 400, `validation` and `validationContext` (Fastify's), describeProblems' sentence as its message and the
 * problems one by one, which the error handlers answer as {error, problems} (refusalAnswer). Call it at the top of a
 * plugin (it sets the plugin's own compilers).
 */
export function useContracts(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter((problems) => new RefusedRequest(describeProblems(problems), problemList(problems)));
  return app;
}

/** A scope useContracts set up: what a module of routes takes to declare its routes with their zod schemas. */
export type ContractsApp = ReturnType<typeof useContracts>;

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
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; data: z.output<S> } | { ok: false; error: string; problems: ApiProblem[] } {
  const result = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' })(body) as {
    value?: z.output<S>;
    error?: unknown;
  };
  if (result.error === undefined) return { ok: true, data: result.value as z.output<S> };
  return {
    ok: false,
    error: describeProblems(result.error as Problem[]),
    problems: problemList(result.error as Problem[]),
  };
}

/** A form's fields without the honeypot, and whether a bot filled it in (stored as spam, never mailed). */
export function withoutHoneypot<T extends { [HONEYPOT_FIELD]?: string | undefined }>(
  body: T,
): { data: Omit<T, typeof HONEYPOT_FIELD>; spam: boolean } {
  const { [HONEYPOT_FIELD]: trap, ...data } = body;
  return { data, spam: typeof trap === 'string' && trap.trim() !== '' };
}

export type ParseResult<T> =
  | { ok: true; data: T; spam: boolean }
  | { ok: false; error: string; problems: ApiProblem[] };

/** A form body checked outside a route (checkBody), split from its honeypot (withoutHoneypot). */
export function parseSubmission<S extends z.ZodType<{ [HONEYPOT_FIELD]?: string | undefined }>>(
  schema: S,
  body: unknown,
): ParseResult<Omit<z.output<S>, typeof HONEYPOT_FIELD>> {
  const checked = checkBody(schema, body);
  return checked.ok ? { ok: true, ...withoutHoneypot(checked.data) } : checked;
}
