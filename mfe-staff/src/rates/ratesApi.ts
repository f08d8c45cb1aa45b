// The two tables admins keep for quotations (QUOTATIONS_API): what a dirham is worth in each other branch's currency,
// and each country's VAT rate from the day it starts. A change answers the whole table, which replaces the one shown.
import {
  BRANCH_DETAILS_API,
  QUOTATIONS_API,
  type BranchDetailsTable,
  type CurrencyRateTable,
  type RateCurrency,
  type VatRateTable,
} from '@site/contracts/quotations-api';
import type { SetBranchDetailsBody, SetCurrencyRateBody, SetVatRateBody } from '@site/contracts/quotations-api-schemas';
import { staffApiPath, type StaffBranch } from '@site/contracts/staff-api';
import { staffApi } from '../api/staffApi';

export const ratesApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    currencyRates: build.query<CurrencyRateTable, void>({ query: () => QUOTATIONS_API.currencyRates }),
    setCurrencyRate: build.mutation<CurrencyRateTable, { currency: RateCurrency; body: SetCurrencyRateBody }>({
      query: ({ currency, body }) => ({
        url: staffApiPath(QUOTATIONS_API.currencyRate, { currency }),
        method: 'PUT',
        body,
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer !== undefined) void dispatch(ratesApi.util.upsertQueryData('currencyRates', undefined, answer.data));
      },
    }),
    vatRates: build.query<VatRateTable, void>({ query: () => QUOTATIONS_API.vatRates }),
    setVatRate: build.mutation<VatRateTable, SetVatRateBody>({
      query: (body) => ({ url: QUOTATIONS_API.vatRates, method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer !== undefined) void dispatch(ratesApi.util.upsertQueryData('vatRates', undefined, answer.data));
      },
    }),
    branchDetails: build.query<BranchDetailsTable, void>({ query: () => BRANCH_DETAILS_API.branches }),
    setBranchDetails: build.mutation<BranchDetailsTable, { branch: StaffBranch; body: SetBranchDetailsBody }>({
      query: ({ branch, body }) => ({
        url: staffApiPath(BRANCH_DETAILS_API.branch, { branch }),
        method: 'PUT',
        body,
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer !== undefined) void dispatch(ratesApi.util.upsertQueryData('branchDetails', undefined, answer.data));
      },
    }),
  }),
});

export const {
  useCurrencyRatesQuery,
  useSetCurrencyRateMutation,
  useVatRatesQuery,
  useSetVatRateMutation,
  useBranchDetailsQuery,
  useSetBranchDetailsMutation,
} = ratesApi;
