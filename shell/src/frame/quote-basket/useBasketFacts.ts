// What the header's basket panel says of its lines beyond what the basket keeps (docs/stock.md): each line's stock, from
// the public availability call, and its size's pack, from the catalogue's look-up. Read when the panel opens (each
// opening reads them anew: stock is seconds fresh, a pack may have changed), in the panel's chunk only. Each is null
// until it arrives, and when it cannot be read: the panel then says nothing of it. Nothing of it may come from a module
// the shell's first chunk holds (content's validation): an export used here would be kept there, on every page.
import { useEffect, useState } from 'react';
import type { LookupResponse } from '@site/contracts/catalogue-api';
import { lookupPaths } from '@site/contracts/catalogue-lookup';
import { availabilityPaths, type AvailabilityAnswer, type LocationAvailability } from '@site/contracts/stock-api';
import { loadJson } from '@site/shared-store';

/** The ERP's locations of each code as the line writes it (the answer names each code as asked); [] never named. */
export type BasketStock = Readonly<Record<string, readonly LocationAvailability[]>>;
/** Each size's pack quantity by its code as the catalogue writes it (the basket's lines' codes); none: no pack. */
export type BasketPacks = Readonly<Record<string, number>>;

/** Reads `paths` and makes one value of the answers; null until then, and when any cannot be read. */
function useAnswers<A, T>(paths: readonly string[], made: (answers: A[]) => T): T | null {
  const key = paths.join('\n');
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (key === '') return undefined;
    const controller = new AbortController();
    Promise.all(key.split('\n').map((path) => loadJson<A>(path, controller.signal)))
      .then((answers) => setValue(made(answers)))
      // quiet: these are a help to the buyer, never a reason for the panel to fail
      .catch(() => undefined);
    return () => controller.abort();
    // `made` is a pure function of the answers: the paths alone say when to read again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}

const stockOf = (answers: AvailabilityAnswer[]): BasketStock =>
  Object.fromEntries(answers.flatMap((answer) => answer.availability).map(({ code, locations }) => [code, locations]));

const packsOf = (answers: LookupResponse[]): BasketPacks =>
  Object.fromEntries(
    answers
      .flatMap((answer) => answer.variants ?? [])
      .flatMap(({ variant }) => (variant.packQuantity === undefined ? [] : [[variant.code, variant.packQuantity]])),
  );

export function useBasketFacts(codes: readonly string[]): { stock: BasketStock | null; packs: BasketPacks | null } {
  const stock = useAnswers(availabilityPaths(codes), stockOf);
  const packs = useAnswers(lookupPaths(codes), packsOf);
  return { stock, packs };
}
