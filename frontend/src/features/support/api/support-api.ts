import type { z } from 'zod';
import type {
  createTicketResponse,
  CreateTicketRequest,
  SupportCounts,
  ticketCommandResponse,
  TicketDetail,
  TicketStatus,
  TicketSummary,
} from '@panda/contracts/support';
import type { StudentCard } from '@panda/contracts/training';
import { api, wholeLists } from '../../../lib/api';
import { loadedTags, loadMorePages, PAGE_SIZE, pageSearch, toPage, type Page } from '../../../lib/paging';

/**
 * Support Center calls (spec §7 Support; docs/rules.md#support-tickets, docs/rules.md#support-inbox, docs/rules.md#list-paging). Types are the server's contracts
 * (`@panda/contracts/support`). Tags are the read model `support_tickets`, so a pushed `changed`
 * (the AI Assistant's answer, a reply from support) refreshes the list and the open ticket live.
 * Both ticket lists page newest activity first (docs/rules.md#list-paging): 50 at a time, "Load more" for the next,
 * searched on the server (`q`: subject and first message).
 */
export type { TicketDetail, TicketStatus, TicketSummary, CreateTicketRequest };
export type TicketCommandResponse = z.infer<typeof ticketCommandResponse>;
export type CreateTicketResponse = z.infer<typeof createTicketResponse>;

export type TicketCounts = SupportCounts;

const TAG = 'support_tickets' as const;
const ticketTags = (id: string) => [{ type: TAG, id }] as const;

export const supportApi = api.enhanceEndpoints({ addTagTypes: [TAG, 'students'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyTickets: build.infiniteQuery<Page<TicketSummary>, { q?: string }, string | null>({
      infiniteQueryOptions: loadMorePages,
      query: ({ queryArg, pageParam }) =>
        `/support${pageSearch({ limit: PAGE_SIZE, q: queryArg.q, cursor: pageParam })}`,
      transformResponse: (items: TicketSummary[], meta) => toPage(items, meta),
      providesTags: (data) => loadedTags(TAG, data),
    }),
    getMyTicket: build.query<TicketDetail, string>({
      query: (id) => `/support/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [...ticketTags(id)],
    }),
    createTicket: build.mutation<CreateTicketResponse, CreateTicketRequest>({
      query: (body) => ({ url: '/support', method: 'POST', body }),
      invalidatesTags: [{ type: TAG, id: 'LIST' }],
    }),
    replyToTicket: build.mutation<TicketCommandResponse, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: `/support/${encodeURIComponent(id)}/reply`,
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: (_r, _e, { id }) => [...ticketTags(id), { type: TAG, id: 'LIST' }],
    }),
    closeTicket: build.mutation<TicketCommandResponse, string>({
      query: (id) => ({ url: `/support/${encodeURIComponent(id)}`, method: 'PATCH', body: { status: 'closed' } }),
      invalidatesTags: (_r, _e, id) => [...ticketTags(id), { type: TAG, id: 'LIST' }],
    }),
    /**
     * A training centre's own students for the Student Issue picker: one page by name, searched on the
     * server (`q`: name, e-mail, phone, postcode or id), so any student can be found whatever the count.
     */
    getTicketStudents: build.query<Page<StudentCard>, { q?: string }>({
      query: ({ q }) => `/my-students${pageSearch({ limit: PAGE_SIZE, sort: 'name', q })}`,
      transformResponse: (items: StudentCard[], meta) => toPage(items, meta),
      providesTags: wholeLists('students'),
    }),
    // Admin inbox (docs/rules.md#support-inbox).
    getInbox: build.infiniteQuery<Page<TicketSummary>, { status: TicketStatus | 'all'; q?: string }, string | null>({
      infiniteQueryOptions: loadMorePages,
      query: ({ queryArg: { status, q }, pageParam }) =>
        `/admin/support${pageSearch({ limit: PAGE_SIZE, status: status === 'all' ? undefined : status, q, cursor: pageParam })}`,
      transformResponse: (items: TicketSummary[], meta) => toPage(items, meta),
      providesTags: (data) => loadedTags(TAG, data),
    }),
    getInboxCounts: build.query<TicketCounts, void>({
      query: () => '/admin/support/counts',
      providesTags: [{ type: TAG, id: 'LIST' }],
    }),
    getInboxTicket: build.query<TicketDetail, string>({
      query: (id) => `/admin/support/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [...ticketTags(id)],
    }),
    adminReply: build.mutation<TicketCommandResponse, { id: string; message: string }>({
      query: ({ id, message }) => ({
        url: `/admin/support/${encodeURIComponent(id)}/reply`,
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: (_r, _e, { id }) => [...ticketTags(id), { type: TAG, id: 'LIST' }],
    }),
    adminClose: build.mutation<TicketCommandResponse, string>({
      query: (id) => ({ url: `/admin/support/${encodeURIComponent(id)}`, method: 'PATCH', body: { status: 'closed' } }),
      invalidatesTags: (_r, _e, id) => [...ticketTags(id), { type: TAG, id: 'LIST' }],
    }),
  }),
});

export const {
  useGetMyTicketsInfiniteQuery,
  useGetTicketStudentsQuery,
  useGetMyTicketQuery,
  useCreateTicketMutation,
  useReplyToTicketMutation,
  useCloseTicketMutation,
  useGetInboxInfiniteQuery,
  useGetInboxCountsQuery,
  useGetInboxTicketQuery,
  useAdminReplyMutation,
  useAdminCloseMutation,
} = supportApi;
