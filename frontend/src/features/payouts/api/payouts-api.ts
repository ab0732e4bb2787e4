import type {
  EarningsSummary,
  InvoiceView,
  LedgerEntry,
  PayoutDetails,
  PayoutDetailsRequest,
  RatesResponse,
  SetRatesRequest,
} from '@panda/contracts/payouts';
import { api, listTags, wholeLists } from '../../../lib/api';
import {
  loadedTags,
  loadMorePages,
  PAGE_SIZE,
  pageSearch,
  toPage,
  type Page,
  type PageArgs,
} from '../../../lib/paging';

/** A command's answer: its message for the toast. */
interface Saved {
  message: string;
}

/** The bank CSV of a payout run and the file name the server gave it. */
export interface PayoutRunFile {
  csv: string;
  fileName: string;
}

/**
 * Mentor payouts (docs/rules.md#mentor-payouts): the mentor's earnings, ledger, invoices and payout
 * details; the admin's rates, invoices and payout runs. Tags are named after the read-model
 * collections (read-models/payouts): ledger_entries, invoices, payout_rates, payout_details.
 */
export const payoutsApi = api
  .enhanceEndpoints({ addTagTypes: ['ledger_entries', 'invoices', 'payout_rates', 'payout_details'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getEarnings: build.query<EarningsSummary, void>({
        query: () => '/mentor/earnings',
        providesTags: wholeLists('ledger_entries'),
      }),
      /** The mentor's ledger lines, newest first, 50 at a time ("Load more", docs/rules.md#list-paging). */
      getLedger: build.infiniteQuery<Page<LedgerEntry>, void, string | null>({
        infiniteQueryOptions: loadMorePages,
        query: ({ pageParam }) => `/mentor/ledger${pageSearch({ limit: PAGE_SIZE, cursor: pageParam })}`,
        transformResponse: (items: LedgerEntry[], meta) => toPage(items, meta),
        providesTags: (data) => loadedTags('ledger_entries', data),
      }),
      /** The mentor's own invoices, newest first, 50 at a time. */
      getMyInvoices: build.infiniteQuery<Page<InvoiceView>, void, string | null>({
        infiniteQueryOptions: loadMorePages,
        query: ({ pageParam }) => `/mentor/invoices${pageSearch({ limit: PAGE_SIZE, cursor: pageParam })}`,
        transformResponse: (items: InvoiceView[], meta) => toPage(items, meta),
        providesTags: (data) => loadedTags('invoices', data),
      }),
      disputeInvoice: build.mutation<Saved, { id: string; reason: string }>({
        query: ({ id, reason }) => ({
          url: `/mentor/invoices/${encodeURIComponent(id)}/dispute`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: (r, _e, { id }) =>
          r
            ? [
                { type: 'invoices', id },
                { type: 'invoices', id: 'LIST' },
              ]
            : [],
      }),
      /** Every read is recorded as an audit read on the server (docs/rules.md#payout-periods). */
      getPayoutDetails: build.query<PayoutDetails, void>({
        query: () => '/mentor/payout-details',
        providesTags: wholeLists('payout_details'),
      }),
      savePayoutDetails: build.mutation<Saved, PayoutDetailsRequest>({
        query: (body) => ({ url: '/mentor/payout-details', method: 'PUT', body }),
        invalidatesTags: (r) => (r ? wholeLists('payout_details') : []),
      }),
      getRates: build.query<RatesResponse, void>({
        query: () => '/admin/rates',
        providesTags: wholeLists('payout_rates'),
      }),
      setRates: build.mutation<Saved, SetRatesRequest>({
        query: (body) => ({ url: '/admin/rates', method: 'PUT', body }),
        invalidatesTags: (r) => (r ? wholeLists('payout_rates') : []),
      }),
      /** Every invoice, newest first, one page at a time (Previous / Next); `q` searches number and mentor. */
      getAdminInvoices: build.query<Page<InvoiceView>, PageArgs>({
        query: (args) => `/admin/invoices${pageSearch({ ...args })}`,
        transformResponse: (items: InvoiceView[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('invoices', page?.items),
      }),
      /** Pays a period's undisputed invoices: the bank CSV, and the invoices marked paid. */
      runPayout: build.mutation<PayoutRunFile, { period: string }>({
        query: (body) => ({ url: '/admin/payout-runs', method: 'POST', body, responseHandler: 'content-type' }),
        transformResponse: (csv: string, meta, { period }) => ({
          csv,
          fileName:
            /filename="([^"]+)"/.exec(meta?.response?.headers.get('Content-Disposition') ?? '')?.[1] ??
            `payout-${period}.csv`,
        }),
        invalidatesTags: (r) => (r ? wholeLists('invoices') : []),
      }),
    }),
  });

export const {
  useGetEarningsQuery,
  useGetLedgerInfiniteQuery,
  useGetMyInvoicesInfiniteQuery,
  useDisputeInvoiceMutation,
  useGetPayoutDetailsQuery,
  useSavePayoutDetailsMutation,
  useGetRatesQuery,
  useSetRatesMutation,
  useGetAdminInvoicesQuery,
  useRunPayoutMutation,
} = payoutsApi;
