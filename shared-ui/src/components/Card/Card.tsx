import styled from 'styled-components';

/** A raised surface for a grid item (category, product, certificate, team member). */
export const Card = styled.article`
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  overflow: hidden;
  transition: box-shadow 0.2s ease, transform 0.2s ease;
  &:hover, &:focus-within { box-shadow: ${({ theme }) => theme.shadow.raised}; transform: translateY(-2px); }
`;

/** A responsive grid of cards. */
export const CardGrid = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fill, minmax(250px, 1fr));
  list-style: none;
  padding: 0;
  margin: 0;
`;
