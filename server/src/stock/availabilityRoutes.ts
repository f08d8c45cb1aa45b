// The public read of stock: GET /api/stock/availability?codes=A,B, for the pages that show it after they start (the
// product page, the basket). Its own answer, cached for seconds, so a feed every minute leaves the pages' cached HTML
// alone; answered from the process's StockReader, which follows every feed's announcement.
import type { FastifyPluginAsync } from 'fastify';
import { STOCK_API, STOCK_AVAILABILITY_CODES_MAX, type AvailabilityAnswer } from '@site/contracts/stock-api';
import { httpError } from '../platform/http/jsonEndpoint.js';
import type { StockReader } from './stockReader.js';

/** Seconds a browser or shared cache may reuse an answer: the freshness promised after a feed. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;
/** A variant code as the catalogue writes them (letters, digits and - _ . /); anything else is not a code. */
const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-_./]{0,63}$/u;

/** The codes of `?codes=`, or the reason they are refused. */
export function parseCodes(value: unknown): string[] | string {
  if (typeof value !== 'string' || value.trim() === '') return 'Ask for one or more variant codes: ?codes=CODE1,CODE2';
  const codes = [...new Set(value.split(',').map((code) => code.trim()).filter((code) => code !== ''))];
  if (codes.length > STOCK_AVAILABILITY_CODES_MAX) return `Ask for at most ${STOCK_AVAILABILITY_CODES_MAX} codes at once`;
  const bad = codes.find((code) => !CODE.test(code));
  return bad === undefined ? codes : `Not a variant code: ${JSON.stringify(bad.slice(0, 70))}`;
}

export const availabilityRoutes: FastifyPluginAsync<{ reader: StockReader }> = async (app, { reader }) => {
  app.get(STOCK_API.availability, async (request, reply): Promise<AvailabilityAnswer> => {
    const codes = parseCodes((request.query as Record<string, unknown>).codes);
    if (typeof codes === 'string') throw httpError(400, codes);
    void reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
    return { availability: await reader.availability(codes) };
  });
};
