// The listing's filters and products side by side. Its rules are few (tests/budgets/first-view.json holds the listing's
// CSS rules): the filters' own look is in their chunk (FiltersPanel.tsx), the rules here are what the page's first
// chunk must have whether or not the filters are drawn (the grid, the order's <select>) or what one rule here does for
// both (the <select> and the price fields, the wide screen's @media).
import styled from 'styled-components';

/** Below this width the filters open in a sheet from 'Filters'; above it they stand beside the products. */
export const FILTERS_SHEET_BELOW_PX = 900;

/** The filters' form's id: the sort's <select> and its button, drawn in the toolbar, belong to it (`form` attribute). */
export const LISTING_VIEW_FORM_ID = 'listing-view';

/**
 * The filters beside the products on a wide screen (their <details> shown whatever its state, its 'Filters' hidden);
 * above them on a phone, where 'Filters' opens them as a sheet over the page. A browser that cannot show a closed
 * <details>'s content keeps 'Filters' on a wide screen too: a control that opens them.
 */
export const FilteredLayout = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  accent-color: ${({ theme }) => theme.colors.brand};
  /* the listing's order (its toolbar, the first row here) and the filters' price fields: one look, one rule */
  select,
  fieldset [inputmode] {
    /* a button's height: the order's button, there until the page has started, leaves nothing to move */
    min-height: 48px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
    font-weight: 400;
    /* narrow enough for the order's button beside it on a phone (a price field is narrower: size="6") */
    max-width: 14em;
  }
  @media (min-width: ${FILTERS_SHEET_BELOW_PX}px) {
    grid-template-columns: 240px minmax(0, 1fr);
    gap: 32px;
    /*
     * 'Filters' hidden, the <details>'s content shown closed: only where the browser can show it (::details-content).
     * The selector matching nothing makes the rule one such a browser drops whole, keeping 'Filters' (no @supports:
     * one rule less in the listing's first view).
     */
    summary,
    x::details-content { display: none; }
    details::details-content { content-visibility: visible; }
  }
`;
