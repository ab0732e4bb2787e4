import { describe, expect, it, vi } from 'vitest';
import { lockedMessage } from '@panda/contracts/accounts';
import { projectionSpec, givenTime } from '../testing/projection-spec';
import { accountSignedUp, studentRegistered } from '@panda/events/testing/fixtures';
import { signToken } from '@panda/platform/tokens';
import type { ChangeFeed } from '../change-feed';
import type { CommittedBatch } from '../projection';
import { SqliteReadStore } from '../sqlite-read-store';
import { accounts, accountsAuthenticator, accountsProjection, type AccountDoc } from './accounts';

const spec = projectionSpec(accountsProjection);

const registered = (accountId: string) =>
  studentRegistered({
    accountId,
    email: `${accountId}@x.co`,
    phone: '0770',
    postcode: 'M1 1AE',
    dateOfBirth: '2000-02-03',
  });
const signedUp = (
  accountId: string,
  role: 'mentor' | 'training_centre',
  over: Parameters<typeof accountSignedUp>[0] = {},
) => accountSignedUp({ accountId, role, email: `${accountId}@x.co`, ...over });

const student = (over: Partial<AccountDoc> = {}): AccountDoc => ({
  id: 's1',
  role: 'student',
  First_Name: 'Amy',
  Last_Name: 'Pond',
  Name: 'Amy Pond',
  Email: 's1@x.co',
  email_lower: 's1@x.co',
  centre_id: 'c1',
  Phone_Number: '0770',
  Postcode: 'M1 1AE',
  Date_Of_Birth: '2000-02-03',
  locked: false,
  vetted: false,
  must_change_password: true,
  temporary_password_unused: true,
  Created_At: givenTime(1),
  updated_at: givenTime(1),
  _audience: ['s1', 'c1'],
  ...over,
});

describe('accounts projection', () => {
  it('records a registered student, seen by them and their centre, who must change the temporary password', async () => {
    await spec.given([registered('s1')]).then(accounts, 's1', student());
  });

  it("names a training centre by the centre's name and keeps it through Profile Settings", async () => {
    const given = spec.given([
      signedUp('c1', 'training_centre', { centreName: 'Northern Gas Academy', email: 'Office@NGA.co' }),
      { type: 'ProfileChanged', data: { accountId: 'c1', changes: { Email: 'Desk@NGA.co' } } },
    ]);
    await given.then(accounts, 'c1', {
      ...student({
        id: 'c1',
        role: 'training_centre',
        First_Name: 'Dave',
        Last_Name: 'Clarke',
        Name: 'Northern Gas Academy',
        Email: 'Desk@NGA.co',
        email_lower: 'desk@nga.co',
      }),
      centre_id: null,
      Phone_Number: null,
      Postcode: null,
      Date_Of_Birth: null,
      must_change_password: false,
      temporary_password_unused: false,
      updated_at: givenTime(2),
      _audience: ['c1'],
    });
  });

  it('follows password, lock and vetting changes; a changed name makes the display name', async () => {
    await spec
      .given([
        registered('s1'),
        { type: 'PasswordChanged', data: { accountId: 's1', passwordHash: 'h2' } },
        { type: 'AccountLocked', data: { accountId: 's1', reason: null } },
        { type: 'PasswordReset', data: { accountId: 's1', temporaryPasswordHash: 't2' } },
        { type: 'ProfileChanged', data: { accountId: 's1', changes: { First_Name: 'Amelia', Postcode: null } } },
      ])
      .then(
        accounts,
        's1',
        student({
          First_Name: 'Amelia',
          Name: 'Amelia Pond',
          Postcode: null,
          locked: true,
          lock_category: 'other',
          must_change_password: false,
          temporary_password_unused: false,
          reset_pending: true,
          updated_at: givenTime(5),
        }),
      );
  });

  it('ends sessions by version and by token id, forgetting signed-out tokens once they would have expired', async () => {
    const given = spec.given([
      signedUp('m1', 'mentor'),
      { type: 'AccountVetted', data: { accountId: 'm1', reason: 'ok' } },
      { type: 'SessionEnded', data: { accountId: 'm1', tokenId: 'old', expiresAt: givenTime(3) } },
      { type: 'SessionEnded', data: { accountId: 'm1', tokenId: 'new', expiresAt: '2027-01-01T00:00:00.000Z' } },
    ]);
    const mentor: AccountDoc = {
      ...student({
        id: 'm1',
        role: 'mentor',
        First_Name: 'Dave',
        Last_Name: 'Clarke',
        Name: 'Dave Clarke',
        Email: 'm1@x.co',
        email_lower: 'm1@x.co',
        vetted: true,
      }),
      centre_id: null,
      Phone_Number: null,
      Postcode: null,
      Date_Of_Birth: null,
      must_change_password: false,
      temporary_password_unused: false,
      updated_at: givenTime(2),
      _audience: ['m1'],
      ended_tokens: { new: Date.parse('2027-01-01T00:00:00.000Z') },
    };
    await given.then(accounts, 'm1', mentor);
    await spec
      .given([
        signedUp('m1', 'mentor'),
        { type: 'SessionEnded', data: { accountId: 'm1', tokenId: 't', expiresAt: '2027-01-01T00:00:00.000Z' } },
        { type: 'SessionsRevoked', data: { accountId: 'm1', tokenVersion: 2, reason: 'locked' } },
      ])
      .then(accounts, 'm1', { ...mentor, vetted: false, updated_at: givenTime(1), token_version: 2, ended_tokens: {} });
  });

  it('provisions admins and auditors; changes to an unknown account make nothing', async () => {
    const given = spec.given([
      {
        type: 'AdminProvisioned',
        data: { accountId: 'a1', firstName: 'Ada', lastName: 'Admin', email: 'a@x.co', passwordHash: 'h' },
      },
      {
        type: 'AuditorProvisioned',
        data: { accountId: 'u1', firstName: 'Ann', lastName: 'Audit', email: 'u@x.co', temporaryPasswordHash: 't' },
      },
      { type: 'AccountLocked', data: { accountId: 'nobody', reason: null } },
    ]);
    const base = {
      centre_id: null,
      Phone_Number: null,
      Postcode: null,
      Date_Of_Birth: null,
      locked: false,
      vetted: false,
    };
    await given.then(accounts, 'a1', {
      ...student(),
      ...base,
      id: 'a1',
      role: 'admin',
      First_Name: 'Ada',
      Last_Name: 'Admin',
      Name: 'Ada Admin',
      Email: 'a@x.co',
      email_lower: 'a@x.co',
      must_change_password: false,
      temporary_password_unused: false,
      _audience: ['a1'],
    });
    await given.then(accounts, 'u1', {
      ...student(),
      ...base,
      id: 'u1',
      role: 'auditor',
      First_Name: 'Ann',
      Last_Name: 'Audit',
      Name: 'Ann Audit',
      Email: 'u@x.co',
      email_lower: 'u@x.co',
      Created_At: givenTime(2),
      updated_at: givenTime(2),
      _audience: ['u1'],
    });
    await given.then(accounts, 'nobody', null);
  });
});

describe('accountsAuthenticator with a change feed', () => {
  const secret = new TextEncoder().encode('auth-cache-secret-auth-cache-secret-1234');
  const setUp = async () => {
    const readStore = new SqliteReadStore(':memory:');
    let at = 0;
    const save = (doc: AccountDoc) =>
      readStore.commit('accounts', at, ++at, [{ op: 'put', collection: 'accounts', doc }]);
    await save(student({ must_change_password: false }));
    const listeners = new Set<(batch: CommittedBatch) => void>();
    const feed: ChangeFeed = {
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      close: () => listeners.clear(),
    };
    const changed = (collection: string, id: string) => {
      for (const l of listeners)
        l({ projection: 'accounts', position: at, changes: [{ collection, id, audience: [] }] });
    };
    const token = await signToken(secret, { sub: 's1', role: 'student' });
    return { readStore, save, changed, feed, token };
  };

  it('reads an account once, and again after the feed says it changed', async () => {
    const { readStore, save, changed, feed, token } = await setUp();
    const gets = vi.spyOn(readStore, 'get');
    const authenticate = accountsAuthenticator(readStore, secret, () => new Date(), feed);
    expect((await authenticate(token))?.id).toBe('s1');
    expect((await authenticate(token))?.id).toBe('s1');
    expect(gets).toHaveBeenCalledTimes(1);

    await save(student({ must_change_password: false, locked: true }));
    // Another collection's change, or another account's, keeps what is known.
    changed('students', 's1');
    changed('accounts', 's2');
    expect(await authenticate(token)).not.toBeNull();
    changed('accounts', 's1');
    // A locked account's token is refused with why (docs/rules.md#locked-accounts).
    await expect(authenticate(token)).rejects.toMatchObject({ status: 401, detail: lockedMessage(null) });
    expect(gets).toHaveBeenCalledTimes(2);
    await readStore.close();
  });

  it('keeps no document that a change overtook while it was being read', async () => {
    const { readStore, save, changed, feed, token } = await setUp();
    const read = readStore.get.bind(readStore);
    let overtake = true;
    // The first read answers the document as it was, and the lock is committed and told meanwhile.
    vi.spyOn(readStore, 'get').mockImplementation(async (collection, id) => {
      const doc = await read(collection, id);
      if (overtake) {
        overtake = false;
        await save(student({ must_change_password: false, locked: true }));
        changed('accounts', 's1');
      }
      return doc;
    });
    const authenticate = accountsAuthenticator(readStore, secret, () => new Date(), feed);
    expect(await authenticate(token)).not.toBeNull();
    await expect(authenticate(token)).rejects.toMatchObject({ status: 401 });
    await readStore.close();
  });
});
