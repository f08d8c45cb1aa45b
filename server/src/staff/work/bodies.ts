// The path parameters of a row and a review, and the size limit and JSON check of a change's body. (The bodies'
// schemas are the contracts': @site/contracts/staff-api-schemas.)
import type { FastifyRequest } from 'fastify';
import type { InboxKind } from '@site/contracts/staff-api';
import { notFound, StaffWorkError } from './errors.js';
import { inboxKindOf } from './inboxTables.js';

/** Largest body of a work call: a note at its limit, escaped, fits. */
export const WORK_BODY_LIMIT = 32 * 1024;

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
  if (type !== 'application/json')
    throw new StaffWorkError(415, 'Send the request as JSON (Content-Type: application/json)');
}
