// The basket's lines' stock for the header's panel (docs/stock.md): read when the panel opens, from the public
// availability call (the answers are seconds fresh: each opening reads them anew), in the panel's chunk only. Null
// until it arrives, and when it cannot be read: the panel then says nothing of stock. Nothing of it may come from a
// module the shell's first chunk holds (content's validation): an export used here would be kept there, on every page.
import { useEffect, useState } from 'react';
import { availabilityPaths, type AvailabilityAnswer, type LocationAvailability } from '@site/contracts/stock-api';
import { loadJson } from '@site/shared-store';

/** The ERP's locations of each code as the line writes it (the answer names each code as asked); [] never named. */
export type BasketStock = Readonly<Record<string, readonly LocationAvailability[]>>;

export function useBasketStock(codes: readonly string[]): BasketStock | null {
  const key = codes.join(',');
  const [stock, setStock] = useState<BasketStock | null>(null);
  useEffect(() => {
    if (key === '') return undefined;
    const controller = new AbortController();
    Promise.all(availabilityPaths(key.split(',')).map((path) => loadJson<AvailabilityAnswer>(path, controller.signal)))
      .then((answers) =>
        setStock(
          Object.fromEntries(
            answers.flatMap((answer) => answer.availability).map(({ code, locations }) => [code, locations]),
          ),
        ),
      )
      // quiet: stock is a help to the buyer, never a reason for the panel to fail
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);
  return stock;
}
