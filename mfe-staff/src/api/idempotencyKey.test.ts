import { IDEMPOTENCY_KEY_PATTERN } from '@site/contracts/staff-catalogue-api';
import { newIdempotencyKey } from './idempotencyKey';

describe('newIdempotencyKey', () => {
  it('makes a different key each time, each one the contract takes', () => {
    const keys = [newIdempotencyKey(), newIdempotencyKey()];
    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('makes one from random bytes where the browser has no randomUUID (a page not served over https)', () => {
    // randomUUID is the prototype's: hidden by an own property, found again once that is deleted
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
