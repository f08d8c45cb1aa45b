import styled from 'styled-components';

/** A button that reads as a link in running text ("Clear all", "Remove …", a suggested search): brand colour, underlined. */
export const TextButton = styled.button`
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.brand};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;
