import styled from 'styled-components';

/** A page or section heading in the brand style. `as` picks the level (h1 by default). */
export const SectionHeading = styled.h1`
  margin: 0 0 24px;
  color: ${({ theme }) => theme.colors.brand};
  font-size: ${({ theme }) => theme.typeScale.xxl};
  line-height: 1.2;
  &::after {
    content: '';
    display: block;
    width: 64px;
    height: 4px;
    margin-top: 12px;
    background: ${({ theme }) => theme.colors.accent};
    border-radius: 2px;
  }
`;
