import { toPage } from '../../../lib/paging';
import { api } from '../../../lib/api';

/** Audit calls (rulings 25-27; docs/api-audit.md). Audit answers are never cached across subjects: every read is recorded server-side. */

export type SubjectRole = 'student' | 'mentor' | 'training_centre';

export interface Subject {
  id: string;
  role: SubjectRole;
  name: string;
  email: string;
}

export interface Who {
  id: string | null;
  name: string;
  email: string;
  role: string | null;
}

export interface TimelineEntry {
  at: string;
  position: number;
  action: string;
  account_id: string;
  actor: Who;
  reason: string | null;
  placement_id: string | null;
  student_id: string | null;
  mentor_id: string | null;
  student_name: string | null;
  mentor_name: string | null;
  status: string | null;
}

export interface JobAsOf {
  id: string;
  student_id: string;
  job_type: string;
  total_count: number;
  completed_count: number;
  status: 'in_progress' | 'completed';
  opened_at: string;
  signatures: number;
}

export interface Timeline {
  as_of: string;
  existed: boolean;
  account: {
    id: string;
    role: string;
    name: string;
    email: string;
    registered_at: string;
    locked: boolean;
    vetted: boolean;
    gas_safe_number: string | null;
  } | null;
  timeline: TimelineEntry[];
  jobs?: JobAsOf[];
}

export interface SignOff {
  card_number: number;
  signed_at: string;
  position: number;
  signature: { signature: string; mentorName: string; date: string; time: string; timestamp: string };
  completed_at: string;
  content_hash: string;
  content_hash_source: 'recorded' | 'computed_on_replay';
  content_hash_matches: boolean | null;
  event_hash: string | null;
  signer: Who & { gas_safe_number: string | null };
}

export interface JobSignatures {
  as_of: string;
  existed: boolean;
  job: Omit<JobAsOf, 'signatures'> | null;
  student: Who | null;
  signatures: SignOff[];
}

export interface VerifyReport {
  ok: boolean;
  events: number;
  head_hash: string;
  first_bad_position: number | null;
  fault: 'altered' | 'missing_or_reordered' | 'unchained' | null;
}

export interface AccessLogEntry {
  id: string;
  position: number;
  at: string;
  actor_id: string;
  actor_role: string;
  actor_name: string;
  actor_email: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  as_of: string | null;
  query: string | null;
}

export interface AccessLogPage {
  items: AccessLogEntry[];
  total: number;
  /** The cursor of the next page, null on the last one. */
  next: string | null;
}

export interface AuditorProvisioned {
  message: string;
  auditor: { id: string; email: string; first_name: string; last_name: string };
  temporary_password: string | null;
}

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
    accessLog: b.query<AccessLogPage, { cursor: string | null }>({
      query: ({ cursor }) => `/audit/access-log?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      transformResponse: (items: AccessLogEntry[], meta) => toPage(items, meta),
      keepUnusedDataFor: 0,
    }),
    provisionAuditor: b.mutation<AuditorProvisioned, { email: string; first_name: string; last_name: string }>({
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
