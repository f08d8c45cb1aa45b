import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $tone: 'error' | 'success' | 'info' }>`
  padding: 12px 16px;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.error : $tone === 'success' ? theme.colors.success : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.errorSurface : theme.colors.surfaceAlt)};
  color: ${({ theme }) => theme.colors.text};
  &:empty { display: none; }
`;

/**
 * A message about what just happened. Errors are alerts (read at once); the rest are polite status messages. The
 * region stays in the page while empty, so a message put into it later is announced.
 */
export function Notice({
  tone = 'info',
  children,
  id,
}: {
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
  id?: string;
}) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} id={id}>
      {children}
    </Box>
  );
}
