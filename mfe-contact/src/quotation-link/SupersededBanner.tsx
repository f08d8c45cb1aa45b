// The top of a quotation replaced by a later revision: says so before its figures, and links to the request's latest
// revision (a plain link: it works before any script runs). The server gives the latest revision's token on this
// buyer's own read only (the same buyer was mailed both links); without one, the page names it and points to its mail.
import styled from 'styled-components';
import { ButtonLink } from '@site/shared-ui';
import { quotationLinkPath, type BuyerQuotation } from '@site/contracts/quotation-link-api';
import { useLocale } from '@site/shared-store';
import { Ltr } from '../i18n/Ltr';
import { useQuotationText } from './i18n/quotationText';
import { formatDay } from './money';

const Banner = styled.section`
  display: grid;
  gap: 12px;
  justify-items: start;
  margin: 0 0 24px;
  padding: 16px;
  border: 2px solid ${({ theme }) => theme.colors.accentText};
  border-inline-start-width: 8px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  p { margin: 0; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    a { width: 100%; text-align: center; }
  }
`;

const Title = styled.p`
  font-weight: 700;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

export function SupersededBanner({ quotation }: { quotation: BuyerQuotation }) {
  const text = useQuotationText();
  const locale = useLocale();
  const latest = quotation.latestRevision ?? null;
  return (
    <Banner aria-labelledby="quotation-superseded-title" data-testid="quotation-superseded">
      <Title id="quotation-superseded-title">{text('contact.quotation.superseded.title')}</Title>
      <p>{text('contact.quotation.superseded.figures')}</p>
      {latest === null ? (
        quotation.closedReason !== null && <p>{quotation.closedReason}</p>
      ) : latest.token !== null ? (
        <ButtonLink href={quotationLinkPath(latest.token, locale)}>
          {/* one text: the button lays out its children as items */}
          <span>
            {text('contact.quotation.superseded.latest', { number: '\u0000' })
              .split('\u0000')
              .flatMap((part, index) => (index === 0 ? [part] : [<Ltr key={index}>{latest.number}</Ltr>, part]))}
          </span>
        </ButtonLink>
      ) : (
        <p>
          {text('contact.quotation.superseded.byMail', {
            number: latest.number,
            date: formatDay(latest.sentAt.slice(0, 10), locale),
            phone: quotation.branch.phone,
          })}
        </p>
      )}
    </Banner>
  );
}
