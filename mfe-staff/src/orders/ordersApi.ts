// What became of sent quotations (STAFF_QUOTATION_LINK_API): a request's revisions with their link states, and the
// orders. The PO file and the orders' files are plain links (a GET with the session cookie: the browser saves them).
import {
  STAFF_QUOTATION_LINK_API,
  type OrderFileFormat,
  type QuotationLinkHistory,
  type StaffOrderList,
} from '@site/contracts/quotation-link-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { staffApi } from '../api/staffApi';
import { queryString } from '../api/staffBaseQuery';

export const ordersApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    quotationLinks: build.query<QuotationLinkHistory, number>({
      query: (requestId) => `${STAFF_QUOTATION_LINK_API.linkStates}${queryString({ requestId })}`,
      providesTags: ['QuotationLinks'],
    }),
    orders: build.query<StaffOrderList, void>({ query: () => STAFF_QUOTATION_LINK_API.orders }),
  }),
});

export const { useQuotationLinksQuery, useOrdersQuery } = ordersApi;

export const purchaseOrderUrl = (quotationId: number): string =>
  staffApiPath(STAFF_QUOTATION_LINK_API.purchaseOrder, { id: quotationId });
export const ordersFileUrl = (format: OrderFileFormat): string =>
  `${STAFF_QUOTATION_LINK_API.ordersFile}?format=${format}`;
