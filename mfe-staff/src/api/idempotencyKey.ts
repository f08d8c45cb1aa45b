// A fresh Idempotency-Key for one send (contracts' IDEMPOTENCY_KEY_PATTERN: 8–100 of [A-Za-z0-9_-]): the caller keeps
// it while the send is retried, so a second click or a retry is the same job on the server.

/** A random key: a UUID where the browser gives one (a secure context only), else 32 hex digits of the same entropy. */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
