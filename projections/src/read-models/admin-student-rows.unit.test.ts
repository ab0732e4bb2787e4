import { describe, expect, it } from 'vitest';
import {
  accountSignedUp,
  centreSignedUp,
  event,
  placementAccepted,
  placementEnded,
  placementProposed,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { accounts, accountsProjection, type AccountDoc } from './accounts';
import { adminStudentRows, adminStudentRowsProjection, type AdminStudentRowDoc } from './admin-student-rows';
import { placementsProjection, studentPlacements, type StudentPlacementDoc } from './placements';

const spec = projectionSpec(adminStudentRowsProjection);

const centre = centreSignedUp();
const mentor = accountSignedUp();
const mentor2 = accountSignedUp({ accountId: 'm2', firstName: 'Mo', lastName: 'Khan', email: 'mo@x.co' });
const amy = studentRegistered({ phone: '07700900000', postcode: 'M1 1AA' });

/** Amy's row right after registration (the centre signed up first, event 1; Amy is event 3). */
const registered: AdminStudentRowDoc = {
  id: 's1',
  First_Name: 'Amy',
  Last_Name: 'Pond',
  Email: 'amy@x.co',
  Name: 'Amy Pond',
  Created_At: t(3),
  account_locked: false,
  Phone_Number: '07700900000',
  Postcode: 'M1 1AA',
  training_centre_id: 'c1',
  training_centre_name: 'North College',
  account_type: 'Training Centre',
  Matched: false,
  placement_status: null,
  placement_id: null,
  pending_placement_id: null,
  mentor: null,
  mentor_name: null,
};
const placed = {
  Matched: true,
  placement_status: 'active',
  placement_id: 'p1',
  pending_placement_id: null,
  mentor: 'm1',
  mentor_name: 'Dave Clarke',
} as const;

/**
 * The row as the admin students list built it before it had rows of its own: the student's account, their
 * centre's account and their `student_placements` summary, joined at each request.
 */
function joined(a: AccountDoc, centres: Map<string, AccountDoc>, p: StudentPlacementDoc | undefined) {
  return {
    id: a.id,
    First_Name: a.First_Name,
    Last_Name: a.Last_Name,
    Email: a.Email,
    Name: a.Name,
    Created_At: a.Created_At,
    account_locked: a.locked,
    Phone_Number: a.Phone_Number,
    Postcode: a.Postcode,
    training_centre_id: a.centre_id,
    training_centre_name: a.centre_id ? (centres.get(a.centre_id)?.Name ?? null) : null,
    account_type: a.centre_id ? 'Training Centre' : 'Independent',
    Matched: Boolean(p?.Matched),
    placement_status: p?.placement_status ?? null,
    placement_id: p?.placement_id ?? null,
    pending_placement_id: p?.pending_placement_id ?? null,
    mentor: p?.mentor ?? null,
    mentor_name: p?.mentor_name ?? null,
  };
}

/** The rows, against the join of the read models they replace, after the same events. */
async function expectSameAsJoin(events: GivenEvent[]) {
  const rows = await spec.given(events).all(adminStudentRows);
  const all = await projectionSpec(accountsProjection).given(events).all(accounts);
  const summaries = await projectionSpec(placementsProjection).given(events).all(studentPlacements);
  const centres = new Map(all.filter((a) => a.role === 'training_centre').map((a) => [a.id, a]));
  const byStudent = new Map(summaries.map((s) => [s.id, s]));
  const students = all.filter((a) => a.role === 'student');
  expect(rows).toEqual(students.map((a) => joined(a, centres, byStudent.get(a.id))));
  return rows;
}

describe('admin student rows projection', () => {
  it('StudentRegistered: the row as the table shows it, with the centre’s name; an independent student has none', async () => {
    const given = spec.given([
      centre,
      mentor,
      amy,
      studentRegistered({ accountId: 's2', centreId: null, firstName: 'Rory', lastName: 'Williams', email: 'r@x.co' }),
    ]);
    await given.then(adminStudentRows, 's1', registered);
    await given.then(adminStudentRows, 's2', {
      ...registered,
      id: 's2',
      First_Name: 'Rory',
      Last_Name: 'Williams',
      Name: 'Rory Williams',
      Email: 'r@x.co',
      Created_At: t(4),
      Phone_Number: null,
      Postcode: null,
      training_centre_id: null,
      training_centre_name: null,
      account_type: 'Independent',
    });
    expect((await given.all(adminStudentRows)).map((r) => r.id)).toEqual(['s1', 's2']);
  });

  it('AccountLocked, AccountUnlocked: the row’s account_locked; a mentor’s lock makes no row', async () => {
    const lock = (accountId: string) => event('AccountLocked', { accountId, reason: 'x' });
    await spec
      .given([centre, mentor, amy, lock('s1')])
      .then(adminStudentRows, 's1', { ...registered, account_locked: true });
    await spec
      .given([centre, mentor, amy, lock('s1'), event('AccountUnlocked', { accountId: 's1', reason: 'ok' })])
      .then(adminStudentRows, 's1', registered);
    expect(await spec.given([centre, mentor, lock('m1')]).all(adminStudentRows)).toEqual([]);
  });

  it('ProfileChanged: the student’s own fields; a centre’s new name goes to its students’ rows', async () => {
    await spec
      .given([
        centre,
        mentor,
        amy,
        event('ProfileChanged', { accountId: 's1', changes: { Last_Name: 'Williams', Postcode: 'LS1 1AA' } }),
        event('ProfileChanged', { accountId: 'c1', changes: { Name: 'North Gas Academy' } }),
      ])
      .then(adminStudentRows, 's1', {
        ...registered,
        Last_Name: 'Williams',
        Name: 'Amy Williams',
        Postcode: 'LS1 1AA',
        training_centre_name: 'North Gas Academy',
      });
  });

  it('placements: proposed (pending), accepted (active, with the mentor’s name as it changes), ended', async () => {
    const proposed = [centre, mentor, amy, placementProposed()];
    await spec.given(proposed).then(adminStudentRows, 's1', {
      ...registered,
      placement_status: 'pending',
      placement_id: 'p1',
      pending_placement_id: 'p1',
    });
    await spec.given([...proposed, placementAccepted()]).then(adminStudentRows, 's1', { ...registered, ...placed });
    await spec
      .given([
        ...proposed,
        placementAccepted(),
        event('ProfileChanged', { accountId: 'm1', changes: { First_Name: 'David' } }),
      ])
      .then(adminStudentRows, 's1', { ...registered, ...placed, mentor_name: 'David Clarke' });
    await spec.given([...proposed, placementAccepted(), placementEnded()]).then(adminStudentRows, 's1', {
      ...registered,
      placement_status: 'completed',
      placement_id: 'p1',
    });
  });

  it('a new proposal while placed shows the active placement, and the pending one beside it', async () => {
    await spec
      .given([
        centre,
        mentor,
        mentor2,
        amy,
        placementProposed(),
        placementAccepted(),
        placementProposed({ placementId: 'p2', mentorId: 'm2' }),
      ])
      .then(adminStudentRows, 's1', { ...registered, Created_At: t(4), ...placed, pending_placement_id: 'p2' });
  });

  it('a change to a placement never proposed changes nothing', async () => {
    await spec
      .given([centre, mentor, amy, placementAccepted({ placementId: 'p9' })])
      .then(adminStudentRows, 's1', registered);
  });

  it('equals the join of accounts and student_placements it replaces, over a varied history', async () => {
    const rows = await expectSameAsJoin([
      centre,
      mentor,
      mentor2,
      amy,
      studentRegistered({ accountId: 's2', centreId: null, firstName: 'Rory', lastName: 'Williams', email: 'r@x.co' }),
      studentRegistered({ accountId: 's3', firstName: 'Clara', lastName: 'Oswald', email: 'c@x.co' }),
      placementProposed(),
      placementAccepted(),
      placementProposed({ placementId: 'p2', studentId: 's2', mentorId: 'm2', centreId: null }),
      event('PlacementDeclined', { placementId: 'p2', studentId: 's2', mentorId: 'm2', reason: 'Full' }),
      placementProposed({ placementId: 'p3', studentId: 's2', mentorId: 'm1', centreId: null }),
      placementProposed({ placementId: 'p4', studentId: 's3', mentorId: 'm2' }),
      placementAccepted({ placementId: 'p4', studentId: 's3', mentorId: 'm2' }),
      event('ProfileChanged', { accountId: 'm2', changes: { Last_Name: 'Patel' } }),
      placementEnded({ placementId: 'p4', studentId: 's3', mentorId: 'm2', status: 'cancelled' }),
      placementProposed({ placementId: 'p5', studentId: 's1', mentorId: 'm2' }),
      event('AccountLocked', { accountId: 's3', reason: 'x' }),
      event('ProfileChanged', { accountId: 'c1', changes: { Name: 'North Gas Academy', Email: 'n@x.co' } }),
      event('ProfileChanged', { accountId: 's2', changes: { First_Name: 'Roranicus', Phone_Number: '07700900001' } }),
      event('ProfileChanged', { accountId: 'm1', changes: { First_Name: 'David', Email: 'david@x.co' } }),
    ]);
    // The history reached every state the row shows.
    expect(rows.map((r) => [r.id, r.placement_status, r.Matched, r.pending_placement_id])).toEqual([
      ['s1', 'active', true, 'p5'],
      ['s2', 'pending', false, 'p3'],
      ['s3', 'cancelled', false, null],
    ]);
  });
});
