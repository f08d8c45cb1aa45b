import styled from 'styled-components';
import { Button } from '../Button/Button';
import { useUiText } from '../../i18n/uiText';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
  padding: 20px;
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.errorSurface};
`;

export interface LoadErrorProps {
  /** What failed, in words a visitor understands. */
  message: string;
  onRetry: () => void;
  /** The retry button's text; the page's 'ui.retry' message ('Try again') by default (i18n/uiText.ts). */
  retryLabel?: string;
}

/** Shown instead of an endless loader when data could not be loaded. */
export function LoadError({ message, onRetry, retryLabel }: LoadErrorProps) {
  const text = useUiText();
  return (
    <Box role="alert">
      <span>{message}</span>
      {/* data-early: a tap before the page has started is kept for it (contracts' EARLY_ATTRIBUTE, written out) */}
      <Button type="button" data-early="page" onClick={onRetry}>
        {retryLabel ?? text('ui.retry')}
      </Button>
    </Box>
  );
}
