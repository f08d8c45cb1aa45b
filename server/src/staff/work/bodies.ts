// The bodies of the work calls (allow-list schemas, like the public forms'), and the path parameters of a row.
import type { FastifyRequest } from 'fastify';
import { INBOX_STATUSES, type InboxKind } from '@site/contracts/staff-api';
import { z } from 'zod';
import { textField } from '@site/contracts/text-field';
import { badRequest, notFound, StaffWorkError } from './errors.js';
import { inboxKindOf } from './inboxTables.js';

/** Longest internal note, in characters (as the public forms' message). */
export const NOTE_MAX_LENGTH = 4000;

const id = (field: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) }).int({ error: `${field} must be a whole number` }).positive({ error: `${field} must be positive` });

const object = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}: expected only ${Object.keys(shape).join(', ')}`
        : 'The request body must be a JSON object',
  });

const boolean = (field: string) => z.boolean({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be true or false`) });

export const statusBody = object({ status: z.enum(INBOX_STATUSES, { error: `status must be one of: ${INBOX_STATUSES.join(', ')}` }) });
/** null unassigns. */
export const assignBody = object({ assigneeId: id('assigneeId').nullable() });
export const noteBody = object({
  text: textField('text', { max: NOTE_MAX_LENGTH, kind: 'multiline' }).refine((value) => value !== '', { error: 'text is required', abort: true }),
});
export const resendBody = object({ mailId: id('mailId') });
export const visibilityBody = object({ hidden: boolean('hidden') });
export const settingsBody = object({ holdNewReviews: boolean('holdNewReviews') });

/** The body checked by `schema`; a 400 naming each wrong field once otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const messages = result.error.issues.filter((issue) => {
    const key = issue.path.join('.');
    return seen.has(key) ? false : (seen.add(key), true);
  });
  throw badRequest(messages.map((issue) => issue.message).join('; '));
}

/** A row's address: a known kind and a positive id, or a 404 (like any unknown address). */
export function rowParams(params: { kind: string; id: string }): { kind: InboxKind; id: number } {
  const kind = inboxKindOf(params.kind);
  const id = /^[1-9]\d{0,14}$/.test(params.id) ? Number(params.id) : undefined;
  if (kind === undefined || id === undefined) throw notFound();
  return { kind, id };
}

/** A review's id from its address, or a 404. */
export function reviewIdParam(params: { id: string }): number {
  if (!/^[1-9]\d{0,14}$/.test(params.id)) throw notFound('There is no such review');
  return Number(params.id);
}

/** A change's body must be JSON (as every staff call's): anything else is a 415. */
export async function requireJson(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new StaffWorkError(415, 'Send the request as JSON (Content-Type: application/json)');
}
