import styled from 'styled-components';
import { StarIcon } from '@site/shared-ui';
import { useText } from '../i18n/useText';

const Row = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${({ theme }) => theme.colors.accent};
  vertical-align: middle;
`;

/** One star icon per star, read as 'N out of 5 stars' in the page's language. */
export function Stars({ stars, size = 18 }: { stars: number; size?: number }) {
  const text = useText();
  const whole = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <Row role="img" aria-label={text('catalogue.stars.label', { stars })}>
      {Array.from({ length: whole }, (_, index) => (
        <StarIcon key={index} size={size} />
      ))}
    </Row>
  );
}
