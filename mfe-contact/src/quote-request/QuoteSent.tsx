import { useEffect, useRef, type ReactNode } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { Trans } from '@lingui/react';
import { Button, ButtonLink, SectionHeading } from '@site/shared-ui';
import { useQuantityTexts } from '@site/shared-ui/quantity';
import { quoteLineName, useLocale } from '@site/shared-store';
import { localizedPath } from '@site/contracts/locale';
import { ACCOUNT_PATH } from '@site/contracts/paths';
import { useText } from '../i18n/useText';
import { Ltr } from '../i18n/Ltr';
import { LinesTableHead } from './LinesTableHead';
import type { SentQuoteRequest } from './QuoteForm';

const SUMMARY_ID = 'quote-summary';

/** Printing this page prints the summary alone: the header, footer, chat and buttons stay off paper. */
const PrintSummaryOnly = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #${SUMMARY_ID}, #${SUMMARY_ID} * { visibility: visible; }
    #${SUMMARY_ID} { position: absolute; inset-block-start: 0; inset-inline-start: 0; inline-size: 100%; }
    #${SUMMARY_ID} [data-print='hide'] { display: none; }
  }
`;

const Table = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  margin-block: 16px;
  caption { text-align: start; font-weight: 700; padding-block: 8px; }
  th, td { padding: 6px 10px; text-align: start; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  div { display: contents; }
  dt { font-weight: 600; }
  dd { margin: 0; white-space: pre-line; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin-block-start: 24px;
`;

/** "Request sent": the reference, a printable summary of what was sent, "Print summary" and "Download PDF". */
export function QuoteSent({ sent }: { sent: SentQuoteRequest }) {
  const text = useText();
  const locale = useLocale();
  const quantityTexts = useQuantityTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  // the form the buyer was in is gone: their place is the news
  useEffect(() => heading.current?.focus(), []);
  const { values } = sent;
  const details: [string, ReactNode][] = [
    [text('contact.quote.form.companyName'), values.companyName],
    [text('contact.quote.form.name'), values.name],
    [text('contact.form.email'), <Ltr key="email">{values.email}</Ltr>],
    [text('contact.form.phone'), <Ltr key="phone">{values.phone}</Ltr>],
    [text('contact.quote.form.branch'), sent.branchName],
    [text('contact.quote.form.deliveryCity'), values.deliveryCity],
    [text('contact.quote.form.neededBy'), values.neededBy === '' ? '' : <Ltr key="date">{values.neededBy}</Ltr>],
    [text('contact.quote.form.notes'), values.notes],
  ];
  return (
    <section id={SUMMARY_ID} aria-labelledby="quote-sent-heading">
      <PrintSummaryOnly />
      <SectionHeading as="h2" id="quote-sent-heading" ref={heading} tabIndex={-1}>
        {text('contact.quote.sent.heading')}
      </SectionHeading>
      <p>
        <Trans
          id="contact.quote.sent.reference"
          values={{ reference: sent.reference }}
          components={{ 0: <bdi dir="ltr" /> }}
        />
      </p>
      <Table>
        <LinesTableHead withRemove={false} />
        <tbody>
          {sent.lines.map((line) => (
            <tr key={line.code}>
              <td dir="auto">{quoteLineName(line, locale)}</td>
              <td>
                <Ltr>{line.code}</Ltr>
              </td>
              <td>{quantityTexts.quantity(line.quantity, line.unit)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Details>
        {details
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
      </Details>
      <Actions data-print="hide">
        <Button type="button" onClick={() => window.print()}>
          {text('contact.quote.sent.print')}
        </Button>
        <ButtonLink $variant="secondary" href={sent.pdfUrl} download>
          {text('contact.quote.sent.pdf')}
        </ButtonLink>
      </Actions>
      {/* the request is the account's already (its records are its address's): the way there, signed in by mail */}
      <p data-print="hide">
        {text('contact.quote.sent.account')}{' '}
        <a href={localizedPath(locale, ACCOUNT_PATH)}>{text('contact.quote.sent.accountLink')}</a>
      </p>
    </section>
  );
}
