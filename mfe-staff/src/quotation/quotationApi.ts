// A quotation's calls (QUOTATIONS_API): prepare one from a quote request, read it, find catalogue parts for it, find
// and copy a previous quotation's lines, save the draft on the version read, send it, prepare its revision; and the
// sent quotations about to expire.
// Each change answers the quotation as the server now has it, which replaces the one shown: its version and stored
// figures are the server's (the editor works out the same figures as staff type, with the server's money rules:
// @site/contracts/quotation-money).
import {
  QUOTATIONS_API,
  type CopiedQuotation,
  type CopySourceList,
  type ExpiringQuotationList,
  type Quotation,
  type QuotationPartList,
} from '@site/contracts/quotations-api';
import type { CreateQuotationBody, SaveQuotationBody } from '@site/contracts/quotations-api-schemas';
import { staffApiPath } from '@site/contracts/staff-api';
import { staffApi } from '../api/staffApi';

/** The answer of a change put where the quotation's read keeps it. */
async function keepAnswer(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Quotation }> },
) {
  const answer = await queryFulfilled.catch(() => undefined);
  if (answer !== undefined) dispatch(quotationApi.util.upsertQueryData('quotation', answer.data.id, answer.data));
}

export const quotationApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    quotation: build.query<Quotation, number>({ query: (id) => staffApiPath(QUOTATIONS_API.quotation, { id }) }),
    /** The catalogue's parts by code or name, priced for the quotation (its currency and rate), with their stock. */
    quotationParts: build.query<QuotationPartList, { id: number; q: string }>({
      query: ({ id, q }) => `${staffApiPath(QUOTATIONS_API.parts, { id })}?q=${encodeURIComponent(q)}`,
    }),
    /** "Copy a previous quotation": the branch's sent quotations the draft may copy, by number or buyer company. */
    copySources: build.query<CopySourceList, { id: number; q: string }>({
      query: ({ id, q }) => `${staffApiPath(QUOTATIONS_API.copySources, { id })}?q=${encodeURIComponent(q)}`,
    }),
    /** One of them's lines as the draft takes them, each price checked against the catalogue's today. */
    copiedQuotation: build.query<CopiedQuotation, { id: number; sourceId: number }>({
      query: ({ id, sourceId }) => staffApiPath(QUOTATIONS_API.copyFrom, { id, sourceId }),
    }),
    /** "Expiring in 3 days": the sent quotations the caller sees whose validity ends within EXPIRING_DAYS days. */
    expiringQuotations: build.query<ExpiringQuotationList, void>({ query: () => QUOTATIONS_API.expiring }),
    /** "Prepare quotation": the request's draft (a new one, or the one it has). */
    prepareQuotation: build.mutation<Quotation, number>({
      query: (requestId) => ({
        url: QUOTATIONS_API.quotations,
        method: 'POST',
        body: { requestId } satisfies CreateQuotationBody,
      }),
      onQueryStarted: keepAnswer,
    }),
    saveQuotation: build.mutation<Quotation, { id: number; body: SaveQuotationBody }>({
      query: ({ id, body }) => ({ url: staffApiPath(QUOTATIONS_API.quotation, { id }), method: 'PUT', body }),
      onQueryStarted: keepAnswer,
    }),
    /** "Send quotation": numbered, mailed to the buyer with its PDF and link, read only from then on. */
    sendQuotation: build.mutation<Quotation, { id: number; version: number }>({
      query: ({ id, version }) => ({
        url: staffApiPath(QUOTATIONS_API.send, { id }),
        method: 'POST',
        body: { version },
      }),
      onQueryStarted: keepAnswer,
      invalidatesTags: ['QuotationLinks'],
    }),
    /** "Prepare revision": a new draft of a sent quotation (its lines and terms), to send in its place. */
    reviseQuotation: build.mutation<Quotation, { id: number; version: number }>({
      query: ({ id, version }) => ({
        url: staffApiPath(QUOTATIONS_API.revise, { id }),
        method: 'POST',
        body: { version },
      }),
      onQueryStarted: keepAnswer,
    }),
  }),
});

export const {
  useQuotationQuery,
  useLazyQuotationPartsQuery,
  useLazyCopySourcesQuery,
  useLazyCopiedQuotationQuery,
  useExpiringQuotationsQuery,
  usePrepareQuotationMutation,
  useSaveQuotationMutation,
  useSendQuotationMutation,
  useReviseQuotationMutation,
} = quotationApi;
