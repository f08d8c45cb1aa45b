import styled from 'styled-components';

/** The centred content column of a page. */
export const PageContainer = styled.div`
  max-width: 1240px;
  margin: 0 auto;
  padding: 24px 20px 56px;
`;
