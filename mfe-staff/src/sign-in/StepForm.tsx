import styled from 'styled-components';

/** A sign-in step's form: its fields one under another. */
export const StepForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
