import { css } from 'styled-components';

/**
 * The look of the controls inside a Field of the site's forms (the contact remote's, the staff pages'): 44 px targets,
 * the theme's border and surface, a visible focus ring. Spread into a styled(Field).
 */
export const fieldControlStyles = css`
  input, select, textarea {
    min-height: 44px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
  }
  textarea { resize: vertical; }
  input:focus-visible, select:focus-visible, textarea:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
`;
