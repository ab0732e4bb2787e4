import type { AuditorListItem } from '@panda/contracts/audit';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** docs/read-models.md#auditors */

/** An auditor as the list answers it (contracts `auditorListItem`). */
export type AuditorDoc = AuditorListItem & { _audience: string[] };

export const auditors = collection<AuditorDoc>('auditors');

export const auditorsProjection = defineProjection({
  name: 'auditors',
  collections: { [auditors.name]: ['created_at', 'name', 'email', searchIndex('name', 'email')] },
  on: {
    AuditorProvisioned: ({ time, data: d }, ctx) =>
      auditors.in(ctx).put({
        id: d.accountId,
        first_name: d.firstName,
        last_name: d.lastName,
        name: `${d.firstName} ${d.lastName}`.trim(),
        email: d.email,
        created_at: time,
        last_sign_in_at: null,
        active: true,
        revoked_at: null,
        temporary_password_unused: true,
        _audience: [],
      }),
    // Other accounts' events find no auditor document and change nothing.
    AuditorPasswordReissued: ({ data: d }, ctx) =>
      auditors.in(ctx).update(d.accountId, (doc) => void (doc.temporary_password_unused = true)),
    PasswordChanged: ({ data: d }, ctx) =>
      auditors.in(ctx).update(d.accountId, (doc) => void (doc.temporary_password_unused = false)),
    AuditorRevoked: ({ time, data: d }, ctx) =>
      auditors.in(ctx).update(d.accountId, (doc) => Object.assign(doc, { active: false, revoked_at: time })),
    AdminSignInAttempted: async ({ time, data: d }, ctx) => {
      if (d.outcome !== 'succeeded' || !d.accountId) return;
      await auditors.in(ctx).update(d.accountId, (doc) => void (doc.last_sign_in_at = time));
    },
  },
});
