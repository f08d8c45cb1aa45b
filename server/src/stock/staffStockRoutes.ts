// The staff API's side of the stock (admins): the feeds of the last 30 days with their reports, one feed's refused
// rows, and whether the feed is late (the staff home's warning). Registered inside the staff API's signed-in scope,
// so the session is checked there, as for every other staff call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_API } from '@site/contracts/staff-api';
import type { Database } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { listFeeds, readFeed, readFeedHealth } from './stockStore.js';

export interface StaffStockOptions {
  /** STOCK_FEED_STALE_MINUTES: no feed for longer than this, and the staff home warns. */
  staleMinutes: number;
}

export const STOCK_MESSAGES = { adminsOnly: 'Only administrators can see the stock feeds.' } as const;

function adminsOnly(request: FastifyRequest): void {
  const staff = request.staff;
  if (staff === undefined) throw httpError(401, 'Sign in first.');
  if (staff.role !== 'admin') throw httpError(403, STOCK_MESSAGES.adminsOnly);
}

const idOf = (raw: unknown): number => {
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw)) throw httpError(400, 'The feed id must be a number');
  return Number(raw);
};

export function staffStockRoutes(scope: FastifyInstance, options: StaffStockOptions & { db: Database }): void {
  const { db, staleMinutes } = options;
  scope.get(STAFF_API.stockFeeds, async (request) => {
    adminsOnly(request);
    const { before } = request.query as { before?: unknown };
    return listFeeds(db.kysely, staleMinutes, before === undefined ? undefined : idOf(before));
  });
  scope.get<{ Params: { id: string } }>(STAFF_API.stockFeed, async (request) => {
    adminsOnly(request);
    const feed = await readFeed(db.kysely, idOf(request.params.id));
    if (feed === undefined) throw httpError(404, 'No such feed in the last 30 days');
    return feed;
  });
  scope.get(STAFF_API.stockHealth, async (request) => {
    adminsOnly(request);
    return readFeedHealth(db.kysely, staleMinutes);
  });
}
