// The listing's filters and products side by side, and the filters' form's look (FiltersPanel.tsx draws it): one set
// of rules on the layout rather than a styled component per part, since each component costs the server's HTML a rule
// of its own (tests/budgets/first-view.json holds the listing's CSS rules).
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
  fieldset { margin: 0 0 20px; padding: 0; border: 0; }
  legend { margin-bottom: 8px; padding: 0; font-weight: 700; }
  fieldset label { display: flex; align-items: center; gap: 8px; min-height: 32px; }
  fieldset [inputmode] {
    inline-size: 6em;
    min-block-size: 40px;
    margin-inline-end: 8px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
  }
  @media (max-width: ${FILTERS_SHEET_BELOW_PX - 1}px) {
    details[open] {
      position: fixed;
      inset: 0;
      z-index: 900;
      overflow: auto;
      overscroll-behavior: contain;
      padding: 16px 20px 32px;
      background: ${({ theme }) => theme.colors.surface};
    }
  }
  @media (min-width: ${FILTERS_SHEET_BELOW_PX}px) {
    grid-template-columns: 240px minmax(0, 1fr);
    gap: 32px;
    @supports selector(::details-content) {
      summary { display: none; }
      details::details-content { content-visibility: visible; }
    }
  }
`;
