import { describe, expect, it } from 'vitest';
import {
  event,
  jobCardSigned,
  jobOpened,
  placementAccepted,
  placementEnded,
  placementProposed,
  requirements,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { studentDoc } from '../testing/docs';
import { givenTime as t, projectionSpec, type GivenEvent } from '../testing/projection-spec';
import type { ProjectionContext } from '../projection';
import { collectionName, matches, type CollectionRef, type Doc, type Identified, type ReadStore } from '../read-store';
import { disputeUntil } from '@panda/contracts/signoff';
import { jobSchema } from '@panda/contracts/training';
import {
  centreStats,
  jobSignatures,
  jobView,
  jobs,
  mentorStats,
  students,
  signaturesOf,
  trainingProjection,
  type JobDoc,
  type SignatureEntry,
  type StudentDoc,
} from './training';

const spec = projectionSpec(trainingProjection);

/** Student s1 of centre c1 as registered by the first given event, with `over` changed. */
const student = studentDoc;

/** Student s1, placed with m1 by placement p1 accepted at event 3. */
const placed = (over: Partial<StudentDoc> = {}) =>
  student({
    Matched: true,
    placement_status: 'active',
    placement_id: 'p1',
    active_placement_id: 'p1',
    mentor_id: 'm1',
    Placed_At: t(3),
    _audience: ['s1', 'c1', 'm1'],
    ...over,
  });

/** Job j1 (Boiler Installs, 10 cards) of s1, opened at event 4 while placed with m1. */
const job = (over: Partial<JobDoc> = {}): JobDoc => ({
  id: 'j1',
  Student_ID: 's1',
  Student_Name: 'Amy Pond',
  student_email: 'amy@x.co',
  student_phone: null,
  student_postcode: null,
  centre_id: 'c1',
  mentor_id: 'm1',
  placement_id: 'p1',
  Job_Type: 'Boiler Installs',
  Total_Count: 10,
  Completed_Count: 0,
  Disputed_Count: 0,
  completed_at: null,
  mentor_signature: null,
  status: 'in_progress',
  percent: 0,
  opened_at: t(4),
  updated_at: t(4),
  _audience: ['s1', 'c1', 'm1'],
  ...over,
});

const summary = (over: Partial<StudentDoc['jobs'][number]> = {}) => ({
  id: 'j1',
  Job_Type: 'Boiler Installs' as const,
  Total_Count: 10,
  Completed_Count: 0,
  Disputed_Count: 0,
  ...over,
});

const signature = (time: string) => ({
  signature: 'Dave Clarke',
  mentorName: 'Dave Clarke',
  date: '2026-01-02',
  time,
  timestamp: `2026-01-02T${time}:00.000Z`,
});
/** Card n of j1, signed at 09:0n. */
const card = (n: number, over: Partial<Parameters<typeof jobCardSigned>[0]> = {}) =>
  jobCardSigned({
    signature: signature(`09:0${n}`),
    completedAt: `2026-01-02T09:0${n}:00.000Z`,
    completedCount: n,
    signatureId: `sig${n}`,
    ...over,
  });
/** Job j1's signature history (a document of its own). */
const history = (signatures: SignatureEntry[]) => ({ id: 'j1', signatures });

/** The history entry card n becomes. */
const entry = (n: number, over: Partial<SignatureEntry> = {}): SignatureEntry => ({
  ...signature(`09:0${n}`),
  signature_id: `sig${n}`,
  mentor_id: 'm1',
  completed_at: `2026-01-02T09:0${n}:00.000Z`,
  content_hash: null,
  trainee_status: 'awaiting_confirmation',
  trainee_status_label: 'Awaiting trainee confirmation',
  confirmed_at: null,
  dispute: null,
  revoked: false,
  // 30 days after the event's recorded time: card n is usually event 4 + n (after placedWithJob).
  dispute_until: disputeUntil(t(4 + n)),
  // Cards without evidence (signed before it was required): the event's time is the signing time.
  signed_at: t(4 + n),
  captured_at: null,
  evidence: null,
  evidence_note: 'Signed before evidence was required',
  reflection: null,
  ...over,
});

/** Events 1-4: s1 registered, proposed to m1, accepted, job j1 opened. */
const placedWithJob = [studentRegistered(), placementProposed(), placementAccepted(), jobOpened()];
const signOff = { signatureId: 'sig1', jobId: 'j1', studentId: 's1', mentorId: 'm1' };
const hash = 'a'.repeat(64);

/** Seven days after the n-th given event: when a temporary password issued then stops working. */
const week = (n: number) => new Date(Date.parse(t(n)) + 7 * 86_400_000).toISOString();

describe('training projection', () => {
  it('StudentInviteResent and PasswordChanged: the invitation waits until its new expiry, then is used', async () => {
    const resent = {
      type: 'StudentInviteResent',
      data: {
        accountId: 's1',
        temporaryPasswordHash: 'h',
        temporaryPasswordSealed: 'sealed',
        temporaryPasswordExpiresAt: week(9),
      },
    } as const;
    const changed = { type: 'PasswordChanged', data: { accountId: 's1', passwordHash: 'h2' } } as const;
    await spec.given([studentRegistered(), resent]).then(students, 's1', student({ invite_expires_at: week(9) }));
    const used = spec.given([studentRegistered(), resent, changed, { ...changed }]);
    await used.then(students, 's1', student({ invite_expires_at: null, invite_accepted_at: t(3) }));
  });

  it('StudentRegistered: the student with their goals; their centre counts them and keeps the latest', async () => {
    const given = spec.given([
      studentRegistered({ phone: '0770', postcode: 'M1 1AE', dateOfBirth: '2000-02-03' }),
      studentRegistered({ accountId: 's2', email: 's2@x.co', requirements: requirements(0, 0, 0, 0) }),
      studentRegistered({ accountId: 's3', centreId: null }),
    ]);
    await given.then(
      students,
      's1',
      student({ Phone_Number: '0770', Postcode: 'M1 1AE', Date_Of_Birth: '2000-02-03' }),
    );
    // Goals all zero at registration: not set yet.
    await given.then(
      students,
      's2',
      student({
        id: 's2',
        Email: 's2@x.co',
        Created_At: t(2),
        requirements: { Boiler_Installs: 0, Boiler_Service: 0, Pipework: 0, Repair: 0 },
        has_requirements: false,
        invite_expires_at: week(2),
        _audience: ['s2', 'c1'],
      }),
    );
    await given.then(
      students,
      's3',
      student({ id: 's3', centre_id: null, Created_At: t(3), invite_expires_at: week(3), _audience: ['s3'] }),
    );
    await given.then(centreStats, 'c1', {
      id: 'c1',
      total_students: 2,
      placed_students: 0,
      latest_student_id: 's2',
      _audience: ['c1'],
    });
    expect(await given.all(centreStats)).toHaveLength(1);
  });

  it('PlacementProposed and PlacementDeclined: a proposal is pending until declined', async () => {
    await spec
      .given([studentRegistered(), placementProposed()])
      .then(students, 's1', student({ placement_status: 'pending', placement_id: 'p1', pending_placement_id: 'p1' }));
    const declined = event('PlacementDeclined', { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Full' });
    await spec.given([studentRegistered(), placementProposed(), declined]).then(students, 's1', student());
    // Declining another placement leaves the pending one.
    await spec
      .given([studentRegistered(), placementProposed(), { ...declined, data: { ...declined.data, placementId: 'p0' } }])
      .then(students, 's1', student({ placement_status: 'pending', placement_id: 'p1', pending_placement_id: 'p1' }));
  });

  it('PlacementAccepted and JobOpened: the mentor joins the audience of the student and their jobs; counters follow', async () => {
    const given = spec.given([...placedWithJob, jobOpened({ jobId: 'j0', jobType: 'Pipework', totalCount: 1 })]);
    await given.then(
      students,
      's1',
      placed({ jobs: [summary(), summary({ id: 'j0', Job_Type: 'Pipework', Total_Count: 1 })] }),
    );
    await given.then(jobs, 'j1', job());
    await given.then(
      jobs,
      'j0',
      job({ id: 'j0', Job_Type: 'Pipework', Total_Count: 1, opened_at: t(5), updated_at: t(5) }),
    );
    await given.then(mentorStats, 'm1', { id: 'm1', active_students: 1, jobs_supervised: 0, _audience: ['m1'] });
    await given.then(centreStats, 'c1', {
      id: 'c1',
      total_students: 1,
      placed_students: 1,
      latest_student_id: 's1',
      _audience: ['c1'],
    });
  });

  it('PlacementAccepted: accepting again changes nothing; a new mentor takes the student and their jobs over', async () => {
    const again = spec.given([...placedWithJob, placementAccepted()]);
    await again.then(students, 's1', placed({ jobs: [summary()] }));
    await again.then(mentorStats, 'm1', { id: 'm1', active_students: 1, jobs_supervised: 0, _audience: ['m1'] });

    const moved = spec.given([
      ...placedWithJob,
      placementProposed({ placementId: 'p2', mentorId: 'm2' }),
      placementAccepted({ placementId: 'p2', mentorId: 'm2' }),
    ]);
    await moved.then(
      students,
      's1',
      placed({
        placement_id: 'p2',
        active_placement_id: 'p2',
        mentor_id: 'm2',
        Placed_At: t(6),
        jobs: [summary()],
        _audience: ['s1', 'c1', 'm2'],
      }),
    );
    await moved.then(jobs, 'j1', job({ mentor_id: 'm2', updated_at: t(6), _audience: ['s1', 'c1', 'm2'] }));
    await moved.then(mentorStats, 'm1', { id: 'm1', active_students: 0, jobs_supervised: 0, _audience: ['m1'] });
    await moved.then(mentorStats, 'm2', { id: 'm2', active_students: 1, jobs_supervised: 0, _audience: ['m2'] });
    // Still one placed student for the centre.
    await moved.then(centreStats, 'c1', {
      id: 'c1',
      total_students: 1,
      placed_students: 1,
      latest_student_id: 's1',
      _audience: ['c1'],
    });
  });

  it('PlacementEnded: the mentor leaves the audience, counters go down, signed cards stay', async () => {
    const given = spec.given([...placedWithJob, card(1), placementEnded()]);
    await given.then(
      students,
      's1',
      student({ jobs: [summary({ Completed_Count: 1 })], cards_signed: 1, Placed_At: null }),
    );
    await given.then(
      jobs,
      'j1',
      job({
        mentor_id: null,
        Completed_Count: 1,
        completed_at: '2026-01-02T09:01:00.000Z',
        mentor_signature: signature('09:01'),
        percent: 10,
        updated_at: t(6),
        _audience: ['s1', 'c1'],
      }),
    );
    await given.then(jobSignatures, 'j1', history([entry(1)]));
    await given.then(mentorStats, 'm1', { id: 'm1', active_students: 0, jobs_supervised: 1, _audience: ['m1'] });
    await given.then(centreStats, 'c1', {
      id: 'c1',
      total_students: 1,
      placed_students: 0,
      latest_student_id: 's1',
      _audience: ['c1'],
    });
    // Ending a pending proposal only clears it.
    await spec.given([studentRegistered(), placementProposed(), placementEnded()]).then(students, 's1', student());
  });

  it('JobCardSigned: a sign-off may be disputed until 30 days after the server recorded it, whatever date the card gives', async () => {
    // card 1 is event 5, recorded at givenTime(5); its own completion time (2 Jan) plays no part.
    const given = spec.given([...placedWithJob, card(1)]);
    await given.then(jobSignatures, 'j1', history([entry(1, { dispute_until: '2026-01-31T00:00:05.000Z' })]));
  });

  it('JobCardSigned: latest signature, the whole history oldest first, percent and counters', async () => {
    const given = spec.given([...placedWithJob, card(1), card(2, { contentHash: hash })]);
    await given.then(
      jobs,
      'j1',
      job({
        Completed_Count: 2,
        completed_at: '2026-01-02T09:02:00.000Z',
        mentor_signature: signature('09:02'),
        percent: 20,
        updated_at: t(6),
      }),
    );
    await given.then(jobSignatures, 'j1', history([entry(1), entry(2, { content_hash: hash })]));
    await given.then(students, 's1', placed({ jobs: [summary({ Completed_Count: 2 })], cards_signed: 2 }));
    await given.then(mentorStats, 'm1', { id: 'm1', active_students: 1, jobs_supervised: 2, _audience: ['m1'] });
    // A sign-off recorded before ids existed is named by its job and card number; the last card completes the job.
    const legacy = spec.given([
      ...placedWithJob.slice(0, 3),
      jobOpened({ totalCount: 1 }),
      card(1, { signatureId: undefined }),
    ]);
    await legacy.then(
      jobs,
      'j1',
      job({
        Total_Count: 1,
        Completed_Count: 1,
        completed_at: '2026-01-02T09:01:00.000Z',
        mentor_signature: signature('09:01'),
        status: 'completed',
        percent: 100,
        updated_at: t(5),
      }),
    );
    await legacy.then(jobSignatures, 'j1', history([entry(1, { signature_id: 'j1-card-1' })]));
  });

  it('JobReassigned and JobTotalAdjusted: the job moves to the new placement; its total follows the goals', async () => {
    const given = spec.given([
      ...placedWithJob,
      event('JobReassigned', { jobId: 'j1', studentId: 's1', placementId: 'p2', mentorId: 'm1' }),
      event('JobTotalAdjusted', { jobId: 'j1', studentId: 's1', totalCount: 4 }),
    ]);
    await given.then(jobs, 'j1', job({ placement_id: 'p2', Total_Count: 4, updated_at: t(6) }));
    await given.then(students, 's1', placed({ jobs: [summary({ Total_Count: 4 })] }));
    // A total of 0 is complete.
    await spec
      .given([...placedWithJob, event('JobTotalAdjusted', { jobId: 'j1', studentId: 's1', totalCount: 0 })])
      .then(jobs, 'j1', job({ Total_Count: 0, status: 'completed', percent: 0, updated_at: t(5) }));
  });

  it('RequirementsSet and ProfileChanged: goals are set; a renamed student is renamed on their jobs', async () => {
    const given = spec.given([
      ...placedWithJob,
      event('RequirementsSet', {
        studentId: 's1',
        requirements: requirements(5, 0, 0, 0),
        additionalRequirements: 'LPG',
      }),
      event('ProfileChanged', {
        accountId: 's1',
        changes: { First_Name: 'Amelia', Email: 'amelia@x.co', Phone_Number: '0771', Postcode: 'M3 3AA' },
      }),
    ]);
    await given.then(
      students,
      's1',
      placed({
        First_Name: 'Amelia',
        Name: 'Amelia Pond',
        Email: 'amelia@x.co',
        Phone_Number: '0771',
        Postcode: 'M3 3AA',
        requirements: { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 },
        additional_requirements: 'LPG',
        jobs: [summary()],
      }),
    );
    await given.then(
      jobs,
      'j1',
      job({
        Student_Name: 'Amelia Pond',
        student_email: 'amelia@x.co',
        student_phone: '0771',
        student_postcode: 'M3 3AA',
        updated_at: t(6),
      }),
    );
    // Goals set to zero by the student still count as set.
    await spec
      .given([
        studentRegistered({ requirements: requirements(0, 0, 0, 0) }),
        event('RequirementsSet', {
          studentId: 's1',
          requirements: requirements(0, 0, 0, 0),
          additionalRequirements: null,
        }),
      ])
      .then(
        students,
        's1',
        student({ requirements: { Boiler_Installs: 0, Boiler_Service: 0, Pipework: 0, Repair: 0 } }),
      );
  });

  it('SignatureConfirmed and SignatureDisputed: the trainee answers a sign-off in the job history', async () => {
    const given = spec.given([
      ...placedWithJob,
      card(1),
      card(2),
      event('SignatureConfirmed', { ...signOff, contentHash: hash }),
      event('SignatureDisputed', {
        ...signOff,
        signatureId: 'sig2',
        contentHash: hash,
        reason: 'Not me',
        centreId: 'c1',
      }),
    ]);
    await given.then(
      jobs,
      'j1',
      job({
        Completed_Count: 2,
        // docs/rules.md#dispute-visibility: the undecided dispute is counted on the job and its summary.
        Disputed_Count: 1,
        completed_at: '2026-01-02T09:02:00.000Z',
        mentor_signature: signature('09:02'),
        percent: 20,
        updated_at: t(8),
      }),
    );
    await given.then(
      students,
      's1',
      placed({ jobs: [summary({ Completed_Count: 2, Disputed_Count: 1 })], cards_signed: 2 }),
    );
    await given.then(
      jobSignatures,
      'j1',
      history([
        entry(1, { trainee_status: 'confirmed', trainee_status_label: 'Confirmed by trainee', confirmed_at: t(7) }),
        entry(2, {
          trainee_status: 'disputed',
          trainee_status_label: 'Disputed',
          dispute: { reason: 'Not me', disputed_at: t(8), outcome: null, resolution_reason: null, resolved_at: null },
        }),
      ]),
    );
    // Rejected, the sign-off stands: no longer counted as disputed.
    const rejected = spec.given([
      ...placedWithJob,
      card(1),
      event('SignatureDisputed', { ...signOff, contentHash: hash, reason: 'Not me', centreId: 'c1' }),
      event('DisputeResolved', { ...signOff, outcome: 'rejected', reason: 'Checked', adminId: 'a1' }),
    ]);
    await rejected.then(
      students,
      's1',
      placed({ jobs: [summary({ Completed_Count: 1, Disputed_Count: 0 })], cards_signed: 1 }),
    );
  });

  it('DisputeResolved and SignatureRevoked: an upheld dispute takes the card off the counts, the history keeps it', async () => {
    const dispute = { reason: 'Not me', disputed_at: t(7), outcome: 'upheld' as const, resolution_reason: 'Checked' };
    const given = spec.given([
      ...placedWithJob,
      card(1),
      card(2),
      event('SignatureDisputed', {
        ...signOff,
        signatureId: 'sig2',
        contentHash: hash,
        reason: 'Not me',
        centreId: 'c1',
      }),
      event('DisputeResolved', {
        ...signOff,
        signatureId: 'sig2',
        outcome: 'upheld',
        reason: 'Checked',
        adminId: 'a1',
      }),
      event('SignatureRevoked', { ...signOff, signatureId: 'sig2', reason: 'Checked', completedCount: 1 }),
    ]);
    await given.then(
      jobs,
      'j1',
      job({
        Completed_Count: 1,
        completed_at: '2026-01-02T09:01:00.000Z',
        mentor_signature: signature('09:01'),
        percent: 10,
        updated_at: t(9),
      }),
    );
    await given.then(
      jobSignatures,
      'j1',
      history([
        entry(1),
        entry(2, {
          trainee_status: 'disputed',
          trainee_status_label: 'Disputed',
          dispute: { ...dispute, resolved_at: t(8) },
          revoked: true,
        }),
      ]),
    );
    await given.then(students, 's1', placed({ jobs: [summary({ Completed_Count: 1 })], cards_signed: 1 }));
    await given.then(mentorStats, 'm1', { id: 'm1', active_students: 1, jobs_supervised: 1, _audience: ['m1'] });
    // The only card revoked: no latest signature.
    const onlyCard = spec.given([
      ...placedWithJob,
      card(1),
      event('SignatureRevoked', { ...signOff, reason: 'Checked', completedCount: 0 }),
    ]);
    await onlyCard.then(
      jobs,
      'j1',
      job({
        mentor_signature: null,
        completed_at: null,
        updated_at: t(6),
      }),
    );
    await onlyCard.then(jobSignatures, 'j1', history([entry(1, { revoked: true })]));
  });

  it('events about other accounts, or jobs and sign-offs it does not know, change nothing', async () => {
    const given = spec.given([
      ...placedWithJob,
      event('ProfileChanged', { accountId: 'm1', changes: { First_Name: 'Mo' } }),
      card(1, { jobId: 'j9' }),
      event('JobTotalAdjusted', { jobId: 'j9', studentId: 's1', totalCount: 4 }),
      event('SignatureConfirmed', { ...signOff, signatureId: 'sig9', contentHash: hash }),
      event('RequirementsSet', {
        studentId: 's9',
        requirements: requirements(1, 1, 1, 1),
        additionalRequirements: null,
      }),
    ]);
    await given.then(students, 's1', placed({ jobs: [summary()] }));
    await given.then(jobs, 'j1', job());
    await given.then(mentorStats, 'm1', { id: 'm1', active_students: 1, jobs_supervised: 0, _audience: ['m1'] });
    expect(await given.all(students)).toHaveLength(1);
  });
});

/** A profile change rewrites the student's small job documents, never the signature history. */
describe('the signature history is kept apart from the job', () => {
  /** An in-memory store holding `docs` (collection/id -> doc) that records what each event writes. */
  function store(docs: Record<string, Identified> = {}) {
    // Copies, as a store holds them (JSON).
    const all = new Map<string, Doc>(Object.entries(docs).map(([k, d]) => [k, JSON.parse(JSON.stringify(d))]));
    const writes: string[] = [];
    const ctx: ProjectionContext = {
      get: async (c, id) => structuredClone(all.get(`${c}/${id}`) ?? null),
      find: async (c, filter) =>
        structuredClone([...all].filter(([k, d]) => k.startsWith(`${c}/`) && matches(d, filter)).map(([, d]) => d)),
      put: (c, doc) => void (all.set(`${c}/${doc.id}`, JSON.parse(JSON.stringify(doc))), writes.push(`${c}/${doc.id}`)),
      delete: (c, id) => void (all.delete(`${c}/${id}`), writes.push(`${c}/${id}`)),
    };
    let position = 0;
    /** The next recorded event's envelope. */
    const next = () => {
      position += 1;
      return {
        eventId: `e${position}`,
        stream: 'given',
        streamVersion: position - 1,
        position,
        time: t(position),
        actorId: null,
        correlationId: `c${position}`,
        commandId: `k${position}`,
      };
    };
    /** Applies the events; answers the documents they wrote. */
    const apply = async (...events: GivenEvent[]) => {
      writes.length = 0;
      for (const e of events) {
        const { type, data } = e as { type: string; data: unknown };
        await trainingProjection.apply({ ...next(), type, data }, ctx);
      }
      return [...writes];
    };
    return { all, apply, envelope: next, ctx };
  }
  const renamed = event('ProfileChanged', { accountId: 's1', changes: { First_Name: 'Amelia' } });

  it('a profile change writes the student and their jobs, not the history; a card writes the history', async () => {
    const s = store();
    await s.apply(...placedWithJob, card(1), card(2));
    expect(s.all.get('job_signatures/j1')).toEqual(history([entry(1), entry(2)]));
    expect(await s.apply(renamed)).toEqual(['jobs/j1', 'students/s1']);
    expect(s.all.get('jobs/j1')).toEqual(
      job({
        Student_Name: 'Amelia Pond',
        Completed_Count: 2,
        completed_at: '2026-01-02T09:02:00.000Z',
        mentor_signature: signature('09:02'),
        percent: 20,
        updated_at: t(7),
      }),
    );
  });

  it('a profile change reaches every job of the student by the ids their summary holds, with no query', async () => {
    const s = store();
    // Opened in an order other than the summary's (by job type), and another student's job beside them.
    await s.apply(
      ...placedWithJob,
      jobOpened({ jobId: 'j4', jobType: 'Repair', totalCount: 5 }),
      jobOpened({ jobId: 'j2', jobType: 'Boiler Service', totalCount: 4 }),
      jobOpened({ jobId: 'j3', jobType: 'Pipework', totalCount: 8 }),
      studentRegistered({ accountId: 's2', email: 'rory@x.co', firstName: 'Rory', lastName: 'Williams' }),
      jobOpened({ jobId: 'j5', studentId: 's2' }),
    );
    const other = s.all.get('jobs/j5');
    const finds: unknown[] = [];
    const find = s.ctx.find;
    s.ctx.find = async (c, filter) => (finds.push([c, filter]), find(c, filter));
    const moved = event('ProfileChanged', {
      accountId: 's1',
      changes: { Last_Name: 'Williams', Email: 'amelia@x.co', Phone_Number: '0771', Postcode: 'M3 3AA' },
    });
    expect((await s.apply(moved)).sort()).toEqual(['jobs/j1', 'jobs/j2', 'jobs/j3', 'jobs/j4', 'students/s1']);
    expect(finds).toEqual([]);
    const contact = {
      Student_Name: 'Amy Williams',
      student_email: 'amelia@x.co',
      student_phone: '0771',
      student_postcode: 'M3 3AA',
      updated_at: t(10),
    };
    for (const [id, Job_Type, Total_Count, opened] of [
      ['j1', 'Boiler Installs', 10, 4],
      ['j2', 'Boiler Service', 4, 6],
      ['j3', 'Pipework', 8, 7],
      ['j4', 'Repair', 5, 5],
    ] as const)
      expect(s.all.get(`jobs/${id}`)).toEqual(job({ id, Job_Type, Total_Count, opened_at: t(opened), ...contact }));
    expect(s.all.get('jobs/j5')).toEqual(other);
  });

  it('a profile change that leaves what the jobs show as it was writes the student alone', async () => {
    const s = store();
    await s.apply(...placedWithJob);
    const before = s.all.get('jobs/j1');
    // "Amy Pond" split differently: the name shown on the job is the same.
    const split = event('ProfileChanged', { accountId: 's1', changes: { First_Name: 'Amy Pond', Last_Name: '' } });
    expect(await s.apply(split)).toEqual(['students/s1']);
    expect(s.all.get('jobs/j1')).toEqual(before);
    expect(s.all.get('students/s1')).toEqual(
      placed({ First_Name: 'Amy Pond', Last_Name: '', jobs: [summary()], _audience: ['s1', 'c1', 'm1'] }),
    );
  });

  it('a card changes the job it was handed in place (no copy): what a rebuild keeps in memory is put again', async () => {
    const s = store();
    await s.apply(...placedWithJob);
    // As the rebuild's memory context: get hands out the kept document itself.
    const kept = new Map<string, Doc>();
    const handed = new Set<Doc>();
    const copies: string[] = [];
    const ctx: ProjectionContext = {
      get: async (c, id) => {
        const key = `${c}/${id}`;
        if (!kept.has(key) && s.all.has(key)) kept.set(key, structuredClone(s.all.get(key) as Doc));
        const doc = kept.get(key) ?? null;
        if (doc) handed.add(doc);
        return doc;
      },
      find: async () => [],
      put: (c, doc) => {
        const key = `${c}/${doc.id}`;
        if (kept.has(key) && !handed.has(doc)) copies.push(key);
        kept.set(key, doc);
      },
      delete: (c, id) => void kept.delete(`${c}/${id}`),
    };
    const signed = card(1) as { type: string; data: unknown };
    await trainingProjection.apply({ ...s.envelope(), type: signed.type, data: signed.data }, ctx);
    expect(copies).toEqual([]);
    expect(kept.get('jobs/j1')).toMatchObject({ Completed_Count: 1, mentor_signature: signature('09:01') });
    expect(kept.get('job_signatures/j1')).toEqual(history([entry(1)]));
    // A sign-off the job does not hold: nothing is written, and the handed-out job is left as it was.
    const before = structuredClone(kept.get('jobs/j1'));
    const unknown = event('SignatureConfirmed', { ...signOff, signatureId: 'nope', contentHash: hash }) as {
      type: string;
      data: unknown;
    };
    await trainingProjection.apply({ ...s.envelope(), type: unknown.type, data: unknown.data }, ctx);
    expect(kept.get('jobs/j1')).toEqual(before);
  });

  it('signaturesOf answers each job its history from one read', async () => {
    const finds: unknown[] = [];
    const readStore = {
      find: async (collection: CollectionRef, filter: Doc) => {
        finds.push([collectionName(collection), filter]);
        return [history([entry(1)])];
      },
    } as unknown as ReadStore;
    const of = await signaturesOf(readStore, [job(), job({ id: 'j2' })]);
    expect([of(job()), of(job({ id: 'j2' }))]).toEqual([[entry(1)], []]);
    expect(finds).toEqual([['job_signatures', { id: { $in: ['j1', 'j2'] } }]]);
  });

  it('jobView answers the fields of the API job and nothing of the document that is not one', () => {
    const doc = job({ Completed_Count: 10, status: 'completed', percent: 100, completed_at: t(9) });
    // A field a document may hold that the API does not answer (strict schema), and the audience list.
    const stray = { ...doc, legacy_note: 'x' };
    const view = jobView(stray, [entry(1)]);
    expect(jobSchema.strict().parse(view)).toEqual(view);
    const { _audience: _a, updated_at: _u, ...answered } = doc;
    expect(view).toEqual({ ...answered, signatures: [entry(1)], remaining: 0, is_complete: true });
    expect(jobView(job({ Completed_Count: 3 }), []).remaining).toBe(7);
  });
});
