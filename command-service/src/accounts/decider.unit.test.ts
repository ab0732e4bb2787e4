import { describe, expect, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import {
  accountDecider,
  checkRegistration,
  decideSignIn,
  emailClaimDecider,
  initialAccountState,
  TEMPORARY_PASSWORD_EXPIRED,
  type AccountEvent,
} from './decider';
import { DomainError } from '../shared/domain-errors';

const signedUp = (role: 'mentor' | 'training_centre' = 'mentor'): AccountEvent => ({
  type: 'AccountSignedUp',
  data: {
    accountId: 'a1',
    role,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@x.co',
    centreName: role === 'training_centre' ? 'North' : null,
    passwordHash: 'h1',
  },
});
const account = spec(accountDecider);

describe('account decider', () => {
  it('signs up a new account', () => {
    account
      .given([])
      .when({
        type: 'SignUp',
        accountId: 'a1',
        role: 'mentor',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@x.co',
        centreName: null,
        passwordHash: 'h1',
      })
      .then([signedUp()]);
  });

  it('refuses signing up an account twice', () => {
    account
      .given([signedUp()])
      .when({
        type: 'SignUp',
        accountId: 'a1',
        role: 'mentor',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@x.co',
        centreName: null,
        passwordHash: 'h1',
      })
      .thenThrows(409, 'An account with this email already exists');
  });

  it('provisions an admin once; a second provisioning changes nothing', () => {
    const cmd = {
      type: 'ProvisionAdmin' as const,
      accountId: 'ad',
      firstName: 'P',
      lastName: 'A',
      email: 'a@x.co',
      passwordHash: 'h',
    };
    account
      .given([])
      .when(cmd)
      .then([
        {
          type: 'AdminProvisioned',
          data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' },
        },
      ]);
    account
      .given([
        {
          type: 'AdminProvisioned',
          data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' },
        },
      ])
      .when(cmd)
      .then([]);
  });

  it('changes and resets passwords only of existing accounts, ending every earlier session', () => {
    account
      .given([signedUp()])
      .when({ type: 'ChangePassword', passwordHash: 'h2' })
      .then([
        { type: 'PasswordChanged', data: { accountId: 'a1', passwordHash: 'h2' } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', tokenVersion: 1, reason: 'password_changed' } },
      ]);
    account.given([]).when({ type: 'ChangePassword', passwordHash: 'h2' }).thenThrows(404);
    account
      .given([signedUp()])
      .when({ type: 'ResetPassword', temporaryPasswordHash: 't', now: '2026-03-01T10:00:00.000Z' })
      .then([
        {
          type: 'PasswordReset',
          data: { accountId: 'a1', temporaryPasswordHash: 't', temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' },
        },
      ]);
  });

  it('a used temporary password replaces the old one and ends every earlier session', () => {
    const reset: AccountEvent = {
      type: 'PasswordReset',
      data: { accountId: 'a1', temporaryPasswordHash: 't', temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' },
    };
    account
      .given([signedUp(), reset])
      .when({ type: 'UseTemporaryPassword' })
      .then([
        { type: 'TemporaryPasswordUsed', data: { accountId: 'a1' } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', tokenVersion: 1, reason: 'temporary_password_used' } },
      ]);
    account.given([signedUp()]).when({ type: 'UseTemporaryPassword' }).thenThrows(409);
  });

  it('counts token versions on from the last revocation', () => {
    account
      .given([signedUp(), { type: 'SessionsRevoked', data: { accountId: 'a1', tokenVersion: 3, reason: 'locked' } }])
      .when({ type: 'ChangePassword', passwordHash: 'h3' })
      .then([
        { type: 'PasswordChanged', data: { accountId: 'a1', passwordHash: 'h3' } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', tokenVersion: 4, reason: 'password_changed' } },
      ]);
  });

  it('signs out one token of an existing account', () => {
    const cmd = { type: 'EndSession' as const, tokenId: 'j1', expiresAt: '2026-03-01T22:00:00.000Z' };
    account
      .given([signedUp()])
      .when(cmd)
      .then([
        { type: 'SessionEnded', data: { accountId: 'a1', tokenId: 'j1', expiresAt: '2026-03-01T22:00:00.000Z' } },
      ]);
    account.given([]).when(cmd).thenThrows(404);
  });

  it('locks (ending every session) and unlocks with a reason; an unlock revives no session; repeating a lock records nothing new', () => {
    account
      .given([signedUp()])
      .when({ type: 'Lock', reason: 'Spam' })
      .then([
        { type: 'AccountLocked', data: { accountId: 'a1', reason: 'Spam' } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', tokenVersion: 1, reason: 'locked' } },
      ]);
    account
      .given([signedUp(), { type: 'AccountLocked', data: { accountId: 'a1', reason: null } }])
      .when({ type: 'Lock', reason: null })
      .then([]);
    account
      .given([signedUp(), { type: 'AccountLocked', data: { accountId: 'a1', reason: null } }])
      .when({ type: 'Unlock', reason: 'Resolved' })
      .then([{ type: 'AccountUnlocked', data: { accountId: 'a1', reason: 'Resolved' } }]);
  });

  it('refuses locking an admin or an unknown account', () => {
    account
      .given([
        {
          type: 'AdminProvisioned',
          data: { accountId: 'ad', firstName: 'P', lastName: 'A', email: 'a@x.co', passwordHash: 'h' },
        },
      ])
      .when({ type: 'Lock', reason: null })
      .thenThrows(403);
    account.given([]).when({ type: 'Lock', reason: null }).thenThrows(404);
  });

  it('vets mentors and centres only', () => {
    account
      .given([signedUp('training_centre')])
      .when({ type: 'Vet', reason: 'Docs ok' })
      .then([{ type: 'AccountVetted', data: { accountId: 'a1', reason: 'Docs ok' } }]);
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

describe('sign-in with a temporary password (7 days)', () => {
  const registered = (extra: object = {}): AccountEvent => ({
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
      ...extra,
    },
  });
  const given = (events: AccountEvent[]) => events.reduce(accountDecider.evolve, initialAccountState());
  const at = (iso: string) => new Date(iso);
  const refused = (run: () => unknown) => {
    let caught: unknown;
    try {
      run();
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ kind: 'unauthenticated', message: TEMPORARY_PASSWORD_EXPIRED });
  };

  it('registers a student with a temporary password that expires 7 days later', () => {
    account
      .given([])
      .when({
        type: 'RegisterStudent',
        ...(registered().data as object),
        now: '2026-03-01T10:00:00.000Z',
        centreVetted: true,
      } as never)
      .then([registered({ temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' })]);
  });

  it('refuses a date of birth after the day the registration is made, and takes that very day', () => {
    const register = (dateOfBirth: string, now: string) =>
      ({ type: 'RegisterStudent', ...(registered().data as object), dateOfBirth, now, centreVetted: true }) as never;
    account
      .given([])
      .when(register('2026-03-02', '2026-03-01T23:59:59.000Z'))
      .thenThrows(400, 'Date_Of_Birth: Date of birth cannot be in the future');
    account
      .given([])
      .when(register('2026-03-01', '2026-03-01T00:00:00.000Z'))
      .then([registered({ dateOfBirth: '2026-03-01', temporaryPasswordExpiresAt: '2026-03-08T00:00:00.000Z' })]);
    expect(() => checkRegistration({ dateOfBirth: '2026-03-02' }, '2026-03-01T10:00:00.000Z')).toThrow(DomainError);
    expect(() => checkRegistration({ dateOfBirth: null }, '2026-03-01T10:00:00.000Z')).not.toThrow();
  });

  it("a registered student's first password works for 7 days, then is refused with a clear message", () => {
    const state = given([registered({ temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' })]);
    expect(decideSignIn(state, 'password', at('2026-03-08T09:59:59.000Z'))).toEqual({ mustChangePassword: true });
    refused(() => decideSignIn(state, 'password', at('2026-03-08T10:00:00.000Z')));
  });

  it('a password the student chose never expires', () => {
    const state = given([
      registered({ temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' }),
      { type: 'PasswordChanged', data: { accountId: 's1', passwordHash: 'own' } },
    ]);
    expect(decideSignIn(state, 'password', at('2027-01-01T00:00:00.000Z'))).toEqual({ mustChangePassword: false });
  });

  it('a forgot-password temporary password works for 7 days; the old password keeps working', () => {
    const state = given([
      signedUp(),
      {
        type: 'PasswordReset',
        data: { accountId: 'a1', temporaryPasswordHash: 't', temporaryPasswordExpiresAt: '2026-03-08T10:00:00.000Z' },
      },
    ]);
    expect(decideSignIn(state, 'temporary', at('2026-03-02T10:00:00.000Z'))).toEqual({ mustChangePassword: true });
    refused(() => decideSignIn(state, 'temporary', at('2026-03-09T10:00:00.000Z')));
    expect(decideSignIn(state, 'password', at('2026-03-09T10:00:00.000Z'))).toEqual({ mustChangePassword: false });
  });

  it("an auditor's one-time password expires 7 days after it was provisioned", () => {
    const provisioned = {
      type: 'AuditorProvisioned',
      data: { accountId: 'au', firstName: 'A', lastName: 'B', email: 'a@x.co', temporaryPasswordHash: 't' },
      time: '2026-03-01T10:00:00.000Z',
    } as unknown as AccountEvent;
    const state = given([provisioned]);
    expect(decideSignIn(state, 'password', at('2026-03-08T09:00:00.000Z'))).toEqual({ mustChangePassword: true });
    refused(() => decideSignIn(state, 'password', at('2026-03-08T10:00:00.000Z')));
  });

  it('a temporary password recorded before expiry existed expires 7 days after its event', () => {
    const old = { ...registered(), time: '2026-03-01T10:00:00.000Z' } as unknown as AccountEvent;
    const state = given([old]);
    expect(decideSignIn(state, 'password', at('2026-03-07T10:00:00.000Z')).mustChangePassword).toBe(true);
    refused(() => decideSignIn(state, 'password', at('2026-03-08T10:00:01.000Z')));
  });
});

describe('email claim decider', () => {
  const claims = spec(emailClaimDecider);
  it('claims a free address', () => {
    claims
      .given([])
      .when({ type: 'Claim', email: 'e@x.co', accountId: 'a1', takeOverFrom: null })
      .then([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }]);
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
      .given([
        { type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } },
        { type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a3' } },
      ])
      .when({ type: 'Claim', email: 'e@x.co', accountId: 'a2', takeOverFrom: 'a1' })
      .thenThrows(409, 'An account with this email already exists');
  });
  it('frees an address on release by its holder only', () => {
    const given = claims.given([{ type: 'EmailClaimed', data: { email: 'e@x.co', accountId: 'a1' } }]);
    given.when({ type: 'Release', email: 'e@x.co', accountId: 'a2' }).then([]);
    given
      .when({ type: 'Release', email: 'e@x.co', accountId: 'a1' })
      .then([{ type: 'EmailReleased', data: { email: 'e@x.co', accountId: 'a1' } }]);
  });
});
