import { describe, expect, it } from 'vitest';
import {
  accountSignedUp,
  centreSignedUp,
  event,
  mentorProfileSaved,
  mentorProfile,
  placementAccepted,
  placementEnded,
  placementProposed,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { accounts, accountsProjection, type AccountDoc } from './accounts';
import { adminMentorRows, adminMentorRowsProjection, type AdminMentorRowDoc } from './admin-mentor-rows';
import { placementParties, placementsProjection, type PartyDoc } from './placements';

const spec = projectionSpec(adminMentorRowsProjection);

const centre = centreSignedUp();
const mentor = accountSignedUp();
const mentor2 = accountSignedUp({ accountId: 'm2', firstName: 'Mo', lastName: 'Khan', email: 'mo@x.co' });
const amy = studentRegistered();
const rory = studentRegistered({ accountId: 's2', firstName: 'Rory', lastName: 'Williams', email: 'r@x.co' });

/** Dave's row right after signing up (the centre signed up first, event 1; Dave is event 2). */
const signedUp: AdminMentorRowDoc = {
  id: 'm1',
  First_Name: 'Dave',
  Last_Name: 'Clarke',
  Email: 'dave@x.co',
  Name: 'Dave Clarke',
  Created_At: t(2),
  account_locked: false,
  vetted: false,
  Business_Name: null,
  Business_Postcode: null,
  profile_complete: false,
  student_count: 0,
  pending_requests: 0,
  Matched: false,
};

/**
 * The row as the admin mentors list built it before it had rows of its own: the mentor's account and their
 * `placement_parties` document, joined at each request.
 */
function joined(a: AccountDoc, p: PartyDoc | undefined) {
  return {
    id: a.id,
    First_Name: a.First_Name,
    Last_Name: a.Last_Name,
    Email: a.Email,
    Name: a.Name,
    Created_At: a.Created_At,
    account_locked: a.locked,
    vetted: a.vetted,
    Business_Name: p?.Business_Name ?? null,
    Business_Postcode: p?.Business_Postcode ?? null,
    profile_complete: Boolean(p?.profile_complete),
    student_count: p?.active_students ?? 0,
    pending_requests: p?.pending_requests ?? 0,
    Matched: (p?.active_students ?? 0) > 0,
  };
}

/** The rows, against the join of the read models they replace, after the same events (key order too). */
async function expectSameAsJoin(events: GivenEvent[]) {
  const rows = await spec.given(events).all(adminMentorRows);
  const all = await projectionSpec(accountsProjection).given(events).all(accounts);
  const parties = await projectionSpec(placementsProjection).given(events).all(placementParties);
  const byId = new Map(parties.map((p) => [p.id, p]));
  const expected = all.filter((a) => a.role === 'mentor').map((a) => joined(a, byId.get(a.id)));
  expect(rows).toEqual(expected);
  expect(rows.map((r) => JSON.stringify(r))).toEqual(expected.map((r) => JSON.stringify(r)));
  return rows;
}

describe('admin mentor rows projection', () => {
  it('AccountSignedUp: a mentor’s row as the table shows it; a centre or a student makes none', async () => {
    const given = spec.given([centre, mentor, amy]);
    await given.then(adminMentorRows, 'm1', signedUp);
    expect((await given.all(adminMentorRows)).map((r) => r.id)).toEqual(['m1']);
  });

  it('AccountLocked, AccountUnlocked, AccountVetted, AccountUnvetted: the row’s flags; a student’s change makes no row', async () => {
    const e = (type: 'AccountLocked' | 'AccountUnlocked' | 'AccountVetted' | 'AccountUnvetted', accountId = 'm1') =>
      event(type, { accountId, reason: 'x' });
    await spec
      .given([centre, mentor, e('AccountLocked'), e('AccountVetted')])
      .then(adminMentorRows, 'm1', { ...signedUp, account_locked: true, vetted: true });
    await spec
      .given([centre, mentor, e('AccountLocked'), e('AccountVetted'), e('AccountUnlocked'), e('AccountUnvetted')])
      .then(adminMentorRows, 'm1', signedUp);
    expect(await spec.given([centre, amy, e('AccountLocked', 's1')]).all(adminMentorRows)).toEqual([]);
  });

  it('ProfileChanged: the name and e-mail; a change the table does not show leaves the row as it was', async () => {
    await spec
      .given([
        centre,
        mentor,
        event('ProfileChanged', { accountId: 'm1', changes: { Last_Name: 'Cole', Email: 'd@y.co' } }),
      ])
      .then(adminMentorRows, 'm1', { ...signedUp, Last_Name: 'Cole', Name: 'Dave Cole', Email: 'd@y.co' });
    await spec
      .given([centre, mentor, event('ProfileChanged', { accountId: 'm1', changes: { Phone_Number: '07700900000' } })])
      .then(adminMentorRows, 'm1', signedUp);
  });

  it('MentorProfileSaved: the business name and postcode (trimmed, blank as none), complete with the Gas Safe number', async () => {
    await spec.given([centre, mentor, mentorProfileSaved()]).then(adminMentorRows, 'm1', {
      ...signedUp,
      Business_Name: mentorProfile().Business_Name,
      Business_Postcode: mentorProfile().Business_Postcode,
      profile_complete: true,
    });
    await spec
      .given([
        centre,
        mentor,
        mentorProfileSaved({ profile: mentorProfile({ Business_Name: '  ', Gas_Safe_Registration_Number: '' }) }),
      ])
      .then(adminMentorRows, 'm1', {
        ...signedUp,
        Business_Postcode: mentorProfile().Business_Postcode,
      });
  });

  it('placements: pending requests and active students move with each placement’s status', async () => {
    const proposed = [centre, mentor, amy, rory, placementProposed()];
    await spec.given(proposed).then(adminMentorRows, 'm1', { ...signedUp, pending_requests: 1 });
    await spec
      .given([...proposed, placementAccepted(), placementProposed({ placementId: 'p2', studentId: 's2' })])
      .then(adminMentorRows, 'm1', { ...signedUp, student_count: 1, pending_requests: 1, Matched: true });
    await spec.given([...proposed, placementAccepted(), placementEnded()]).then(adminMentorRows, 'm1', signedUp);
  });

  it('a change to a placement never proposed changes nothing; a placement keeps its proposal’s mentor', async () => {
    await spec
      .given([centre, mentor, amy, placementAccepted({ placementId: 'p9' })])
      .then(adminMentorRows, 'm1', signedUp);
    const given = spec.given([
      centre,
      mentor,
      mentor2,
      amy,
      placementProposed(),
      placementAccepted({ mentorId: 'm2' }),
    ]);
    await given.then(adminMentorRows, 'm1', { ...signedUp, student_count: 1, Matched: true });
    await given.then(adminMentorRows, 'm2', {
      ...signedUp,
      id: 'm2',
      First_Name: 'Mo',
      Last_Name: 'Khan',
      Name: 'Mo Khan',
      Email: 'mo@x.co',
      Created_At: t(3),
    });
  });

  it('equals the join of accounts and placement_parties it replaces, over a varied history', async () => {
    const rows = await expectSameAsJoin([
      centre,
      mentor,
      mentor2,
      amy,
      rory,
      studentRegistered({ accountId: 's3', firstName: 'Clara', lastName: 'Oswald', email: 'c@x.co' }),
      mentorProfileSaved(),
      placementProposed(),
      placementAccepted(),
      placementProposed({ placementId: 'p2', studentId: 's2', mentorId: 'm2', centreId: null }),
      event('PlacementDeclined', { placementId: 'p2', studentId: 's2', mentorId: 'm2', reason: 'Full' }),
      placementProposed({ placementId: 'p3', studentId: 's2', mentorId: 'm1', centreId: null }),
      placementProposed({ placementId: 'p4', studentId: 's3', mentorId: 'm2' }),
      placementAccepted({ placementId: 'p4', studentId: 's3', mentorId: 'm2' }),
      event('ProfileChanged', { accountId: 'm2', changes: { Last_Name: 'Patel' } }),
      placementEnded({ placementId: 'p4', studentId: 's3', mentorId: 'm2', status: 'cancelled' }),
      event('AccountVetted', { accountId: 'm2', reason: null }),
      event('AccountLocked', { accountId: 'm1', reason: 'x' }),
      mentorProfileSaved({ accountId: 'm2', profile: mentorProfile({ Business_Name: ' Khan Heating ' }) }),
      event('ProfileChanged', { accountId: 'm1', changes: { First_Name: 'David', Email: 'david@x.co' } }),
      event('ProfileChanged', { accountId: 'c1', changes: { Name: 'North Gas Academy' } }),
    ]);
    // The history reached the states the row shows.
    expect(rows.map((r) => [r.id, r.student_count, r.pending_requests, r.Matched, r.vetted, r.account_locked])).toEqual(
      [
        ['m1', 1, 1, true, false, true],
        ['m2', 0, 0, false, true, false],
      ],
    );
  });
});
