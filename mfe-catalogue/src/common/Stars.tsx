import styled from 'styled-components';
import { StarIcon } from '@site/shared-ui';

const Row = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${({ theme }) => theme.colors.accent};
  vertical-align: middle;
`;

/** One star icon per star, read as 'N out of 5 stars'. */
export function Stars({ stars, size = 18 }: { stars: number; size?: number }) {
  const whole = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <Row role="img" aria-label={`${stars} out of 5 stars`}>
      {Array.from({ length: whole }, (_, index) => (
        <StarIcon key={index} size={size} />
      ))}
    </Row>
  );
}
