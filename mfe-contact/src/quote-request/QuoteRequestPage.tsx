import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';
import { useQuantityWords } from '@site/shared-ui/quantity-words';
import { HOME_PATH } from '@site/contracts/paths';
import { DEFAULT_BRANCH_NAME, HONEYPOT_FIELD } from '@site/content/validation';
import {
  quoteBasketCleared,
  quoteLinesDescribed,
  selectQuoteBasketRestored,
  selectQuoteLines,
  useAppDispatch,
  useAppSelector,
  useLocale,
  type LoadFirstView,
} from '@site/shared-store';
import type { PostedQuoteSent } from '@site/contracts/quote-api';
import { branches as englishBranches } from '@site/content';
import { useText } from '../i18n/useText';
import { loadPageBranches, usePageBranches } from '../contact/pageBranches';
import { loadPostedForm, usePostedForm } from '../form-parts/postedForm';
import { QuoteLines } from './QuoteLines';
import { BasketAccount } from './account-basket/BasketAccount';
import { PasteList } from './PasteList';
import { branchNamed, QuoteForm, type SentQuoteRequest } from './QuoteForm';
import { QuoteSent } from './QuoteSent';
import {
  lookupBasketProducts,
  selectAskedCodes,
  selectLookedUp,
  selectQuoteProductsStatus,
} from './quoteProductsSlice';
import { describedLines, type AskedCodes, type LookedUp } from './lookedUp';
import { loadQuoteStock } from './stock/quoteStockSlice';
import type { Locale } from '@site/contracts/locale';

/**
 * Lines and paste on one side, the form on the other on wide screens; stacked (lines first, fixed height) on narrow ones.
 * One column of the page's width there too (minmax(0, 1fr)): an implicit column grows to the lines' table, which is
 * wider than a phone (600 px at 375), and the whole page scrolled sideways; the table scrolls in its own area instead.
 */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 32px;
  align-items: start;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
`;

/**
 * For the server: an Arabic page's branches (the form's branch list), so its HTML names them as the browser will, and
 * when the page answers a plain post of its form, what came of it. The basket is the browser's (drawn empty on the
 * server) and its products are looked up in the browser only.
 */
export const loadFirstView: LoadFirstView = (context) =>
  Promise.all([loadPageBranches(context), loadPostedForm(context)]);

/** A request the server took from a plain post, as the page shows one it sent itself. */
function sentOfPost({ reference, pdfUrl, lines, values }: PostedQuoteSent, branchName: string): SentQuoteRequest {
  return {
    reference,
    pdfUrl,
    lines: lines.map(({ productId, code, name, nameAr, label, labelAr, unit, quantity }) => ({
      productId,
      code,
      // not shown in the summary
      productCategoryId: '',
      image: '',
      unit,
      names: { en: name, ar: nameAr },
      labels: { en: label, ar: labelAr },
      quantity,
    })),
    values: { ...values, answer: '', [HONEYPOT_FIELD]: '' },
    branchName,
  };
}

/** /request-quote: the basket's lines, "Paste a list", and the request form; after sending, the reference and summary. */
export default function QuoteRequestPage() {
  useQuantityWords(); // before any line's quantity is read below
  const text = useText();
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const restored = useAppSelector(selectQuoteBasketRestored);
  const lookedUp = useAppSelector(selectLookedUp);
  const asked = useAppSelector(selectAskedCodes);
  const productsStatus = useAppSelector(selectQuoteProductsStatus);
  const lines = useAppSelector(selectQuoteLines);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // the page may be the server's answer to a plain post of its form: the request sent, or the form as it was posted
  const posted = usePostedForm('quote');
  const page = usePageBranches();
  const [sent, setSent] = useState<SentQuoteRequest | null>(() =>
    posted?.outcome === 'sent'
      ? sentOfPost(
          posted.sent,
          branchNamed(page.status === 'ready' ? page.branches : englishBranches, posted.sent.values.branch),
        )
      : null,
  );
  // the form's branch: each line shows its stock there
  const [branch, setBranch] = useState<string>(DEFAULT_BRANCH_NAME);

  // the lines' stock, read after the page started (a part added from a pasted list is read when it arrives); a code
  // already read is not asked again (the answers are seconds fresh: a page opened again reads them anew)
  const stockRead = useRef(new Set<string>());
  const codesKey = lines.map((line) => line.code).join(',');
  useEffect(() => {
    const unread = codesKey.split(',').filter((code) => code !== '' && !stockRead.current.has(code));
    if (!restored || unread.length === 0) return;
    for (const code of unread) stockRead.current.add(code);
    void dispatch(loadQuoteStock(unread));
  }, [restored, codesKey, dispatch]);

  // the basket's products, once the stored basket is there, and a line's that came later (the account's basket, another
  // tab's): asked for by their ids, never the whole catalogue
  useEffect(() => {
    if (restored) void dispatch(lookupBasketProducts());
  }, [restored, codesKey, dispatch]);

  // the lines named in the page's language, once their variants are there (lines of products the catalogue no longer
  // has go: the server would refuse them; a line whose code no longer names a published variant stays, marked no
  // longer available and not sent; a line not looked up yet stays as it is)
  const describedFrom = useRef<{ lookedUp: LookedUp; asked: AskedCodes; locale: Locale } | null>(null);
  useEffect(() => {
    if (!restored || productsStatus !== 'succeeded') return;
    // once per look-up's findings: describing changes the lines, which must not describe them again
    const from = describedFrom.current;
    if (from?.lookedUp === lookedUp && from.asked === asked && from.locale === locale) return;
    describedFrom.current = { lookedUp, asked, locale };
    dispatch(quoteLinesDescribed({ locale, ...describedLines(lines, lookedUp, asked) }));
  }, [restored, productsStatus, lines, lookedUp, asked, locale, dispatch]);

  const onDraft = useCallback(
    (code: string, typed: string) => setDrafts((current) => ({ ...current, [code]: typed })),
    [],
  );

  const onSent = (request: SentQuoteRequest) => {
    // the server has the request: only now may the basket go
    dispatch(quoteBasketCleared());
    setDrafts({});
    setSent(request);
  };

  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('contact.breadcrumbHome'), link: HOME_PATH },
          { moduleName: text('contact.quote.title') },
        ]}
      />
      <SectionHeading>{text('contact.quote.title')}</SectionHeading>
      {sent !== null ? (
        <QuoteSent sent={sent} />
      ) : (
        <Columns>
          <div>
            <QuoteLines drafts={drafts} onDraft={onDraft} branch={branch} />
            <BasketAccount />
            <PasteList posted={posted?.outcome === 'notSent' ? posted : undefined} />
          </div>
          <QuoteForm
            drafts={drafts}
            onSent={onSent}
            onBranch={setBranch}
            posted={posted?.outcome === 'notSent' ? posted : undefined}
          />
        </Columns>
      )}
    </PageContainer>
  );
}
