// The calls a page makes to the basket kept in the buyer's account (contracts' basketApi.ts), each answer read as one
// of three outcomes. Answers are untrusted input: merge's lines are read as a stored basket is (readStoredBasket).
import { BASKET_API } from '@site/contracts/basket-api';
import { readStoredBasket, type QuoteLine } from '@site/shared-store';

/** A call's outcome: done (with merge's lines), refused because the browser is connected no more (401), or failed. */
export type AccountBasketOutcome<Answer> = { kind: 'done'; answer: Answer } | { kind: 'unlinked' } | { kind: 'failed' };

const FAILED = { kind: 'failed' } as const;

/** The response, or undefined when the network failed (or the call was aborted: the page stopped syncing). */
async function call(
  send: typeof fetch,
  method: 'POST' | 'PUT',
  path: string,
  lines: readonly QuoteLine[] | undefined,
  signal: AbortSignal | undefined,
): Promise<Response | undefined> {
  try {
    return await send(path, {
      method,
      credentials: 'same-origin',
      signal,
      ...(lines === undefined
        ? {}
        : {
            headers: { 'content-type': 'application/json' },
            // as a stored basket is read: the server refuses a whole body for one line it would not take
            body: JSON.stringify({ lines: readStoredBasket(JSON.stringify({ lines })) }),
          }),
    });
  } catch {
    return undefined;
  }
}

/** Sends the browser's basket; the answer is the account's (merged with it on the first call only). */
export async function mergeAccountBasket(
  send: typeof fetch,
  lines: readonly QuoteLine[],
  signal?: AbortSignal,
): Promise<AccountBasketOutcome<QuoteLine[]>> {
  const response = await call(send, 'POST', BASKET_API.merge, lines, signal);
  if (response?.status === 401) return { kind: 'unlinked' };
  if (!response?.ok) return FAILED;
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return FAILED;
  }
  // an answer without its list is no answer: read as an empty basket, it would empty the buyer's
  if (typeof answer !== 'object' || answer === null || !Array.isArray((answer as { lines?: unknown }).lines))
    return FAILED;
  return { kind: 'done', answer: readStoredBasket(JSON.stringify(answer)) };
}

/** Makes the account's basket the page's lines. */
export async function putAccountBasket(
  send: typeof fetch,
  lines: readonly QuoteLine[],
  signal?: AbortSignal,
): Promise<AccountBasketOutcome<undefined>> {
  const response = await call(send, 'PUT', BASKET_API.basket, lines, signal);
  if (response?.status === 401) return { kind: 'unlinked' };
  return response?.ok ? { kind: 'done', answer: undefined } : FAILED;
}

/** This browser keeps its basket to itself again (the server forgets its token); a 401: it already did. */
export async function disconnectAccountBasket(send: typeof fetch): Promise<AccountBasketOutcome<undefined>> {
  const response = await call(send, 'POST', BASKET_API.disconnect, undefined, undefined);
  if (response?.status === 401) return { kind: 'unlinked' };
  return response?.ok ? { kind: 'done', answer: undefined } : FAILED;
}
