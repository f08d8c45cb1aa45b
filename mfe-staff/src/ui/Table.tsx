import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

/**
 * A wide table's frame: it scrolls sideways on a narrow screen, and can be focused and scrolled with the keyboard
 * (WCAG 2.1.1), named by the table's caption.
 */
const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typeScale.sm};
  caption {
    padding: 8px 12px;
    text-align: start;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  th, td {
    padding: 8px 12px;
    text-align: start;
    vertical-align: top;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    white-space: nowrap;
  }
  tbody tr:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

/** A data table with its caption (which also names its scrolling frame); children are its thead and tbody. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    // Focusable: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <Scroller role="region" aria-labelledby={captionId} tabIndex={0}>
      <StyledTable>
        <caption id={captionId}>{caption}</caption>
        {children}
      </StyledTable>
    </Scroller>
  );
}
