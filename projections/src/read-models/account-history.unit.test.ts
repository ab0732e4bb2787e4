import { describe, expect, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { accountHistory, accountHistoryProjection, adminSignIns } from './account-history';

const spec = projectionSpec(accountHistoryProjection);

describe('account-history projection', () => {
  it('keeps one timeline entry per lock and vetting change, with the acting account and the reason', async () => {
    const given = spec.given([
      { type: 'AccountVetted', data: { accountId: 'm1', reason: 'Checked the Gas Safe card' }, actorId: 'a1' },
      { type: 'AccountLocked', data: { accountId: 'm1', reason: null }, actorId: 'a2' },
      { type: 'PasswordChanged', data: { accountId: 'm1', passwordHash: 'h' } },
      { type: 'AccountUnlocked', data: { accountId: 'm1', reason: 'Sorted' }, actorId: 'a1' },
      { type: 'AccountUnvetted', data: { accountId: 'm1', reason: 'Card expired' }, actorId: 'a1' },
    ]);
    await given.then(accountHistory, 'e1', {
      id: 'e1',
      account_id: 'm1',
      action: 'vetted',
      at: givenTime(1),
      actor_id: 'a1',
      reason: 'Checked the Gas Safe card',
      position: 1,
      _audience: [],
    });
    await given.then(accountHistory, 'e2', {
      id: 'e2',
      account_id: 'm1',
      action: 'locked',
      at: givenTime(2),
      actor_id: 'a2',
      reason: null,
      position: 2,
      _audience: [],
    });
    expect((await given.all(accountHistory)).map((d) => [d.id, d.action])).toEqual([
      ['e1', 'vetted'],
      ['e2', 'locked'],
      ['e4', 'unlocked'],
      ['e5', 'unvetted'],
    ]);
  });

  it('records every admin sign-in attempt, known address or not', async () => {
    const given = spec.given([
      {
        type: 'AdminSignInAttempted',
        data: {
          email: 'a@x.co',
          accountId: 'a1',
          outcome: 'succeeded',
          sourceAddress: '10.0.0.1',
          userAgent: 'Firefox',
        },
      },
      {
        type: 'AdminSignInAttempted',
        data: {
          email: 'who@x.co',
          accountId: null,
          outcome: 'invalid_credentials',
          sourceAddress: '10.0.0.2',
          userAgent: null,
        },
      },
    ]);
    await given.then(adminSignIns, 'e1', {
      id: 'e1',
      at: givenTime(1),
      email: 'a@x.co',
      account_id: 'a1',
      outcome: 'succeeded',
      source_address: '10.0.0.1',
      user_agent: 'Firefox',
      position: 1,
      _audience: [],
    });
    await given.then(adminSignIns, 'e2', {
      id: 'e2',
      at: givenTime(2),
      email: 'who@x.co',
      account_id: null,
      outcome: 'invalid_credentials',
      source_address: '10.0.0.2',
      user_agent: null,
      position: 2,
      _audience: [],
    });
  });
});
