// A record page's parts: a titled section under the page heading, and a line of facts about the record (who, when,
// which branch), as the inbox item and the quotation show them.
import styled from 'styled-components';

export const PageSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-top: 32px;
  h2 { margin: 0; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xl}; }
`;

export const PageFacts = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
