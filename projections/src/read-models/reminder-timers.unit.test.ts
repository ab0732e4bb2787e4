import { describe, expect, it } from 'vitest';
import {
  event,
  jobCardSigned,
  placementAccepted,
  placementEnded,
  placementProposed,
} from '@panda/events/testing/fixtures';
import { givenTime as t, projectionSpec } from '../testing/projection-spec';
import { reminderTimers, reminderTimersProjection, type ReminderTimerDoc } from './reminder-timers';

const spec = projectionSpec(reminderTimersProjection);
const DAY = 86_400_000;
/** `days` after the n-th given event. */
const after = (n: number, days: number) => new Date(Date.parse(t(n)) + days * DAY).toISOString();

const placement = { student_id: 's1', mentor_id: 'm1', placement_id: 'p1', signature_id: null, job_id: null };
/** A timer begun by the n-th given event. */
const timer = (
  kind: ReminderTimerDoc['kind'],
  subject: string,
  n: number,
  days: number,
  over: Partial<ReminderTimerDoc> = {},
): ReminderTimerDoc => ({
  id: `${kind}:${subject}`,
  kind,
  ...placement,
  since: t(n),
  since_position: n,
  due_at: after(n, days),
  ...over,
});

const ids = async (given: ReturnType<typeof spec.given>) => (await given.all(reminderTimers)).map((d) => d.id);

describe('reminder_timers projection', () => {
  it('PlacementProposed: a reminder after 3 days and an escalation after 7', async () => {
    const given = spec.given([placementProposed()]);
    await given.then(reminderTimers, 'proposal_reminder:p1', timer('proposal_reminder', 'p1', 1, 3));
    await given.then(reminderTimers, 'proposal_escalation:p1', timer('proposal_escalation', 'p1', 1, 7));
  });

  it('PlacementAccepted: the proposal timers go; a 30-day quiet spell without sign-off begins', async () => {
    const given = spec.given([placementProposed(), placementAccepted()]);
    expect(await ids(given)).toEqual(['no_signoff:p1:2']);
    await given.then(reminderTimers, 'no_signoff:p1:2', timer('no_signoff', 'p1:2', 2, 30));
  });

  it('PlacementDeclined: the proposal timers go', async () => {
    const given = spec.given([
      placementProposed(),
      placementProposed({ placementId: 'p2', studentId: 's2' }),
      event('PlacementDeclined', { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Full' }),
    ]);
    expect(await ids(given)).toEqual(['proposal_reminder:p2', 'proposal_escalation:p2']);
  });

  it("PlacementEnded: a pending proposal's timers, or the placement's quiet spell, go", async () => {
    const pending = spec.given([placementProposed(), placementEnded({ status: 'cancelled' })]);
    await pending.then(reminderTimers, 'proposal_reminder:p1', null);
    expect(await ids(pending)).toEqual([]);
    const active = spec.given([
      placementProposed(),
      placementAccepted(),
      placementProposed({ placementId: 'p2', studentId: 's2' }),
      placementAccepted({ placementId: 'p2', studentId: 's2' }),
      placementEnded(),
    ]);
    expect(await ids(active)).toEqual(['no_signoff:p2:4']);
    // Ending another placement of the student leaves this one's quiet spell.
    const other = spec.given([placementProposed(), placementAccepted(), placementEnded({ placementId: 'p0' })]);
    expect(await ids(other)).toEqual(['no_signoff:p1:2']);
  });

  it('JobCardSigned: the quiet spell starts again (the reminder to answer the sign-off is on the sign-off)', async () => {
    const given = spec.given([placementProposed(), placementAccepted(), jobCardSigned()]);
    expect(await ids(given)).toEqual(['no_signoff:p1:3']);
    await given.then(reminderTimers, 'no_signoff:p1:3', timer('no_signoff', 'p1:3', 3, 30));
    // Not placed: no quiet spell.
    expect(await ids(spec.given([jobCardSigned()]))).toEqual([]);
  });

  it('JobCardSigned after the quiet spell was prompted: 30 more days without sign-off prompt again; once the placement ends, none', async () => {
    const prompted = event('ReminderSent', {
      reminderId: 'no_signoff:p1:2',
      kind: 'no_signoff',
      studentId: 's1',
      mentorId: 'm1',
      placementId: 'p1',
      signatureId: null,
      jobId: null,
      dueAt: after(2, 30),
      since: t(2),
    });
    const given = spec.given([placementProposed(), placementAccepted(), prompted, jobCardSigned()]);
    expect(await ids(given)).toEqual(['no_signoff:p1:4']);
    await given.then(reminderTimers, 'no_signoff:p1:4', timer('no_signoff', 'p1:4', 4, 30));
    const ended = spec.given([
      placementProposed(),
      placementAccepted(),
      jobCardSigned(),
      placementEnded(),
      jobCardSigned({ signatureId: 'sig2', completedCount: 2 }),
    ]);
    expect(await ids(ended)).toEqual([]);
  });

  it('ReminderSent: a sent reminder is no longer due', async () => {
    const given = spec.given([
      placementProposed(),
      event('ReminderSent', {
        reminderId: 'proposal_reminder:p1',
        kind: 'proposal_reminder',
        studentId: 's1',
        mentorId: 'm1',
        placementId: 'p1',
        signatureId: null,
        jobId: null,
        dueAt: after(1, 3),
        since: t(1),
      }),
    ]);
    expect(await ids(given)).toEqual(['proposal_escalation:p1']);
  });
});
