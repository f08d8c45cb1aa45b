import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import { REVIEW_VISIBILITIES, type StaffReview } from '@site/contracts/staff-api';
import type { ReviewQuery } from '@site/contracts/staff-api-schemas';
import { messageOf } from '../api/staffBaseQuery';
import { formatDateTime } from '../ui/format';
import { VISIBILITY_LABELS } from '../ui/labels';
import { Notice } from '../ui/Notice';
import { PageHeading } from '../ui/PageHeading';
import { Pager } from '../ui/Pager';
import { FilterSearchRow } from '../ui/FilterSearchRow';
import { Actions, FieldRow, FilterForm, StaffField } from '../ui/StaffField';
import { searchText } from '../ui/searchText';
import { reviewQueryFromSearch, reviewSearch, STARS } from './reviewQuery';
import { useReviewsQuery, useSetReviewHiddenMutation } from './reviewsApi';
import { staffResource } from '../ui/staffResource';
import { ProductPicker } from './ProductPicker';

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    padding: 16px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.typeScale.md}; }
  p { margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const Meta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typeScale.sm};
`;

/** '4 of 5 stars'. */
export const starsText = (stars: number): string => `${stars} of 5 stars`;

/** /staff/reviews: product reviews for moderation, filtered by the address's query, a page at a time. */
export function ReviewsPage() {
  const [search, setSearch] = useAddressQuery();
  const query = useMemo(() => reviewQueryFromSearch(search), [search]);
  const { resource, retry } = staffResource(useReviewsQuery(query));
  const reviews = resource.status === 'ready' ? resource.data : undefined;

  // Any new filter starts again at page 1.
  const apply = (next: ReviewQuery) => setSearch(reviewSearch(next));
  const change = (name: 'productId' | 'visibility' | 'stars', value: string) =>
    apply({ ...query, page: undefined, [name]: value === '' ? undefined : name === 'stars' ? Number(value) : value });
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = searchText(event.currentTarget).trim();
    apply({ ...query, page: undefined, q: q === '' ? undefined : q });
  };

  return (
    <PageContainer>
      <PageHeading title="Reviews" />
      <FilterForm role="search" aria-label="Filter the reviews" onSubmit={submitSearch}>
        <FieldRow>
          <ProductPicker productId={query.productId} onChange={(productId) => change('productId', productId ?? '')} />
          <StaffField label="Visibility">
            {(control) => (
              <select
                {...control}
                name="visibility"
                value={query.visibility ?? ''}
                onChange={(event) => change('visibility', event.target.value)}
              >
                <option value="">All</option>
                {REVIEW_VISIBILITIES.map((visibility) => (
                  <option key={visibility} value={visibility}>
                    {VISIBILITY_LABELS[visibility]}
                  </option>
                ))}
              </select>
            )}
          </StaffField>
          <StaffField label="Stars">
            {(control) => (
              <select
                {...control}
                name="stars"
                value={query.stars === undefined ? '' : String(query.stars)}
                onChange={(event) => change('stars', event.target.value)}
              >
                <option value="">Any</option>
                {STARS.map((stars) => (
                  <option key={stars} value={String(stars)}>
                    {starsText(stars)}
                  </option>
                ))}
              </select>
            )}
          </StaffField>
        </FieldRow>
        <FilterSearchRow
          hint="Names, e-mail addresses and comments."
          q={query.q}
          nothingToClear={search === ''}
          onClear={() => apply({})}
        />
      </FilterForm>

      <p role="status">
        {reviews !== undefined
          ? reviews.total === 0
            ? 'No reviews match these filters.'
            : `${reviews.total} ${reviews.total === 1 ? 'review' : 'reviews'}`
          : ''}
      </p>
      {resource.status === 'loading' ? <Spinner label="Loading the reviews" /> : null}
      {resource.status === 'failed' ? (
        <LoadError message={`The reviews could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {reviews !== undefined && reviews.reviews.length > 0 ? (
        <>
          <List>
            {reviews.reviews.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </List>
          <Pager
            page={reviews.page}
            pageCount={reviews.pageCount}
            label="Review pages"
            onPage={(page) => apply({ ...query, page })}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

function ReviewRow({ review }: { review: StaffReview }) {
  const [setReviewHidden] = useSetReviewHiddenMutation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const setHidden = async (hidden: boolean, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await setReviewHidden({ id: review.id, hidden }).unwrap();
      setMessage({ tone: 'success', text: done });
    } catch (failure) {
      setMessage({ tone: 'error', text: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  const headingId = `review-${review.id}`;
  return (
    <li>
      <h2 id={headingId}>
        {review.productName}: {starsText(review.stars)} from {review.customerName}
      </h2>
      <Meta>
        {formatDateTime(review.createdAt)} · {VISIBILITY_LABELS[review.visibility]}
        {review.email ? ` · ${review.email}` : ''}
      </Meta>
      <p>{review.comment}</p>
      <Actions>
        {review.visibility === 'held' ? (
          <>
            <Button
              type="button"
              disabled={busy}
              onClick={() => void setHidden(false, 'Approved: the review is shown.')}
            >
              Approve
            </Button>
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => void setHidden(true, 'Hidden.')}>
              Hide
            </Button>
          </>
        ) : review.visibility === 'hidden' ? (
          <Button
            type="button"
            $variant="secondary"
            disabled={busy}
            onClick={() => void setHidden(false, 'Shown again.')}
          >
            Unhide
          </Button>
        ) : (
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void setHidden(true, 'Hidden.')}>
            Hide
          </Button>
        )}
      </Actions>
      <Notice tone={message?.tone ?? 'info'}>{message?.text}</Notice>
    </li>
  );
}
