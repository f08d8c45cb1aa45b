import type { Migration } from './types.js';

/**
 * Where a review came from: `client_key` is a hash of the client's address (an IPv6 one's /64),
 * never the address itself. The per-product review limit counts a client's recent reviews of a product by it, and
 * the rating counts each client once (reviews/reviewLimit.ts). Reviews stored before have none: each counts as its
 * own client. Names stored before text-direction controls were refused lose them ("\u202Egpj.exe" showed as "exe.jpg"):
 * the nine controls the forms refuse since this migration (content/src/validation/rules.ts), U+202A–202E and U+2066–2069.
 */
export const migration003: Migration = {
  version: '003',
  name: 'review_sources',
  sql: /* sql */ `
alter table reviews add column client_key text;
create index reviews_product_client_idx on reviews (product_id, client_key, created_at desc) where client_key is not null;

update reviews set customer_name = translate(customer_name, '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069', '')
  where customer_name <> translate(customer_name, '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069', '');
`,
};
