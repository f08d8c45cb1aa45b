// What the catalogue list's tick boxes have chosen for a bulk edit: products ticked one by one, or every result of the
// list's filters ("Select all N results": the server finds them when the edit is sent). A change of the filters starts
// the choice again (CatalogueListPage keys it by the filters), so that "all" never means another list's results.
import { useMemo, useState } from 'react';
import type { BulkSelection } from '@site/contracts/staff-catalogue-api';
import type { ListQuery } from './listQuery';

export interface BulkChoice {
  ticked: ReadonlySet<string>;
  /** Every result of the filters, not only the ticked. */
  all: boolean;
}

export const NOTHING_CHOSEN: BulkChoice = { ticked: new Set(), all: false };

/** The edit's selection: the ticked products, or the list's filters (without its order and page). */
export function selectionOf(choice: BulkChoice, query: ListQuery): BulkSelection | undefined {
  if (choice.all)
    return {
      query: {
        ...(query.q === undefined ? {} : { q: query.q }),
        ...(query.category === undefined ? {} : { category: query.category }),
        ...(query.brand === undefined ? {} : { brand: query.brand }),
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(query.missingArabic ? { missingArabic: '1' as const } : {}),
      },
    };
  return choice.ticked.size === 0 ? undefined : { products: [...choice.ticked] };
}

/** The choice, and its changes: a product ticked or not, a page's products, all results, none. */
export function useBulkChoice() {
  const [choice, setChoice] = useState<BulkChoice>(NOTHING_CHOSEN);
  // the changes are made once: a page's effect may depend on them (clear, when its filters change)
  const changes = useMemo(() => {
    const ticking = (ids: readonly string[], on: boolean) =>
      setChoice(({ ticked }) => {
        const next = new Set(ticked);
        for (const id of ids)
          if (on) next.add(id);
          else next.delete(id);
        return { ticked: next, all: false };
      });
    return {
      tick: (id: string, on: boolean) => ticking([id], on),
      tickPage: ticking,
      chooseAll: (ids: readonly string[]) => setChoice({ ticked: new Set(ids), all: true }),
      clear: () => setChoice(NOTHING_CHOSEN),
    };
  }, []);
  return { choice, ...changes };
}
