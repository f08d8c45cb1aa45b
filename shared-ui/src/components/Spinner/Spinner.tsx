import styled from 'styled-components';
import { spin } from '../../theme/motion';
import { theme } from '../../theme/theme';
import { useUiText } from '../../i18n/uiText';

const Wrapper = styled.div`
  display: flex;
  justify-content: center;
  padding: 32px 0;
`;

const Ring = styled.span<{ $size: number; $color: string }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(3, Math.round($size / 12))}px solid ${({ $color }) => $color}33;
  border-top-color: ${({ $color }) => $color};
  animation: ${spin} 0.9s linear infinite;
`;

export interface SpinnerProps {
  /** Diameter in px (spec default 86). */
  size?: number;
  /** A #rrggbb colour (its track is the same at 20% opacity); the brand colour by default. */
  color?: string;
  /** What is loading, read by screen readers; the page's 'ui.loading' message ('Loading') by default (i18n/uiText.ts). */
  label?: string;
}

export function Spinner({ size = 86, color = theme.colors.brand, label }: SpinnerProps) {
  const text = useUiText();
  return (
    <Wrapper role="status" aria-live="polite">
      <Ring $size={size} $color={color} aria-hidden="true" data-testid="spinner" />
      <VisuallyHidden>{label ?? text('ui.loading')}</VisuallyHidden>
    </Wrapper>
  );
}

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
