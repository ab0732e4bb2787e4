import type { Projection } from '../projection';

/**
 * `audit_access_log`: one document per audit read (AuditRecordRead, ruling 25): who, what, when.
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
  [k: string]: unknown;
}

export const auditAccessProjection: Projection = {
  name: 'audit-access',
  collections: { [AUDIT_ACCESS_LOG]: ['position', 'actor_id'] },
  handles: ['AuditRecordRead'],
  apply(e, ctx) {
    const d = e.data as Record<string, string | null>;
    const doc: AuditAccessDoc = {
      id: e.eventId,
      position: e.position,
      at: e.time,
      actor_id: d.accountId as string,
      actor_role: d.role as string,
      actor_name: d.name as string,
      actor_email: d.email as string,
      action: d.action as string,
      subject_type: d.subjectType,
      subject_id: d.subjectId,
      as_of: d.asOf,
      query: d.query,
      _audience: [],
    };
    ctx.put(AUDIT_ACCESS_LOG, doc);
  },
};
