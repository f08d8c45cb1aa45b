import { useEffect, useRef, useState } from 'react';
import { localizedPath } from '@site/contracts/locale';
import { ACCOUNT_PATH } from '@site/contracts/paths';
import { matchPath, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import {
  answeredOf,
  QUOTATION_LINK_PAGE,
  type AlreadyAccepted,
  type BuyerQuotation,
  type QuotationLinkAnswered,
} from '@site/contracts/quotation-link-api';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { useQuotationText } from './i18n/quotationText';
import { Ltr } from '../i18n/Ltr';
import { AcceptForm, ChangesForm } from './AnswerForms';
import { DocumentFacts } from './DocumentFacts';
import { AlreadyAcceptedNotice, type AlreadyAcceptedDetails } from './LatePurchaseOrder';
import { QuotationTable } from './QuotationTable';
import { SupersededBanner } from './SupersededBanner';
import { formatDay } from './money';
import { loadQuotation, quotationPdfUrl } from './quotationLink';
import {
  loadQuotationFirstView,
  quotationFirstViewTaken,
  selectQuotationFirstView,
  type DrawnQuotation,
} from './firstView';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0 0 24px;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

const Notice = styled.p<{ $tone: 'success' | 'muted' }>`
  padding: 12px 16px;
  border-inline-start: 4px solid ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.border)};
  font-weight: 600;
`;

const Answers = styled.div`
  display: grid;
  gap: 32px;
  margin-top: 32px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: 1fr 1fr; }
`;

type View =
  | { type: 'loading' }
  | { type: 'notFound' }
  | { type: 'failed' }
  | { type: 'quotation'; quotation: BuyerQuotation; answered: QuotationLinkAnswered | null };

/** For the server: this buyer's quotation (and a refused plain post), so the page's HTML has it (firstView.ts). */
export const loadFirstView: LoadFirstView = loadQuotationFirstView;

/**
 * The first view: as the server drew it, with the outcome a plain post was sent back with (`?answered=`), said only
 * while the quotation is in that state (the address may be opened again later).
 */
function viewOf(drawn: DrawnQuotation | null, answered: QuotationLinkAnswered | null): View {
  if (drawn === null) return { type: 'loading' };
  if (drawn.type !== 'quotation') return drawn;
  const { quotation } = drawn;
  const stillSo =
    answered === 'accepted' || answered === 'purchaseOrder'
      ? quotation.state === 'accepted'
      : answered === 'changes' && quotation.state === 'changes_asked';
  return { ...drawn, answered: stillSo ? answered : null };
}

/**
 * /quotation/<token>: the buyer's quotation, read with the token of its mail (no sign-in, never indexed: the route's
 * head says noindex). Drawn by the server with this buyer's quotation (never kept: server/src/quotations/link/linkPage.ts);
 * its two forms post as plain HTML forms until the scripts have started, then send through the API.
 */
export default function QuotationLinkPage() {
  const text = useQuotationText();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const location = useLocation();
  // the shell draws this page from its catch-all route (the table every page carries has no row for it:
  // contracts/src/quotationRoute.ts), so the token is read off the address, not from the route's params
  const token = matchPath(QUOTATION_LINK_PAGE, location.pathname)?.params.token ?? '';
  const firstView = useAppSelector(selectQuotationFirstView);
  const answered = answeredOf(location.search);
  const [view, setView] = useState<View>(() => viewOf(firstView.drawn, answered));
  // the form the server refused (its values and reason), for the forms' first state only
  const [posted] = useState(firstView.posted);
  // the plain forms' submission key, as the server drew them (null when the browser draws the page)
  const [submission] = useState(firstView.submission);
  // another submission accepted first: said with its PO number, and this one's PO file offered to the branch
  const [late, setLate] = useState<AlreadyAcceptedDetails | null>(() =>
    posted?.form === 'alreadyAccepted' ? posted.alreadyAccepted : null,
  );
  const drawnByServer = useRef(firstView.drawn !== null);
  const [attempt, setAttempt] = useState(0);
  const documentTitle = text('contact.quotation.documentTitle');
  // the shell's frame titles only the routes of its table, and this one is not in it (contracts/src/quotationRoute.ts)
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  useEffect(() => {
    // the server drew it: nothing to load, and the next opening of the page loads afresh
    if (drawnByServer.current) {
      drawnByServer.current = false;
      dispatch(quotationFirstViewTaken());
      return;
    }
    let current = true;
    void loadQuotation(token).then((answer) => {
      if (!current) return;
      setView(
        answer.type === 'quotation' || answer.type === 'notFound' ? viewOf(answer, answered) : { type: 'failed' },
      );
    });
    return () => {
      current = false;
    };
  }, [token, attempt, answered, dispatch]);

  if (view.type === 'loading') {
    return (
      <PageContainer>
        <SectionHeading>{text('contact.quotation.title')}</SectionHeading>
        <Spinner label={text('contact.quotation.loading')} />
      </PageContainer>
    );
  }
  if (view.type === 'notFound') {
    return (
      <PageContainer>
        <SectionHeading>{text('contact.quotation.notFound')}</SectionHeading>
      </PageContainer>
    );
  }
  if (view.type === 'failed') {
    return (
      <PageContainer>
        <SectionHeading>{text('contact.quotation.title')}</SectionHeading>
        <LoadError message={text('contact.quotation.error.loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
      </PageContainer>
    );
  }

  const { quotation } = view;
  const onAnswered = (kind: 'accepted' | 'changes') => (next: BuyerQuotation) =>
    setView({ type: 'quotation', quotation: next, answered: kind });
  const onAlreadyAccepted = ({ quotation: accepted, ...details }: AlreadyAccepted) => {
    setLate(details);
    setView({ type: 'quotation', quotation: accepted, answered: null });
  };
  const superseded = quotation.state === 'superseded';
  return (
    <PageContainer>
      {superseded && <SupersededBanner quotation={quotation} />}
      <SectionHeading>
        {text('contact.quotation.heading')} <Ltr>{quotation.number}</Ltr>
      </SectionHeading>
      <Facts>
        <dt>{text('contact.quotation.number')}</dt>
        <dd>
          <Ltr>{quotation.number}</Ltr>
        </dd>
        <dt>{text('contact.quotation.reference')}</dt>
        <dd>
          <Ltr>{quotation.requestReference}</Ltr>
        </dd>
        <dt>{text('contact.quotation.branch')}</dt>
        <dd>
          {quotation.branch.name} (<Ltr>{quotation.branch.phone}</Ltr>)
        </dd>
        <dt>{text('contact.quotation.currency')}</dt>
        <dd>
          <Ltr>{quotation.currency}</Ltr>
        </dd>
        <dt>{text('contact.quotation.validUntil')}</dt>
        <dd>{formatDay(quotation.validUntil, locale)}</dd>
      </Facts>
      <DocumentFacts quotation={quotation} />
      <QuotationTable quotation={quotation} />
      <p>{quotation.vatRounding}</p>
      {quotation.paymentTerms !== '' && (
        <p>
          {text('contact.quotation.paymentTerms')}: {quotation.paymentTerms}
        </p>
      )}
      {quotation.deliveryTerms !== '' && (
        <p>
          {text('contact.quotation.deliveryTerms')}: {quotation.deliveryTerms}
        </p>
      )}
      {quotation.buyerNote !== '' && <p>{quotation.buyerNote}</p>}
      <p>
        <ButtonLink href={quotationPdfUrl(token)} $variant="secondary" download>
          {superseded ? text('contact.quotation.superseded.pdf') : text('contact.quotation.pdf')}
        </ButtonLink>
      </p>
      {/* the quotation is the buyer's account's already (its request's address): the way there, signed in by mail */}
      <p>
        {text('contact.quotation.account')}{' '}
        <a href={localizedPath(locale, ACCOUNT_PATH)}>{text('contact.quotation.accountLink')}</a>
      </p>
      {late !== null && <AlreadyAcceptedNotice token={token} branch={quotation.branch.name} details={late} />}
      {view.answered === 'purchaseOrder' && (
        <Notice $tone="success" role="status">
          {text('contact.quotation.alreadyAccepted.sent', { branch: quotation.branch.name })}
        </Notice>
      )}
      {view.answered === 'changes' && (
        <Notice $tone="success" role="status">
          {text('contact.quotation.changes.sent', { branch: quotation.branch.name })}
        </Notice>
      )}
      {quotation.acceptance !== null ? (
        <Notice $tone="success" role="status">
          {view.answered === 'accepted' ? `${text('contact.quotation.accepted.thanks')} ` : ''}
          {text('contact.quotation.accepted.by', {
            name: quotation.acceptance.name,
            position: quotation.acceptance.position,
          })}
          {quotation.acceptance.poNumber !== null && (
            <>
              {' '}
              {text('contact.quotation.accepted.poNumber')} <Ltr>{quotation.acceptance.poNumber}</Ltr>
            </>
          )}
        </Notice>
      ) : (
        // a replaced one says why in its banner, at the top
        !quotation.canAnswer &&
        !superseded &&
        quotation.closedReason !== null && (
          <Notice $tone="muted" role="status">
            {quotation.closedReason}
          </Notice>
        )
      )}
      {quotation.canAnswer && (
        <Answers>
          <AcceptForm
            token={token}
            onAnswered={onAnswered('accepted')}
            onAlreadyAccepted={onAlreadyAccepted}
            posted={posted?.form === 'accept' ? posted : null}
            submission={submission}
          />
          <ChangesForm
            token={token}
            onAnswered={onAnswered('changes')}
            posted={posted?.form === 'changes' ? posted : null}
          />
        </Answers>
      )}
    </PageContainer>
  );
}
