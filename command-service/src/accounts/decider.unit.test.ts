import { describe, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import { accountDecider, emailClaimDecider, type AccountEvent } from './decider';

const signedUp = (role: 'mentor' | 'training_centre' = 'mentor'): AccountEvent => ({
  type: 'AccountSignedUp',
  data: { accountId: 'a1', role, firstName: 'Ann', lastName: 'Lee', email: 'ann@x.co', centreName: role === 'training_centre' ? 'North' : null, passwordHash: 'h1' },
});
const account = spec(accountDecider);

describe('account decider', () => {
  it('signs up a new account', () => {
    account
      .given([])
      .when({ type: 'SignUp', accountId: 'a1', role: 'mentor', firstName: 'Ann', lastName: 'Lee', email: 'ann@x.co', centreName: null, passwordHash: 'h1' })
      .then([signedUp()]);
  });

  it('refuses signing up an account twice', () => {
    account
      .given([signedUp()])
      .when({ type: 'SignUp', accountId: 'a1', role: 'mentor', firstName: 'Ann', lastName: 'Lee', email: 'ann@x.co', centreName: null, passwordHash: 'h1' })
      .thenThrows(409, 'An account with this email already exists');
  });

  it('provisions an admin once; a second provisioning changes nothing', () => {
    const cmd = { type: 'ProvisionAdmin' as const, accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' };
    account.given([]).when(cmd).then([{ type: 'AdminProvisioned', data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' } }]);
    account.given([{ type: 'AdminProvisioned', data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' } }]).when(cmd).then([]);
  });

  it('changes and resets passwords only of existing accounts', () => {
    account.given([signedUp()]).when({ type: 'ChangePassword', passwordHash: 'h2' }).then([{ type: 'PasswordChanged', data: { accountId: 'a1', passwordHash: 'h2' } }]);
    account.given([]).when({ type: 'ChangePassword', passwordHash: 'h2' }).thenThrows(404);
    account.given([signedUp()]).when({ type: 'ResetPassword', temporaryPasswordHash: 't' }).then([{ type: 'PasswordReset', data: { accountId: 'a1', temporaryPasswordHash: 't' } }]);
  });

  it('locks and unlocks with a reason; repeating a lock records nothing new', () => {
    account.given([signedUp()]).when({ type: 'Lock', reason: 'Spam' }).then([{ type: 'AccountLocked', data: { accountId: 'a1', reason: 'Spam' } }]);
    account.given([signedUp(), { type: 'AccountLocked', data: { accountId: 'a1', reason: null } }]).when({ type: 'Lock', reason: null }).then([]);
    account
      .given([signedUp(), { type: 'AccountLocked', data: { accountId: 'a1', reason: null } }])
      .when({ type: 'Unlock', reason: 'Resolved' })
      .then([{ type: 'AccountUnlocked', data: { accountId: 'a1', reason: 'Resolved' } }]);
  });

  it('refuses locking an admin or an unknown account', () => {
    account.given([{ type: 'AdminProvisioned', data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' } }]).when({ type: 'Lock', reason: null }).thenThrows(403);
    account.given([]).when({ type: 'Lock', reason: null }).thenThrows(404);
  });

  it('vets mentors and centres only', () => {
    account.given([signedUp('training_centre')]).when({ type: 'Vet', reason: 'Docs ok' }).then([{ type: 'AccountVetted', data: { accountId: 'a1', reason: 'Docs ok' } }]);
    account
      .given([signedUp(), { type: 'AccountVetted', data: { accountId: 'a1', reason: null } }])
      .when({ type: 'Unvet', reason: 'Expired Gas Safe card' })
      .then([{ type: 'AccountUnvetted', data: { accountId: 'a1', reason: 'Expired Gas Safe card' } }]);
    const student: AccountEvent = {
      type: 'StudentRegistered',
      data: {
        accountId: 's1',
        centreId: 'c1',
        firstName: 'S',
        lastName: 'T',
        email: 's@x.co',
        phone: null,
        postcode: null,
        dateOfBirth: null,
        requirements: { boilerInstalls: 1, boilerService: 0, pipework: 0, repair: 0 },
        temporaryPasswordHash: 't',
      },
    };
    account.given([student]).when({ type: 'Vet', reason: null }).thenThrows(400);
  });
});

describe('email claim decider', () => {
  const claims = spec(emailClaimDecider);
  it('claims a free address', () => {
    claims.given([]).when({ type: 'Claim', email: 'e@x.co', accountId: 'a1', takeOverFrom: null }).then([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }]);
  });
  it('refuses an address another live account holds', () => {
    claims
      .given([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }])
      .when({ type: 'Claim', email: 'e@x.co', accountId: 'a2', takeOverFrom: null })
      .thenThrows(409, 'An account with this email already exists');
  });
  it('takes over a dangling claim whose account was never written', () => {
    claims
      .given([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }])
      .when({ type: 'Claim', email: 'e@x.co', accountId: 'a2', takeOverFrom: 'a1' })
      .then([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a2' } }]);
  });
  it('does not take over from a holder other than the one found dangling', () => {
    claims
      .given([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }, { type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a3' } }])
      .when({ type: 'Claim', email: 'e@x.co', accountId: 'a2', takeOverFrom: 'a1' })
      .thenThrows(409, 'An account with this email already exists');
  });
  it('frees an address on release by its holder only', () => {
    const given = claims.given([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }]);
    given.when({ type: 'Release', email: 'e@x.co', accountId: 'a2' }).then([]);
    given.when({ type: 'Release', email: 'e@x.co', accountId: 'a1' }).then([{ type: 'EmailReleased', data: { email: 'e@x.co', accountId: 'a1' } }]);
  });
});
