// A line's quantity against its size's pack: a branch sells whole packs, so a quantity between two is said before the
// request is sent (the buyer then chooses; the request still goes as typed and the quotation confirms it).

/** The whole-pack quantities either side of `quantity`, or undefined when it is whole packs (or there is no pack). */
export function packsAround(
  quantity: number,
  pack: number | undefined,
): { pack: number; lower: number; upper: number } | undefined {
  if (pack === undefined || pack < 2 || !Number.isInteger(quantity) || quantity % pack === 0) return undefined;
  const lower = Math.floor(quantity / pack) * pack;
  return { pack, lower, upper: lower + pack };
}
