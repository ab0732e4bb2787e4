import { describe, expect, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import {
  accountSignedUp,
  mentorProfile,
  mentorProfileSaved,
  placementAccepted,
  placementProposed,
  requirements,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import {
  placementParties,
  placements,
  placementsProjection,
  studentPlacements,
  studentProgress,
  type PartyDoc,
  type PlacementDoc,
  type StudentPlacementDoc,
} from './placements';

const spec = projectionSpec(placementsProjection);

const proposed = (placementId: string, studentId: string, mentorId: string) =>
  placementProposed({ placementId, studentId, mentorId, notes: 'Near', reasons: ['Rank 1 of 1'] });
const accepted = (placementId: string, studentId: string, mentorId: string) =>
  placementAccepted({ placementId, studentId, mentorId });

const people = [
  accountSignedUp({
    accountId: 'c1',
    role: 'training_centre',
    email: 'c1@x.co',
    centreName: 'Northern Gas Academy',
  }),
  accountSignedUp({ accountId: 'm1', email: 'm1@x.co' }),
  // Business fields are kept trimmed.
  mentorProfileSaved({ profile: mentorProfile({ Business_Name: ' Clarke Gas ' }) }),
  studentRegistered({
    email: 's1@x.co',
    phone: '0770',
    postcode: 'M1 1AE',
    dateOfBirth: '2000-02-03',
    requirements: requirements(2, 0, 1, 0),
  }),
];
const at = (n: number) => givenTime(people.length + n);

const placement = (over: Partial<PlacementDoc> = {}): PlacementDoc => {
  const student = { id: 's1', name: 'Amy Pond', email: 's1@x.co' };
  const mentor = { id: 'm1', name: 'Dave Clarke', email: 'm1@x.co' };
  const centre = { id: 'c1', name: 'Northern Gas Academy', email: 'c1@x.co' };
  return {
    id: 'p1',
    Status: 'pending',
    Placed_At: null,
    Proposed_At: at(1),
    Ended_At: null,
    Notes: 'Near',
    proposal_notes: 'Near',
    end_notes: null,
    decline_reason: null,
    reasons: ['Rank 1 of 1'],
    proposed_by: 'a1',
    ended_by: null,
    student_id: 's1',
    mentor_id: 'm1',
    training_centre_id: 'c1',
    student_name: student.name,
    student_email: student.email,
    mentor_name: mentor.name,
    mentor_email: mentor.email,
    training_centre_name: centre.name,
    training_centre_email: centre.email,
    relationships: { student, mentor, training_centre: centre },
    Created_At: at(1),
    updated_at: at(1),
    _audience: ['s1', 'm1', 'c1'],
    ...over,
  };
};

const zero = { 'Boiler Installs': 0, 'Boiler Service': 0, Pipework: 0, Repair: 0 };
const studentSummary = (over: Partial<StudentPlacementDoc> = {}): StudentPlacementDoc => ({
  id: 's1',
  student_id: 's1',
  training_centre_id: 'c1',
  Matched: false,
  placement_status: null,
  placement_id: null,
  mentor: null,
  mentor_name: null,
  mentor_email: null,
  pending_placement_id: null,
  pending_mentor_id: null,
  required: { ...zero, 'Boiler Installs': 2, Pipework: 1 },
  completed: zero,
  jobs: {},
  updated_at: givenTime(4),
  _audience: ['s1', 'c1'],
  ...over,
});

const mentorParty = (over: Partial<PartyDoc> = {}): PartyDoc => ({
  id: 'm1',
  role: 'mentor',
  First_Name: 'Dave',
  Last_Name: 'Clarke',
  Name: 'Dave Clarke',
  Email: 'm1@x.co',
  centre_id: null,
  Postcode: null,
  Business_Name: 'Clarke Gas',
  Business_Postcode: 'M4 1AA',
  Gas_Safe_Registration_Number: '123456',
  qualifications: {
    Qualified_Boilers: true,
    Qualified_Cookers: false,
    Qualified_Gas_Fires: false,
    Qualified_Gas_Meters: false,
    Qualified_LPG: true,
    Qualified_Commercial: false,
  },
  profile_complete: true,
  active_students: 0,
  pending_requests: 0,
  _audience: ['m1'],
  ...over,
});

describe('placements projection', () => {
  it("keeps the parties: a centre's name, a mentor's saved business profile, a student's centre and postcode", async () => {
    const given = spec.given(people);
    await given.then(placementParties, 'm1', mentorParty());
    await given.then(placementParties, 's1', {
      ...mentorParty({
        id: 's1',
        role: 'student',
        First_Name: 'Amy',
        Last_Name: 'Pond',
        Name: 'Amy Pond',
        Email: 's1@x.co',
        centre_id: 'c1',
        Postcode: 'M1 1AE',
        _audience: ['s1'],
      }),
      Business_Name: null,
      Business_Postcode: null,
      Gas_Safe_Registration_Number: null,
      qualifications: {},
      profile_complete: false,
    });
    await given.then(studentPlacements, 's1', studentSummary());
    expect((await given.all(placementParties)).find((p) => p.id === 'c1')).toMatchObject({
      Name: 'Northern Gas Academy',
      role: 'training_centre',
    });
  });

  it('a proposal is pending for the student and counts as a request for the mentor', async () => {
    const given = spec.given([...people, { ...proposed('p1', 's1', 'm1'), actorId: 'a1' }]);
    await given.then(placements, 'p1', placement());
    await given.then(
      studentPlacements,
      's1',
      studentSummary({
        placement_status: 'pending',
        placement_id: 'p1',
        pending_placement_id: 'p1',
        pending_mentor_id: 'm1',
        updated_at: at(1),
        _audience: ['s1', 'c1', 'm1'],
      }),
    );
    await given.then(placementParties, 'm1', mentorParty({ pending_requests: 1 }));
  });

  it('an accepted placement matches the student with the mentor; jobs and signed cards count per job type', async () => {
    const given = spec.given([
      ...people,
      { ...proposed('p1', 's1', 'm1'), actorId: 'a1' },
      accepted('p1', 's1', 'm1'),
      {
        type: 'JobOpened',
        data: {
          jobId: 'j1',
          studentId: 's1',
          placementId: 'p1',
          mentorId: 'm1',
          jobType: 'Boiler Installs',
          totalCount: 2,
        },
      },
      {
        type: 'JobCardSigned',
        data: {
          jobId: 'j1',
          studentId: 's1',
          mentorId: 'm1',
          signature: { signature: 'DC', mentorName: 'Dave Clarke', date: 'd', time: 't', timestamp: 'ts' },
          completedAt: 'c',
          completedCount: 1,
        },
      },
      { type: 'JobTotalAdjusted', data: { jobId: 'j1', studentId: 's1', totalCount: 3 } },
      {
        type: 'RequirementsSet',
        data: { studentId: 's1', requirements: requirements(3, 0, 1, 0), additionalRequirements: null },
      },
      { type: 'JobTotalAdjusted', data: { jobId: 'unknown', studentId: 's1', totalCount: 3 } },
    ]);
    await given.then(placements, 'p1', placement({ Status: 'active', Placed_At: at(2), updated_at: at(2) }));
    await given.then(
      studentPlacements,
      's1',
      studentSummary({
        Matched: true,
        placement_status: 'active',
        placement_id: 'p1',
        mentor: 'm1',
        mentor_name: 'Dave Clarke',
        mentor_email: 'm1@x.co',
        required: { ...zero, 'Boiler Installs': 3, Pipework: 1 },
        completed: { ...zero, 'Boiler Installs': 1 },
        jobs: { j1: { type: 'Boiler Installs', total: 3, completed: 1, mentor_id: 'm1' } },
        updated_at: at(6),
        _audience: ['s1', 'c1', 'm1'],
      }),
    );
    await given.then(placementParties, 'm1', mentorParty({ active_students: 1 }));
    // Progress at a glance: 1 card of the job's 3 (the admin Placements table, docs/rules.md#progress-at-a-glance).
    await given.then(studentProgress, 's1', { id: 's1', cards_signed: 1, cards_required: 3, progress_percent: 33 });
  });

  it('progress counts each job’s signed cards up to its total, over the jobs that have one', async () => {
    const opened = (jobId: string, totalCount: number) => ({
      type: 'JobOpened' as const,
      data: { jobId, studentId: 's1', placementId: 'p1', mentorId: 'm1', jobType: 'Pipework' as const, totalCount },
    });
    const signed = (jobId: string, completedCount: number) => ({
      type: 'JobCardSigned' as const,
      data: {
        jobId,
        studentId: 's1',
        mentorId: 'm1',
        signature: { signature: 'DC', mentorName: 'Dave Clarke', date: 'd', time: 't', timestamp: 'ts' },
        completedAt: 'c',
        completedCount,
      },
    });
    const placed = [...people, proposed('p1', 's1', 'm1'), accepted('p1', 's1', 'm1')];
    await spec.given(placed).then(studentProgress, 's1', null);
    await spec
      .given([...placed, opened('j1', 2), opened('j2', 0), signed('j1', 3), opened('j3', 4), signed('j3', 1)])
      .then(studentProgress, 's1', { id: 's1', cards_signed: 3, cards_required: 6, progress_percent: 50 });
  });

  it('a decline and an end free the mentor, with who ended it and why; renamed people follow into placements', async () => {
    const declined = spec.given([
      ...people,
      { ...proposed('p1', 's1', 'm1'), actorId: 'a1' },
      {
        type: 'PlacementDeclined',
        data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Too far' },
        actorId: 'm1',
      },
      { type: 'ProfileChanged', data: { accountId: 'm1', changes: { First_Name: 'David', Email: 'david@x.co' } } },
    ]);
    const renamed = { id: 'm1', name: 'David Clarke', email: 'david@x.co' };
    await declined.then(
      placements,
      'p1',
      placement({
        Status: 'cancelled',
        decline_reason: 'Too far',
        Ended_At: at(2),
        ended_by: 'm1',
        mentor_name: renamed.name,
        mentor_email: renamed.email,
        relationships: { ...placement().relationships, mentor: renamed },
        updated_at: at(3),
      }),
    );
    await declined.then(
      placementParties,
      'm1',
      mentorParty({ First_Name: 'David', Name: 'David Clarke', Email: 'david@x.co' }),
    );
    await declined.then(
      studentPlacements,
      's1',
      studentSummary({ placement_status: 'cancelled', placement_id: 'p1', updated_at: at(2) }),
    );

    const ended = spec.given([
      ...people,
      { ...proposed('p1', 's1', 'm1'), actorId: 'a1' },
      accepted('p1', 's1', 'm1'),
      {
        type: 'PlacementEnded',
        data: { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'completed', notes: 'Qualified' },
        actorId: 'a1',
      },
      { type: 'ProfileChanged', data: { accountId: 'c1', changes: { Name: 'NGA' } } },
    ]);
    const centre = { id: 'c1', name: 'NGA', email: 'c1@x.co' };
    await ended.then(
      placements,
      'p1',
      placement({
        Status: 'completed',
        Placed_At: at(2),
        Ended_At: at(3),
        ended_by: 'a1',
        end_notes: 'Qualified',
        Notes: 'Qualified',
        training_centre_name: 'NGA',
        relationships: { ...placement().relationships, training_centre: centre },
        updated_at: at(4),
      }),
    );
    await ended.then(placementParties, 'm1', mentorParty());
  });
  it('a profile change follows into the placements only when it changes the name or e-mail they show', async () => {
    const placed = [...people, proposed('p1', 's1', 'm1'), accepted('p1', 's1', 'm1')];
    const contents = async (events: Parameters<typeof spec.given>[0]) => {
      const given = spec.given(events);
      return { placements: await given.all(placements), parties: await given.all(placementParties) };
    };
    const before = await contents(placed);
    expect(before.placements).toHaveLength(1);
    // The phone number is not kept here: nothing changes, not even when the placement was updated.
    const phoned = { type: 'ProfileChanged' as const, data: { accountId: 's1', changes: { Phone_Number: '0771' } } };
    expect(await contents([...placed, phoned])).toEqual(before);
    // The postcode is the party's own: the placement, which does not show it, stays as it was.
    const moved = { type: 'ProfileChanged' as const, data: { accountId: 's1', changes: { Postcode: 'M2 2AA' } } };
    const afterMove = await contents([...placed, moved]);
    expect(afterMove.placements).toEqual(before.placements);
    expect(afterMove.parties.find((p) => p.id === 's1')).toMatchObject({ Postcode: 'M2 2AA' });
    // A new name is shown: the placement follows, and was updated then.
    const renamed = { type: 'ProfileChanged' as const, data: { accountId: 's1', changes: { First_Name: 'Amelia' } } };
    const afterRename = await contents([...placed, renamed]);
    expect(afterRename.placements).toEqual([
      {
        ...before.placements[0],
        student_name: 'Amelia Pond',
        relationships: {
          ...(before.placements[0].relationships as object),
          student: { id: 's1', name: 'Amelia Pond', email: 's1@x.co' },
        },
        updated_at: at(3),
      },
    ]);
  });
});
