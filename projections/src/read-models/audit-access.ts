import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/**
 * `audit_access_log`: one document per audit read (AuditRecordRead, docs/rules.md#auditors): who, what, when.
 * Only admins see it (empty audience: admins are told of every change).
 */
export const AUDIT_ACCESS_LOG = 'audit_access_log';

export interface AuditAccessDoc {
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
  _audience: string[];
}

export const auditAccessLog = collection<AuditAccessDoc>(AUDIT_ACCESS_LOG);

export const auditAccessProjection = defineProjection({
  name: 'audit-access',
  collections: {
    [AUDIT_ACCESS_LOG]: [
      'position',
      'actor_id',
      searchIndex('actor_name', 'actor_email', 'action', 'subject_id', 'query'),
    ],
  },
  on: {
    AuditRecordRead: ({ eventId, position, time, data: d }, ctx) =>
      auditAccessLog.in(ctx).put({
        id: eventId,
        position,
        at: time,
        actor_id: d.accountId,
        actor_role: d.role,
        actor_name: d.name,
        actor_email: d.email,
        action: d.action,
        subject_type: d.subjectType,
        subject_id: d.subjectId,
        as_of: d.asOf,
        query: d.query,
        _audience: [],
      }),
  },
});
