// What the buyer did in this browser, kept over an answer of the account that did not know it (a change made while the
// call was on its way, or one not sent before the page closed: the account's later merges leave its basket as it is).
import type { QuoteLine } from '@site/shared-store';

/** The same parts in the same quantities, in the same order (names and labels are the catalogue's words, not the buyer's doing). */
export const sameLines = (a: readonly QuoteLine[], b: readonly QuoteLine[]): boolean =>
  a.length === b.length &&
  a.every((line, index) => line.code === b[index]!.code && line.quantity === b[index]!.quantity);

/**
 * The account's lines with this browser's changes since `base` (the account's basket as this browser last knew it) on
 * top: a line added here or whose quantity changed here is kept as it is here, a line removed here stays removed;
 * everything else is the account's (another device's changes). With nothing done here, it is the account's basket.
 */
export function keepLocalChanges(
  base: readonly QuoteLine[],
  local: readonly QuoteLine[],
  account: readonly QuoteLine[],
): QuoteLine[] {
  const before = new Map(base.map((line) => [line.code, line.quantity]));
  const here = new Map(local.map((line) => [line.code, line]));
  const changedHere = (line: QuoteLine) => before.get(line.code) !== line.quantity;
  const fromAccount = account.flatMap((line) => {
    const localLine = here.get(line.code);
    // not here: removed here (it was in the base), or added by another device
    if (localLine === undefined) return before.has(line.code) ? [] : [line];
    return [changedHere(localLine) ? localLine : line];
  });
  const inAccount = new Set(account.map((line) => line.code));
  // here only: added (or changed) here is kept; unchanged here, it was removed by another device
  return [...fromAccount, ...local.filter((line) => !inAccount.has(line.code) && changedHere(line))];
}
