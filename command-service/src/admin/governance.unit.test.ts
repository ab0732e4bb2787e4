import { describe, it } from 'vitest';
import { accountDecider, type AccountEvent } from '../accounts/decider';
import { accountSignedUp, requirements, studentRegistered } from '@panda/events/testing/fixtures';
import { spec } from '../shared/given-when-then';

/** The account and vetting decisions behind the admin portal's Lock/Unlock and Vet/Unvet actions. */
const account = spec(accountDecider);
const mentor: AccountEvent = accountSignedUp();
const centre: AccountEvent = accountSignedUp({
  accountId: 'c1',
  role: 'training_centre',
  email: 'cy@x.co',
  centreName: 'North Gas',
});
const student: AccountEvent = studentRegistered({ centreId: null, requirements: requirements(1, 0, 0, 0) });
const admin: AccountEvent = {
  type: 'AdminProvisioned',
  data: { accountId: 'a1', firstName: 'Ad', lastName: 'Min', email: 'a@x.co', passwordHash: 'h' },
};

describe('account governance', () => {
  it('locks an account of any non-admin role, with the reason', () => {
    const revoked = (accountId: string): AccountEvent => ({
      type: 'SessionsRevoked',
      data: { accountId, tokenVersion: 1, reason: 'locked' },
    });
    account
      .given([student])
      .when({ type: 'Lock', reason: 'Abusive messages' })
      .then([{ type: 'AccountLocked', data: { accountId: 's1', reason: 'Abusive messages' } }, revoked('s1')]);
    account
      .given([centre])
      .when({ type: 'Lock', reason: null })
      .then([{ type: 'AccountLocked', data: { accountId: 'c1', reason: null } }, revoked('c1')]);
  });

  it('unlocks a locked account; unlocking an unlocked one records nothing', () => {
    const locked: AccountEvent = { type: 'AccountLocked', data: { accountId: 'm1', reason: null } };
    account
      .given([mentor, locked])
      .when({ type: 'Unlock', reason: 'Appeal upheld' })
      .then([{ type: 'AccountUnlocked', data: { accountId: 'm1', reason: 'Appeal upheld' } }]);
    account.given([mentor]).when({ type: 'Unlock', reason: null }).then([]);
  });

  it('never locks an admin', () => {
    account.given([admin]).when({ type: 'Lock', reason: null }).thenThrows(403);
  });

  it('vets and unvets mentors and centres; repeating records nothing', () => {
    account
      .given([mentor])
      .when({ type: 'Vet', reason: 'Gas Safe card checked' })
      .then([{ type: 'AccountVetted', data: { accountId: 'm1', reason: 'Gas Safe card checked' } }]);
    const vetted: AccountEvent = { type: 'AccountVetted', data: { accountId: 'c1', reason: null } };
    account.given([centre, vetted]).when({ type: 'Vet', reason: null }).then([]);
    account
      .given([centre, vetted])
      .when({ type: 'Unvet', reason: 'Approval lapsed' })
      .then([{ type: 'AccountUnvetted', data: { accountId: 'c1', reason: 'Approval lapsed' } }]);
  });

  it('refuses vetting students and admins, and unknown accounts', () => {
    account
      .given([student])
      .when({ type: 'Vet', reason: null })
      .thenThrows(400, 'Only mentors and training centres are vetted');
    account.given([admin]).when({ type: 'Vet', reason: null }).thenThrows(400);
    account.given([]).when({ type: 'Vet', reason: null }).thenThrows(404);
  });
});
