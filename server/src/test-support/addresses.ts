// Client addresses for tests of per-address limits and lockouts.

/**
 * A source of client addresses, each new, in a documentation network (198.18.0.0/15): a test taking a fresh one is a
 * client of its own, so a per-address lock or count never carries over from another test. Test files that share a
 * Redis at the same time take different networks ('198.18' or '198.19').
 */
export function freshAddresses(network: '198.18' | '198.19' = '198.18'): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `${network}.${Math.floor(count / 250) % 250}.${(count % 250) + 1}`;
  };
}
