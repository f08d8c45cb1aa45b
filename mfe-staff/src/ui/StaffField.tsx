import styled from 'styled-components';
import { Field, fieldControlStyles } from '@site/shared-ui';

/** A labelled field of the staff pages: the site's Field (label, hint, error tied to the control), with the forms' look. */
export const StaffField = styled(Field)`
  ${fieldControlStyles}
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

/** A list page's filters: rows of fields above the list. */
export const FilterForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-bottom: 24px;
`;

/** A filter row's search box: it takes the row's free width. */
export const SearchField = styled(StaffField)`
  flex: 1 1 260px;
  input { width: 100%; }
`;
