import styled from 'styled-components';
import { Field } from '@site/shared-ui';

/** A labelled field of the staff pages: the site's Field (label, hint, error tied to the control), with the forms' look. */
export const StaffField = styled(Field)`
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

/** A row of fields and buttons that wraps on narrow screens. */
export const FieldRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 16px;
  > * { min-width: 0; }
`;

/** The buttons under a form or beside a control. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;
