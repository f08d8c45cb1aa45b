import styled from 'styled-components';
import { LoadError, Spinner } from '@site/shared-ui';
import type { CustomerReview } from '@site/content';
import type { LoadStatus } from '@site/shared-store';
import type { ReviewToSend } from '@site/contracts/reviews-api';
import { Stars } from '../common/Stars';
import { LazyReviewForm, REVIEWS_HEADING_ID } from '../details/later/LaterParts';
import type { ReviewSent } from './reviewsApi';
import { useFailureText } from '../common/useFailureText';
import { useText } from '../i18n/useText';

const Section = styled.section`
  margin-top: 48px;
  padding-top: 24px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 16px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xl}; }
  h3 { margin: 0 0 12px; font-size: ${({ theme }) => theme.typeScale.lg}; }
`;

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0 0 32px;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; margin-bottom: 6px; }
  p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
`;

const Empty = styled.p`
  margin: 0 0 32px;
`;

export interface ReviewsProps {
  productName: string;
  reviews: CustomerReview[];
  status: LoadStatus;
  error: string | null;
  onRetry: () => void;
  onSubmit: (review: ReviewToSend) => Promise<ReviewSent>;
}

/** 'Reviews': the customer reviews (name, one star per star, comment) and, once the page has started, the 'Write a Review' form. */
export function Reviews({ productName, reviews, status, error, onRetry, onSubmit }: ReviewsProps) {
  const text = useText();
  const failureText = useFailureText();
  return (
    <Section aria-labelledby={REVIEWS_HEADING_ID}>
      <h2 id={REVIEWS_HEADING_ID}>{text('catalogue.reviews.heading')}</h2>
      <h3>{text('catalogue.reviews.customerReviews')}</h3>
      {status === 'failed' ? (
        <Empty as="div">
          <LoadError message={failureText(error, 'catalogue.reviews.loadFailed')} onRetry={onRetry} />
        </Empty>
      ) : status !== 'succeeded' ? (
        <Spinner size={40} label={text('catalogue.reviews.loading')} />
      ) : reviews.length === 0 ? (
        <Empty>{text('catalogue.reviews.empty')}</Empty>
      ) : (
        <List aria-label={text('catalogue.reviews.listLabel')}>
          {reviews.map((review, index) => (
            <Item key={`${reviews.length - index}`}>
              <header>
                <strong>{review.customerName}</strong>
                <Stars stars={review.stars} />
              </header>
              <p>{review.comment}</p>
            </Item>
          ))}
        </List>
      )}
      {/* once the page has started, in the product page's later chunk */}
      <LazyReviewForm
        productName={productName}
        first={status === 'succeeded' && reviews.length === 0}
        onSubmit={onSubmit}
      />
    </Section>
  );
}
