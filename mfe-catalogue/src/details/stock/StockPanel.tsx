// The chosen variant's stock in the product summary: a line per location the ERP stated and when it was updated.
// In the later chunk (LaterParts.tsx): drawn once the page has started, in the box the server kept for it
// (STOCK_BOX_ID), so nothing moves. A code the ERP never named, or an answer that did not come: nothing at all.
import { useMemo } from 'react';
import styled from 'styled-components';
import type { ProductVariant } from '@site/content';
import { useStock } from './stockStore';
import { locationLines, productShortText, updatedText } from './stockText';
import { useStockWords } from './useStockWords';

const Lines = styled.div`
  font-size: ${({ theme }) => theme.typeScale.sm};
  line-height: 1.5;
  ul { margin: 0; padding: 0 !important; list-style: none; }
  p { margin: 0; line-height: 1.5; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface StockPanelProps {
  /** Every variant of the product (one request for the page: the variant table's column reads the same). */
  variants: readonly ProductVariant[];
  /** The variant whose stock is shown. */
  variant: ProductVariant;
}

export function StockPanel({ variants, variant }: StockPanelProps) {
  const codes = useMemo(
    () => (variants.length > 0 ? variants.map((item) => item.code) : [variant.code]),
    [variants, variant.code],
  );
  const view = useStock(codes);
  const words = useStockWords(view?.display ?? 'exact');
  const availability = view?.byCode.get(variant.code);
  if (view === null || availability === undefined || availability.locations.length === 0) return null;
  const lines = locationLines(words, availability, variant.unit, view.receivedAt);
  return (
    <Lines role="group" aria-label={words.text('catalogue.stock.label')}>
      <ul>
        {lines.map(({ location, line }) => (
          <li key={location}>{line}</li>
        ))}
      </ul>
      <p>{updatedText(words, availability, view.receivedAt)}</p>
    </Lines>
  );
}

/** The compare page's availability cell of one product: its variants' best status in a word ('In stock (8 of 11)'). */
export function CompareStock({ codes }: { codes: readonly string[] }) {
  const view = useStock(codes);
  const words = useStockWords(view?.display ?? 'exact');
  return view === null ? null : <>{productShortText(words.text, codes, view.byCode)}</>;
}
