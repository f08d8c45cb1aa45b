import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary';

const variantStyle = (variant: Variant) =>
  variant === 'primary'
    ? css`
        background: ${({ theme }) => theme.colors.brand};
        color: ${({ theme }) => theme.colors.onBrand};
        border-color: ${({ theme }) => theme.colors.brand};
        &:hover { background: ${({ theme }) => theme.colors.brandDark}; }
      `
    : css`
        background: transparent;
        color: ${({ theme }) => theme.colors.brand};
        border-color: ${({ theme }) => theme.colors.brand};
        &:hover { background: ${({ theme }) => theme.colors.brandLight}; }
      `;

const buttonStyle = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 20px;
  border: 2px solid;
  border-radius: ${({ theme }) => theme.radius.sm};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  ${({ $variant = 'primary' }) => variantStyle($variant)}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

/** A button; `$variant` picks the filled (primary) or outlined (secondary) look. */
export const Button = styled.button<{ $variant?: Variant }>`
  ${buttonStyle}
`;

/** A link that looks like a button (downloads, external catalogues). */
export const ButtonLink = styled.a<{ $variant?: Variant }>`
  ${buttonStyle}
`;
