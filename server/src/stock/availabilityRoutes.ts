// The public read of stock: GET /api/stock/availability?codes=A,B, for the pages that show it after they start (the
// product page, the basket). Its own answer, cached for seconds, so a feed every minute leaves the pages' cached HTML
// alone; answered from the process's StockReader, which follows every feed's announcement.
import type { FastifyPluginAsync } from 'fastify';
import {
  STOCK_API,
  STOCK_AVAILABILITY_CODES_MAX,
  stockBand,
  type AvailabilityAnswer,
  type StockDisplay,
  type VariantAvailability,
} from '@site/contracts/stock-api';
import { httpError } from '../platform/http/jsonEndpoint.js';
import type { StockReader } from './stockReader.js';

/** Seconds a browser or shared cache may reuse an answer: the freshness promised after a feed. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;
/** A variant code as the catalogue writes them (letters, digits and - _ . /); anything else is not a code. */
const CODE = /^[\p{L}\p{N}][\p{L}\p{N}\-_./]{0,63}$/u;

/** The codes of `?codes=`, or the reason they are refused. */
export function parseCodes(value: unknown): string[] | string {
  if (typeof value !== 'string' || value.trim() === '') return 'Ask for one or more variant codes: ?codes=CODE1,CODE2';
  const codes = [
    ...new Set(
      value
        .split(',')
        .map((code) => code.trim())
        .filter((code) => code !== ''),
    ),
  ];
  if (codes.length > STOCK_AVAILABILITY_CODES_MAX)
    return `Ask for at most ${STOCK_AVAILABILITY_CODES_MAX} codes at once`;
  const bad = codes.find((code) => !CODE.test(code));
  return bad === undefined ? codes : `Not a variant code: ${JSON.stringify(bad.slice(0, 70))}`;
}

/**
 * The availability as the public may read it: in `bands`, every quantity cut down to its band (stockBand), here on the
 * server, so the exact figures the company chose not to publish are in no answer (a page could hide them; a scraper
 * reading the API would not).
 */
export function publicAvailability(
  availability: readonly VariantAvailability[],
  display: StockDisplay,
): VariantAvailability[] {
  if (display === 'exact') return [...availability];
  return availability.map(({ code, locations }) => ({
    code,
    locations: locations.map((location) => ({
      ...location,
      onHand: stockBand(location.onHand),
      incoming:
        location.incoming === null ? null : { ...location.incoming, quantity: stockBand(location.incoming.quantity) },
    })),
  }));
}

export const availabilityRoutes: FastifyPluginAsync<{
  reader: Pick<StockReader, 'availability'>;
  display: StockDisplay;
}> = async (app, { reader, display }) => {
  app.get(STOCK_API.availability, async (request, reply): Promise<AvailabilityAnswer> => {
    const codes = parseCodes((request.query as Record<string, unknown>).codes);
    if (typeof codes === 'string') throw httpError(400, codes);
    void reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
    return { display, availability: publicAvailability(await reader.availability(codes), display) };
  });
};
