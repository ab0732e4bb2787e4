import { describe, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { auditors, auditorsProjection } from './auditors';

const provisioned = {
  type: 'AuditorProvisioned' as const,
  data: { accountId: 'a1', firstName: 'Ann', lastName: 'Audit', email: 'ann@x.co', temporaryPasswordHash: 't' },
};
const signIn = (accountId: string | null, outcome: 'succeeded' | 'invalid_credentials') => ({
  type: 'AdminSignInAttempted' as const,
  data: { email: 'ann@x.co', accountId, outcome, sourceAddress: '127.0.0.1', userAgent: null },
});

describe('auditors projection', () => {
  it('lists an auditor with their last successful sign-in and whether the temporary password is unused', async () => {
    await projectionSpec(auditorsProjection)
      .given([
        provisioned,
        signIn('a1', 'succeeded'),
        { type: 'PasswordChanged', data: { accountId: 'a1', passwordHash: 'h' } },
        signIn('a1', 'invalid_credentials'),
        // Another account's events change nothing here.
        { type: 'PasswordChanged', data: { accountId: 'm1', passwordHash: 'h' } },
      ])
      .then(auditors, 'a1', {
        id: 'a1',
        first_name: 'Ann',
        last_name: 'Audit',
        name: 'Ann Audit',
        email: 'ann@x.co',
        created_at: givenTime(1),
        last_sign_in_at: givenTime(2),
        active: true,
        revoked_at: null,
        temporary_password_unused: false,
        _audience: [],
      });
  });

  it('marks a re-issued password unused again, and a revoked auditor inactive', async () => {
    await projectionSpec(auditorsProjection)
      .given([
        provisioned,
        { type: 'PasswordChanged', data: { accountId: 'a1', passwordHash: 'h' } },
        {
          type: 'AuditorPasswordReissued',
          data: {
            accountId: 'a1',
            temporaryPasswordHash: 't2',
            temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z',
          },
        },
        { type: 'AuditorRevoked', data: { accountId: 'a1' } },
      ])
      .then(auditors, 'a1', {
        id: 'a1',
        first_name: 'Ann',
        last_name: 'Audit',
        name: 'Ann Audit',
        email: 'ann@x.co',
        created_at: givenTime(1),
        last_sign_in_at: null,
        active: false,
        revoked_at: givenTime(4),
        temporary_password_unused: true,
        _audience: [],
      });
  });
});
