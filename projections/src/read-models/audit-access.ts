import type { AccessLogEntry } from '@panda/contracts/audit';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** docs/read-models.md#audit-access */

/** An entry as the access log answers it (contracts `accessLogEntry`), of any action the event names. */
export type AuditAccessDoc = Omit<AccessLogEntry, 'action'> & { action: string; _audience: string[] };

export const auditAccessLog = collection<AuditAccessDoc>('audit_access_log');

export const auditAccessProjection = defineProjection({
  name: 'audit-access',
  collections: {
    [auditAccessLog.name]: [
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
