import styled from 'styled-components';
import { FILTERS_SHEET_BELOW_PX } from './ListingFilters';

/** The filters beside the products on a wide screen; above them (a button that opens the sheet) on a phone. */
export const FilteredLayout = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  @media (min-width: ${FILTERS_SHEET_BELOW_PX}px) { grid-template-columns: 240px minmax(0, 1fr); gap: 32px; }
`;
