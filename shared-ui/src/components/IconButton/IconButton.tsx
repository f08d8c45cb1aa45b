import styled from 'styled-components';

/**
 * A round 44 × 44 px button holding one icon (WCAG target size); give it an aria-label. Colours
 * default to the brand on a transparent background; callers restyle it with styled(IconButton).
 */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.brand};
  background: transparent;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.brandLight}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;
