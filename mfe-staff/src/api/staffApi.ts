// The staff app's calls to the server as one RTK Query API: the reads each screen shows (cached per address, fetched
// again on every visit: staff data changes under other people's hands) and the changes, which invalidate the reads
// they make stale by tag. The staff host is its own build, so RTK Query's bytes never reach the public pages.
import { createApi } from '@reduxjs/toolkit/query/react';
import {
  STAFF_API,
  staffApiPath,
  type AuditPage,
  type SessionAnswer,
  type SignInResult,
  type StaffAccountSummary,
  type StaffSession,
  type TotpSetup,
} from '@site/contracts/staff-api';
import type { CodeBody, SignInBody, StaffSettings } from '@site/contracts/staff-api-schemas';
import type {
  EditorCategory,
  EditorCategoryList,
  EditorProduct,
  EditorProductPage,
  MissingArabicReport,
  ProductDiff,
  ProductVersionList,
} from '@site/contracts/staff-catalogue-api';
import type { ReleaseTokenInfo, RemoteListing } from '@site/contracts/releases-api';
import type { StockFeedDetail, StockFeedHealth, StockFeedList } from '@site/contracts/stock-api';
import type { RemoteVitalsReport, SiteVitalsReport } from '@site/contracts/vitals-api';
import { queryString, staffBaseQuery } from './staffBaseQuery';

export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: staffBaseQuery,
  // what a screen shows is read again each time it is opened (as the pages did before the cache)
  refetchOnMountOrArgChange: true,
  tagTypes: [
    'Settings',
    'Releases',
    'ReleaseTokens',
    'CatalogueList',
    'Product',
    'Versions',
    'Categories',
    'Inbox',
    'Reviews',
    'QuotationLinks',
    'ImportJobs',
    'Schedules',
  ],
  endpoints: (build) => ({
    // ---- the session (sessionSlice.ts keeps who is signed in and the CSRF token from these answers) ----
    session: build.query<SessionAnswer, void>({ query: () => STAFF_API.session }),
    signIn: build.mutation<SignInResult, SignInBody>({
      query: (body) => ({ url: STAFF_API.signIn, method: 'POST', body }),
    }),
    secondFactor: build.mutation<SignInResult, string>({
      query: (code) => ({ url: STAFF_API.secondFactor, method: 'POST', body: { code } satisfies CodeBody }),
    }),
    startTotpSetup: build.mutation<TotpSetup, void>({ query: () => ({ url: STAFF_API.totpSetup, method: 'POST' }) }),
    confirmTotp: build.mutation<{ recoveryCodes: string[]; session: StaffSession }, string>({
      query: (code) => ({ url: STAFF_API.totpConfirm, method: 'POST', body: { code } satisfies CodeBody }),
    }),
    signOut: build.mutation<void, void>({ query: () => ({ url: STAFF_API.signOut, method: 'POST' }) }),

    // ---- settings, audit log, colleagues ----
    settings: build.query<StaffSettings, void>({ query: () => STAFF_API.settings, providesTags: ['Settings'] }),
    saveSettings: build.mutation<StaffSettings, StaffSettings>({
      query: (body) => ({ url: STAFF_API.settings, method: 'PUT', body }),
      // the answer is the settings as saved: shown as they are, without asking again
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => undefined);
        if (saved !== undefined) void dispatch(staffApi.util.upsertQueryData('settings', undefined, saved.data));
      },
    }),
    auditPage: build.query<AuditPage, number>({
      query: (page) => `${STAFF_API.audit}${queryString({ page: page > 1 ? page : undefined })}`,
    }),
    buyerAuditPage: build.query<AuditPage, number>({
      query: (page) => `${STAFF_API.buyerAudit}${queryString({ page: page > 1 ? page : undefined })}`,
    }),
    accounts: build.query<{ accounts: StaffAccountSummary[] }, void>({ query: () => STAFF_API.accounts }),

    // ---- releases ----
    releaseRemotes: build.query<{ remotes: RemoteListing[] }, void>({
      query: () => STAFF_API.releaseRemotes,
      providesTags: ['Releases'],
    }),
    // the field vitals: read again whenever a release call changes the pointers (a new canary is other figures)
    releaseVitals: build.query<RemoteVitalsReport, string>({
      query: (remote) => staffApiPath(STAFF_API.releaseVitals, { remote }),
      providesTags: ['Releases'],
    }),
    siteVitals: build.query<SiteVitalsReport, void>({ query: () => STAFF_API.siteVitals }),
    releaseTokens: build.query<{ tokens: ReleaseTokenInfo[] }, void>({
      query: () => STAFF_API.releaseTokens,
      providesTags: ['ReleaseTokens'],
    }),
    // the console's changes: releases/releasesApi.ts

    // ---- the ERP's stock feeds (admins) ----
    stockFeeds: build.query<StockFeedList, number | undefined>({
      query: (before) => `${STAFF_API.stockFeeds}${queryString({ before })}`,
    }),
    stockFeed: build.query<StockFeedDetail, number>({
      query: (id) => staffApiPath(STAFF_API.stockFeed, { id: String(id) }),
    }),
    stockHealth: build.query<StockFeedHealth, void>({ query: () => STAFF_API.stockHealth }),

    // ---- catalogue editor ----
    catalogueProducts: build.query<EditorProductPage, string>({
      query: (search) => `${STAFF_API.catalogueProducts}${search}`,
      providesTags: ['CatalogueList'],
    }),
    missingArabic: build.query<MissingArabicReport, string>({
      query: (search) => `${STAFF_API.catalogueMissingArabic}${search}`,
      providesTags: ['CatalogueList'],
    }),
    catalogueProduct: build.query<EditorProduct, string>({
      query: (id) => staffApiPath(STAFF_API.catalogueProduct, { id }),
      providesTags: (_product, _failure, id) => [{ type: 'Product', id }],
    }),
    catalogueVersions: build.query<ProductVersionList, string>({
      query: (id) => staffApiPath(STAFF_API.catalogueVersions, { id }),
      providesTags: (_list, _failure, id) => [{ type: 'Versions', id }],
    }),
    catalogueDiff: build.query<ProductDiff, { id: string; from: number; to: number }>({
      query: ({ id, from, to }) => `${staffApiPath(STAFF_API.catalogueDiff, { id })}?from=${from}&to=${to}`,
    }),
    catalogueCategories: build.query<EditorCategoryList, void>({
      query: () => STAFF_API.catalogueCategories,
      providesTags: ['Categories'],
    }),
    catalogueCategory: build.query<EditorCategory, string>({
      query: (id) => staffApiPath(STAFF_API.catalogueCategory, { id }),
      providesTags: ['Categories'],
    }),
    // the changes and uploads: catalogue/catalogueApi.ts
  }),
});

export const {
  useSettingsQuery,
  useSaveSettingsMutation,
  useAuditPageQuery,
  useBuyerAuditPageQuery,
  useAccountsQuery,
  useReleaseRemotesQuery,
  useReleaseTokensQuery,
  useReleaseVitalsQuery,
  useSiteVitalsQuery,
  useStockFeedsQuery,
  useStockFeedQuery,
  useStockHealthQuery,
  useCatalogueProductsQuery,
  useMissingArabicQuery,
  useCatalogueProductQuery,
  useCatalogueVersionsQuery,
  useCatalogueDiffQuery,
  useCatalogueCategoriesQuery,
  useCatalogueCategoryQuery,
} = staffApi;
