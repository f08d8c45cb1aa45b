// The public availability read as STOCK_DISPLAY sets it: exact figures as stored, or bands, cut on the server so that
// the exact figures are in no answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { STOCK_API, stockBand, type AvailabilityAnswer, type VariantAvailability } from '@site/contracts/stock-api';
import { availabilityRoutes, publicAvailability } from './availabilityRoutes.js';

const STORED: VariantAvailability[] = [
  {
    code: 'HEX-CW-25',
    locations: [
      {
        location: 'dubai',
        onHand: 1240,
        incoming: { quantity: 500, date: '2030-12-12' },
        leadTimeDays: null,
        updatedAt: '2030-12-01T10:00:00.000Z',
      },
      { location: 'muscat', onHand: 7, incoming: null, leadTimeDays: 28, updatedAt: '2030-12-01T10:00:00.000Z' },
      {
        location: 'bahrain',
        onHand: 0,
        incoming: { quantity: 9, date: '2030-12-20' },
        leadTimeDays: 10,
        updatedAt: '2030-12-01T10:00:00.000Z',
      },
    ],
  },
  { code: 'NEVER-NAMED', locations: [] },
];

test('bands: the largest bound at most the quantity; 0 stays 0', () => {
  assert.deepEqual(
    [0, 1, 9, 10, 49, 50, 99, 100, 499, 500, 999, 1000, 1240].map(stockBand),
    [0, 1, 1, 10, 10, 50, 50, 100, 100, 500, 500, 1000, 1000],
  );
});

test('publicAvailability: exact leaves the figures; bands cuts on hand and incoming, keeps dates, lead times and unknown codes', () => {
  assert.deepEqual(publicAvailability(STORED, 'exact'), STORED);
  const banded = publicAvailability(STORED, 'bands');
  assert.deepEqual(
    banded[0]?.locations.map(({ location, onHand, incoming, leadTimeDays }) => ({
      location,
      onHand,
      incoming,
      leadTimeDays,
    })),
    [
      { location: 'dubai', onHand: 1000, incoming: { quantity: 500, date: '2030-12-12' }, leadTimeDays: null },
      { location: 'muscat', onHand: 1, incoming: null, leadTimeDays: 28 },
      { location: 'bahrain', onHand: 0, incoming: { quantity: 1, date: '2030-12-20' }, leadTimeDays: 10 },
    ],
  );
  assert.deepEqual(banded[1], { code: 'NEVER-NAMED', locations: [] });
  assert.equal(STORED[0]?.locations[0]?.onHand, 1240, 'the stored figures are not changed');
});

for (const display of ['exact', 'bands'] as const) {
  test(`GET ${STOCK_API.availability} with STOCK_DISPLAY=${display}: says so, and no exact figure leaves in bands`, async () => {
    const app = Fastify();
    await app.register(availabilityRoutes, {
      reader: { availability: async (codes) => STORED.filter(({ code }) => codes.includes(code)) },
      display,
    });
    try {
      const answer = await app.inject({ method: 'GET', url: `${STOCK_API.availability}?codes=HEX-CW-25,NEVER-NAMED` });
      assert.equal(answer.statusCode, 200, answer.body);
      const body = answer.json<AvailabilityAnswer>();
      assert.equal(body.display, display);
      assert.equal(answer.body.includes('1240'), display === 'exact');
      assert.deepEqual(body.availability[1], { code: 'NEVER-NAMED', locations: [] });
    } finally {
      await app.close();
    }
  });
}
