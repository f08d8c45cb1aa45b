// The stock of a page's variant codes, read from the public availability call once the page has started (never part
// of the server's HTML: a feed a minute must not empty the pages' caches). One request per list of codes, shared by
// the parts that show it (the summary's lines, the variant table's column) and kept for a short while; a failure is
// null: the page then says nothing of stock.
import { useEffect, useState } from 'react';
import {
  STOCK_API,
  STOCK_AVAILABILITY_CODES_MAX,
  type AvailabilityAnswer,
  type StockDisplay,
  type VariantAvailability,
} from '@site/contracts/stock-api';

export interface StockView {
  display: StockDisplay;
  byCode: ReadonlyMap<string, VariantAvailability>;
  /** When the answer arrived (ms): the "updated … ago" is counted to it. */
  receivedAt: number;
}

/** How long an answer serves the next part that asks (the server's answers are fresh for 5 s; a page lives longer). */
const KEPT_MS = 30_000;

const requests = new Map<string, { at: number; view: Promise<StockView | null> }>();

async function fetchStock(codes: readonly string[]): Promise<StockView | null> {
  const parts: string[][] = [];
  for (let start = 0; start < codes.length; start += STOCK_AVAILABILITY_CODES_MAX)
    parts.push(codes.slice(start, start + STOCK_AVAILABILITY_CODES_MAX));
  try {
    const answers = await Promise.all(
      parts.map(async (part) => {
        const response = await fetch(`${STOCK_API.availability}?codes=${encodeURIComponent(part.join(','))}`, {
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`availability: ${response.status}`);
        return (await response.json()) as AvailabilityAnswer;
      }),
    );
    const byCode = new Map(answers.flatMap((answer) => answer.availability.map((item) => [item.code, item] as const)));
    return { display: answers[0]?.display ?? 'exact', byCode, receivedAt: Date.now() };
  } catch {
    // quiet: stock is a help to the buyer, never a reason for the page to fail
    return null;
  }
}

/** The stock of `codes` (one request per list, kept KEPT_MS). */
export function requestStock(codes: readonly string[]): Promise<StockView | null> {
  const key = codes.join(',');
  const kept = requests.get(key);
  if (kept !== undefined && Date.now() - kept.at < KEPT_MS) return kept.view;
  const view = fetchStock(codes);
  requests.set(key, { at: Date.now(), view });
  return view;
}

/** Forgets every answer (tests). */
export function forgetStock(): void {
  requests.clear();
}

/** The stock of `codes` once it has arrived; null before, on the server, without codes and when it could not be read. */
export function useStock(codes: readonly string[]): StockView | null {
  const key = codes.join(',');
  const [loaded, setLoaded] = useState<{ key: string; view: StockView | null } | null>(null);
  useEffect(() => {
    if (key === '') return undefined;
    let live = true;
    void requestStock(key.split(',')).then((view) => {
      if (live) setLoaded({ key, view });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return loaded?.key === key ? loaded.view : null;
}
