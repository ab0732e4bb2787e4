import type {
  AccessLogEntry,
  AuditorListItem,
  AuditorProvisioned,
  AuditorReissued,
  AuditorRevokedAnswer,
  JobSignatures,
  ProvisionAuditorRequest,
  Subject,
  SubjectRole,
  Timeline,
  VerifyReport,
} from '@panda/contracts/audit';
import type { Page } from '@panda/contracts/paging';
import { PAGE_SIZE, pageSearch, toPage } from '../../../lib/paging';
import { api, listTags, wholeLists } from '../../../lib/api';

/** Audit calls (docs/rules.md#auditors, docs/rules.md#audit-calls, docs/rules.md#hash-chain; docs/api-audit.md). Audit answers are never cached across subjects: every read is recorded server-side. */

const asOfParam = (asOf: string | null) => (asOf ? `?as_of=${encodeURIComponent(asOf)}` : '');

export const auditApi = api.enhanceEndpoints({ addTagTypes: ['auditors'] }).injectEndpoints({
  endpoints: (b) => ({
    auditSubjects: b.query<Subject[], { q: string; role: SubjectRole | '' }>({
      query: ({ q, role }) => `/audit/subjects?q=${encodeURIComponent(q)}${role ? `&role=${role}` : ''}`,
      transformResponse: (r: { subjects: Subject[] }) => r.subjects,
      keepUnusedDataFor: 0,
    }),
    auditTimeline: b.query<Timeline, { id: string; asOf: string | null }>({
      query: ({ id, asOf }) => `/audit/accounts/${encodeURIComponent(id)}/timeline${asOfParam(asOf)}`,
      keepUnusedDataFor: 0,
    }),
    auditSignatures: b.query<JobSignatures, { jobId: string; asOf: string | null }>({
      query: ({ jobId, asOf }) => `/audit/jobs/${encodeURIComponent(jobId)}/signatures${asOfParam(asOf)}`,
      keepUnusedDataFor: 0,
    }),
    verifyLog: b.mutation<VerifyReport, void>({
      // A GET, but run on demand (each press is a fresh check and a recorded read).
      query: () => ({ url: '/audit/verify', method: 'GET' }),
    }),
    accessLog: b.query<Page<AccessLogEntry>, { cursor: string | null }>({
      query: ({ cursor }) => `/audit/access-log?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      transformResponse: (items: AccessLogEntry[], meta) => toPage(items, meta),
      keepUnusedDataFor: 0,
    }),
    provisionAuditor: b.mutation<AuditorProvisioned, ProvisionAuditorRequest>({
      query: (body) => ({ url: '/admin/auditors', method: 'POST', body }),
      invalidatesTags: wholeLists('auditors'),
    }),
    /** Admins: the auditor accounts, searched on the server (`q`: name or e-mail). */
    auditors: b.query<Page<AuditorListItem>, { q: string; cursor: string | null }>({
      query: ({ q, cursor }) => `/admin/auditors${pageSearch({ limit: PAGE_SIZE, q: q || undefined, cursor })}`,
      transformResponse: (r: { auditors: AuditorListItem[] }, meta) => toPage(r.auditors, meta),
      providesTags: (page) => listTags('auditors', page?.items),
    }),
    reissueAuditor: b.mutation<AuditorReissued, string>({
      query: (id) => ({ url: `/admin/auditors/${encodeURIComponent(id)}/reissue`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'auditors', id }],
    }),
    revokeAuditor: b.mutation<AuditorRevokedAnswer, string>({
      query: (id) => ({ url: `/admin/auditors/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'auditors', id }],
    }),
  }),
});

export const {
  useAuditSubjectsQuery,
  useAuditTimelineQuery,
  useAuditSignaturesQuery,
  useVerifyLogMutation,
  useAccessLogQuery,
  useProvisionAuditorMutation,
  useAuditorsQuery,
  useReissueAuditorMutation,
  useRevokeAuditorMutation,
} = auditApi;
