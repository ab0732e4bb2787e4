import { describe, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { auditAccessLog, auditAccessProjection } from './audit-access';

describe('audit-access projection', () => {
  it('logs who read which audit record, as of when, seen by admins only', async () => {
    await projectionSpec(auditAccessProjection)
      .given([
        { type: 'PasswordChanged', data: { accountId: 'u1', passwordHash: 'h' } },
        {
          type: 'AuditRecordRead',
          data: {
            accountId: 'u1',
            role: 'auditor',
            name: 'Ann Audit',
            email: 'u@x.co',
            action: 'job_signatures',
            subjectType: 'job',
            subjectId: 'j1',
            asOf: '2026-01-01T00:00:00.000Z',
            query: null,
          },
        },
      ])
      .then(auditAccessLog, 'e2', {
        id: 'e2',
        position: 2,
        at: givenTime(2),
        actor_id: 'u1',
        actor_role: 'auditor',
        actor_name: 'Ann Audit',
        actor_email: 'u@x.co',
        action: 'job_signatures',
        subject_type: 'job',
        subject_id: 'j1',
        as_of: '2026-01-01T00:00:00.000Z',
        query: null,
        _audience: [],
      });
  });
});
