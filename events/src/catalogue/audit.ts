import { z } from 'zod';
import { defineEvent } from '../define';

/** Every audit read (docs/rules.md#auditors) is appended to this stream: who read what, as of when (the envelope has the time). */
export const AUDIT_ACCESS_STREAM = 'audit-access';

export const auditActionSchema = z.enum([
  'job_signatures',
  'account_timeline',
  'verify_log',
  'evidence_pdf',
  'evidence_csv',
  'subject_search',
  'access_log',
  'student_criteria',
  'bank_details',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AuditRecordRead = defineEvent(
  'AuditRecordRead',
  z.object({
    /** Who read: their account, role, name and e-mail at the time. */
    accountId: z.string(),
    role: z.string(),
    name: z.string(),
    email: z.string(),
    action: auditActionSchema,
    /** What was read: a job, account or student id (null for the whole log). */
    subjectType: z.enum(['job', 'account', 'student', 'log']).nullable(),
    subjectId: z.string().nullable(),
    /** The instant the record was replayed as of, when one was asked for. */
    asOf: z.string().nullable(),
    /** A search text, when the read was a search. */
    query: z.string().nullable(),
  }),
);

export const auditEvents = [AuditRecordRead] as const;
