import styled from 'styled-components';

/**
 * The text of a product's card under its picture (a listing's, a search result's): the name as h2, then short lines. It
 * fills the card's link, so a line with `margin-top: auto` (a listing's price and rating) sits at the card's bottom
 * whatever the name's length.
 */
export const CardText = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 16px;
  h2 { margin: 0; font-size: ${({ theme }) => theme.typeScale.md}; line-height: 1.35; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; font-size: ${({ theme }) => theme.typeScale.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
`;
