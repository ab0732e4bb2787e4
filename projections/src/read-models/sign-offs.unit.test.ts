import { describe, expect, it } from 'vitest';
import {
  accountSignedUp,
  centreSignedUp,
  event,
  jobCardSigned,
  jobOpened,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { disputeRows, signOffs, signOffsProjection, type SignOffDoc } from './sign-offs';

const spec = projectionSpec(signOffsProjection);

const signature = {
  signature: 'Dave Clarke',
  mentorName: 'Dave Clarke',
  date: '2026-01-02',
  time: '09:00',
  timestamp: '2026-01-02T09:00:00.000Z',
};

/** 7 days after `time`: when the trainee is reminded to answer a sign-off made then (docs/rules.md#reminders). */
const weekAfter = (time: string) => new Date(Date.parse(time) + 7 * 86_400_000).toISOString();

/** Sign-off sig1 of job j1 (Boiler Installs) of s1 (centre c1), signed by m1 at event 3 (or `over.signed_at`). */
const signOff = (over: Partial<SignOffDoc> = {}): SignOffDoc => ({
  id: 'sig1',
  job_id: 'j1',
  student_id: 's1',
  mentor_id: 'm1',
  centre_id: 'c1',
  job_type: 'Boiler Installs',
  signature,
  completed_at: '2026-01-02T09:00:00.000Z',
  signed_at: t(3),
  content_hash: null,
  trainee_status: 'awaiting_confirmation',
  trainee_status_label: 'Awaiting trainee confirmation',
  confirmed_at: null,
  dispute: null,
  confirmation_due_at: weekAfter(over.signed_at ?? t(3)),
  open_dispute: false,
  disputed_at: null,
  revoked: false,
  _audience: ['s1', 'm1', 'c1'],
  ...over,
});

const signed = [studentRegistered(), jobOpened(), jobCardSigned()];
const ref = { signatureId: 'sig1', jobId: 'j1', studentId: 's1', mentorId: 'm1' };
const hash = 'a'.repeat(64);
const disputedBy = (reason: string) =>
  event('SignatureDisputed', { ...ref, contentHash: hash, reason, centreId: 'c1' });

describe('sign_offs projection', () => {
  it("StudentRegistered, JobOpened and JobCardSigned: a sign-off with its job's type and the student's centre, awaiting the trainee", async () => {
    await spec.given(signed).then(signOffs, 'sig1', signOff());
    const hashed = 'b'.repeat(64);
    await spec
      .given([...signed, jobCardSigned({ signatureId: 'sig2', completedCount: 2, contentHash: hashed })])
      .then(signOffs, 'sig2', signOff({ id: 'sig2', content_hash: hashed, signed_at: t(4) }));
  });

  it('JobCardSigned: a sign-off recorded before ids existed is named by job and card; an independent student has no centre', async () => {
    const given = spec.given([
      studentRegistered({ centreId: null }),
      jobOpened(),
      jobCardSigned({ signatureId: undefined, completedCount: 3 }),
    ]);
    await given.then(signOffs, 'j1-card-3', signOff({ id: 'j1-card-3', centre_id: null, _audience: ['s1', 'm1'] }));
    // Nothing known of the job or the student: no type, no centre.
    await spec
      .given([jobCardSigned()])
      .then(signOffs, 'sig1', signOff({ job_type: null, centre_id: null, signed_at: t(1), _audience: ['s1', 'm1'] }));
  });

  it('SignatureConfirmed: confirmed by the trainee', async () => {
    await spec.given([...signed, event('SignatureConfirmed', { ...ref, contentHash: hash })]).then(
      signOffs,
      'sig1',
      signOff({
        trainee_status: 'confirmed',
        trainee_status_label: 'Confirmed by trainee',
        confirmed_at: t(4),
        confirmation_due_at: null,
      }),
    );
  });

  it('SignatureDisputed: an open dispute, with its reason and time', async () => {
    await spec.given([...signed, disputedBy('Not me')]).then(
      signOffs,
      'sig1',
      signOff({
        trainee_status: 'disputed',
        trainee_status_label: 'Disputed',
        dispute: { reason: 'Not me', disputed_at: t(4), outcome: null, resolution_reason: null, resolved_at: null },
        open_dispute: true,
        disputed_at: t(4),
        confirmation_due_at: null,
      }),
    );
  });

  it('DisputeResolved and SignatureRevoked: the dispute is closed with its outcome; an upheld one revokes the sign-off', async () => {
    const resolvedDispute = {
      reason: 'Not me',
      disputed_at: t(4),
      resolution_reason: 'Checked',
      resolved_at: t(5),
    };
    const disputedDoc = {
      trainee_status: 'disputed' as const,
      trainee_status_label: 'Disputed',
      disputed_at: t(4),
      confirmation_due_at: null,
    };
    await spec
      .given([
        ...signed,
        disputedBy('Not me'),
        event('DisputeResolved', { ...ref, outcome: 'upheld', reason: 'Checked', adminId: 'a1' }),
        event('SignatureRevoked', { ...ref, reason: 'Checked', completedCount: 0 }),
      ])
      .then(
        signOffs,
        'sig1',
        signOff({ ...disputedDoc, dispute: { ...resolvedDispute, outcome: 'upheld' }, revoked: true }),
      );
    await spec
      .given([
        ...signed,
        disputedBy('Not me'),
        event('DisputeResolved', { ...ref, outcome: 'rejected', reason: 'Checked', adminId: 'a1' }),
      ])
      .then(signOffs, 'sig1', signOff({ ...disputedDoc, dispute: { ...resolvedDispute, outcome: 'rejected' } }));
    // A decision on a sign-off that was never disputed changes nothing.
    await spec
      .given([...signed, event('DisputeResolved', { ...ref, outcome: 'rejected', reason: 'Checked', adminId: 'a1' })])
      .then(signOffs, 'sig1', signOff());
  });

  it('ReminderSent: once the trainee is reminded to answer, the reminder is no longer due; other reminders change nothing', async () => {
    const sent = (
      kind: 'confirmation_reminder' | 'no_signoff',
      over: { signatureId: string | null; placementId: string | null },
    ) =>
      event('ReminderSent', {
        reminderId: `${kind}:${over.signatureId ?? over.placementId}`,
        kind,
        studentId: 's1',
        mentorId: 'm1',
        jobId: null,
        dueAt: weekAfter(t(3)),
        since: t(3),
        ...over,
      });
    await spec
      .given([...signed, sent('confirmation_reminder', { signatureId: 'sig1', placementId: null })])
      .then(signOffs, 'sig1', signOff({ confirmation_due_at: null }));
    const others = spec.given([
      ...signed,
      sent('no_signoff', { signatureId: null, placementId: 'p1' }),
      sent('confirmation_reminder', { signatureId: 'sig9', placementId: null }),
    ]);
    await others.then(signOffs, 'sig1', signOff());
    await others.then(signOffs, 'sig9', null);
  });

  it('answers to a sign-off it does not know make no document', async () => {
    const given = spec.given([
      ...signed,
      event('SignatureConfirmed', { ...ref, signatureId: 'sig9', contentHash: hash }),
      event('SignatureRevoked', { ...ref, signatureId: 'sig9', reason: 'x', completedCount: 0 }),
    ]);
    await given.then(signOffs, 'sig9', null);
    expect((await given.all(signOffs)).map((d) => d.id)).toEqual(['sig1']);
  });
});

describe('sign_offs projection: the Disputes list’s rows', () => {
  const people = [centreSignedUp(), accountSignedUp()];
  const card = (n: number) => [
    jobOpened({ jobId: `j${n}` }),
    jobCardSigned({ jobId: `j${n}`, signatureId: `sig${n}` }),
  ];
  const on = (n: number) => ({ signatureId: `sig${n}`, jobId: `j${n}`, studentId: 's1', mentorId: 'm1' });
  const history: GivenEvent[] = [
    ...people,
    studentRegistered(),
    ...card(1),
    ...card(2),
    ...card(3),
    ...card(4),
    event('SignatureDisputed', { ...on(1), contentHash: hash, reason: 'Not me', centreId: 'c1' }),
    event('SignatureDisputed', { ...on(2), contentHash: hash, reason: 'Wrong job', centreId: 'c1' }),
    event('DisputeResolved', { ...on(2), outcome: 'upheld', reason: 'Checked', adminId: 'a1' }),
    event('SignatureRevoked', { ...on(2), reason: 'Checked', completedCount: 0 }),
    event('SignatureConfirmed', { ...on(3), contentHash: hash }),
    event('ProfileChanged', { accountId: 's1', changes: { Last_Name: 'Williams' } }),
    event('ProfileChanged', { accountId: 'c1', changes: { Name: 'North Gas Academy' } }),
    event('ProfileChanged', { accountId: 'm1', changes: { First_Name: 'David' } }),
  ];

  it('each disputed sign-off as the list shows it, with the names as they are now; the others have none', async () => {
    const given = spec.given(history);
    const rows = await given.all(disputeRows);
    const docs = new Map((await given.all(signOffs)).map((d) => [d.id, d]));
    expect(rows.map((r) => r.id)).toEqual(['sig1', 'sig2']);
    for (const row of rows) {
      const { _audience, confirmation_due_at, id, ...doc } = docs.get(row.id)!;
      expect(row).toEqual({
        ...doc,
        id,
        signature_id: id,
        student_name: 'Amy Williams',
        mentor_name: 'David Clarke',
        centre_name: 'North Gas Academy',
      });
    }
    expect(rows.map((r) => [r.trainee_status, r.open_dispute, r.revoked, r.dispute?.outcome])).toEqual([
      ['disputed', true, false, null],
      ['disputed', false, true, 'upheld'],
    ]);
  });

  it('without their accounts, the names the list showed before: unknown student, the signature’s mentor, no centre', async () => {
    const given = spec.given([
      studentRegistered(),
      ...card(1),
      event('SignatureDisputed', { ...on(1), contentHash: hash, reason: 'Not me', centreId: 'c1' }),
    ]);
    const [row] = await given.all(disputeRows);
    expect([row.student_name, row.mentor_name, row.centre_name]).toEqual(['Amy Pond', 'Dave Clarke', null]);
    const unknown = await spec
      .given([
        jobOpened(),
        jobCardSigned(),
        event('SignatureDisputed', { ...ref, contentHash: hash, reason: 'x', centreId: null }),
      ])
      .all(disputeRows);
    expect([unknown[0].student_name, unknown[0].mentor_name, unknown[0].centre_id]).toEqual([
      'Unknown student',
      'Dave Clarke',
      null,
    ]);
  });
});
