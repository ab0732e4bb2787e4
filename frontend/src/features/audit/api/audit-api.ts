import type {
  AccessLogEntry,
  AuditorProvisioned,
  JobSignatures,
  ProvisionAuditorRequest,
  Subject,
  SubjectRole,
  Timeline,
  VerifyReport,
} from '@panda/contracts/audit';
import type { Page } from '@panda/contracts/paging';
import { toPage } from '../../../lib/paging';
import { api } from '../../../lib/api';

/** Audit calls (rulings 25-27; docs/api-audit.md). Audit answers are never cached across subjects: every read is recorded server-side. */

const asOfParam = (asOf: string | null) => (asOf ? `?as_of=${encodeURIComponent(asOf)}` : '');

export const auditApi = api.injectEndpoints({
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
} = auditApi;
