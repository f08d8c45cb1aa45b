// A product's related parts on its page (docs/decisions/040-related-parts.md): "Fits with" (its accessories) and
// "Alternatives", each part with its name (a link to its page, the part chosen), code, price, stock word and an "Add to
// quote" form. In the page's later chunk (../later/laterChunk.ts), as the variant table: the server awaits it and
// draws the parts, their links working before the page has started; the forms and stock words are drawn once it has
// started (a form needs the basket's script: drawn before, it would be a control that does nothing), in room kept for
// them, so nothing moves.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { RelatedPart } from '@site/contracts/catalogue-api';
import { productPath } from '@site/contracts/paths';
import { productViewSearch } from '@site/contracts/product-view';
import { useHydrated } from '@site/shared-ui';
import { useAppSelector } from '@site/shared-store';
import { priceText } from '../../listing/priceText';
import { AddToQuote } from '../../quote/AddToQuote';
import { CompareStock } from '../stock/StockPanel';
import { useVariantText } from '../variants/i18n/variantText';

// One styled element for the whole section (its parts styled by their elements): each styled component costs the
// product page's first chunk bytes (tests/budgets/first-view.json).
const Section = styled.section`
  margin-block: 24px;
  h3 { margin: 0 0 8px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
  ul { list-style: none; margin: 0 0 16px; padding: 0; display: grid; gap: 12px; }
  li {
    display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 4px 16px;
    padding: 12px 16px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radius.md};
  }
  li > div { flex: 1 1 240px; min-width: 0; }
  /* the form's room, kept before it is drawn */
  li > :last-child { min-block-size: 44px; min-inline-size: min(100%, 240px); }
  p { margin: 0; line-height: 1.5; overflow-wrap: anywhere; }
  /* the stock word's line, kept so that nothing moves when it comes */
  li > div > p:last-child { min-block-size: 1.5em; font-size: ${({ theme }) => theme.typeScale.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

function PartRow({ part }: { part: RelatedPart }) {
  const text = useVariantText();
  // the state's field itself: importing the slice's selector would bring the slice into this later chunk
  const display = useAppSelector((state) => state.productDetail?.display);
  const hydrated = useHydrated();
  const { variant } = part;
  return (
    <li>
      <div>
        <p>
          <Link to={`${productPath(part.productCategoryId, part.productId)}${productViewSearch(variant.code)}`}>
            {variant.label ? `${part.name} — ${variant.label}` : part.name}
          </Link>
        </p>
        <p>
          <strong>{text('catalogue.summary.code')}</strong> <bdi dir="ltr">{variant.code}</bdi> ·{' '}
          <strong>{text('catalogue.summary.price')}</strong> {priceText(variant.price, text, false, display)}
        </p>
        <p>{hydrated ? <CompareStock codes={[variant.code]} /> : null}</p>
      </div>
      {hydrated ? (
        <AddToQuote
          compact
          namedAs={variant.code}
          product={{
            id: part.productId,
            code: variant.code,
            label: variant.label,
            name: part.name,
            unit: variant.unit,
            productCategoryId: part.productCategoryId,
            image: part.image,
          }}
        />
      ) : (
        <span />
      )}
    </li>
  );
}

const KINDS = [
  { kind: 'accessory', heading: 'catalogue.related.fitsWith' },
  { kind: 'alternative', heading: 'catalogue.related.alternatives' },
] as const;

/** The product's related parts by kind, each kind under its heading; nothing when it has none. */
export function RelatedParts({ related }: { related: readonly RelatedPart[] }) {
  const text = useVariantText();
  if (related.length === 0) return null;
  return (
    <Section id="related-parts">
      {KINDS.map(({ kind, heading }) => {
        const parts = related.filter((part) => part.kind === kind);
        return parts.length === 0 ? null : (
          <div key={kind}>
            <h3>{text(heading)}</h3>
            <ul>
              {parts.map((part) => (
                <PartRow key={part.variant.code} part={part} />
              ))}
            </ul>
          </div>
        );
      })}
    </Section>
  );
}
