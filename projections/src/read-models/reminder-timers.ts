import { signatureIdOf } from '@panda/events/catalogue/training';
import type { ReminderKind } from '@panda/events/catalogue/reminders';
import type { ProjectionContext } from '../projection';
import { collection } from '../typed-collection';
import { defineProjection, type Recorded } from '../typed-projection';

/**
 * `reminder_timers`: the reminders of ruling 32 that will fall due, folded from events and
 * checkpointed like every read model. The reminder ticker reads the due ones; a `ReminderSent` (or
 * the answer that makes one pointless: accepted, declined, signed, confirmed, disputed) removes one.
 */
export const REMINDER_TIMERS = 'reminder_timers';

const DAY_MS = 86_400_000;
export const REMINDER_DAYS: Record<ReminderKind, number> = {
  proposal_reminder: 3,
  proposal_escalation: 7,
  no_signoff: 30,
  confirmation_reminder: 7,
};

export interface ReminderTimerDoc {
  /** The reminder's id, `<kind>:<subject>` (a quiet spell without sign-off is named by the placement and the event that began it). */
  id: string;
  kind: ReminderKind;
  student_id: string;
  mentor_id: string;
  placement_id: string | null;
  signature_id: string | null;
  job_id: string | null;
  since: string;
  /** Log position of the event that began the wait. */
  since_position: number;
  due_at: string;
  [k: string]: unknown;
}

export const reminderTimers = collection<ReminderTimerDoc>(REMINDER_TIMERS);

type Subject = Pick<ReminderTimerDoc, 'student_id' | 'mentor_id' | 'placement_id' | 'signature_id' | 'job_id'>;
/** A reminder due REMINDER_DAYS[kind] after the event `e` that began the wait. */
const timer = (
  kind: ReminderKind,
  subject: string,
  e: { time: string; position: number },
  t: Subject,
): ReminderTimerDoc => ({
  id: `${kind}:${subject}`,
  kind,
  ...t,
  since: e.time,
  since_position: e.position,
  due_at: new Date(Date.parse(e.time) + REMINDER_DAYS[kind] * DAY_MS).toISOString(),
});

/** The proposal's reminder and escalation: pointless once the mentor answers or the placement ends. */
function dropProposalTimers(ctx: ProjectionContext, placementId: string) {
  for (const kind of ['proposal_reminder', 'proposal_escalation'] as const)
    reminderTimers.in(ctx).delete(`${kind}:${placementId}`);
}

const noSignOffTimers = (ctx: ProjectionContext, studentId: string) =>
  reminderTimers.in(ctx).find({ student_id: studentId, kind: 'no_signoff' });

/**
 * A new quiet spell for the student's placement: the previous one's prompt (`current`, the student's
 * no-sign-off timers) is no longer due.
 */
function restartQuietSpell(
  ctx: ProjectionContext,
  e: Recorded<'PlacementAccepted' | 'JobCardSigned'>,
  placementId: string,
  current: ReminderTimerDoc[],
) {
  const { studentId, mentorId } = e.data;
  for (const t of current) reminderTimers.in(ctx).delete(t.id);
  reminderTimers.in(ctx).put(
    timer('no_signoff', `${placementId}:${e.position}`, e, {
      student_id: studentId,
      mentor_id: mentorId,
      placement_id: placementId,
      signature_id: null,
      job_id: null,
    }),
  );
}

/** The trainee answered the sign-off: no confirmation reminder. */
const answered = ({ data: d }: Recorded<'SignatureConfirmed' | 'SignatureDisputed'>, ctx: ProjectionContext) =>
  reminderTimers.in(ctx).delete(`confirmation_reminder:${d.signatureId}`);

export const reminderTimersProjection = defineProjection({
  name: 'reminder_timers',
  collections: { [REMINDER_TIMERS]: ['due_at', 'student_id'] },
  on: {
    PlacementProposed: (e, ctx) => {
      const d = e.data;
      const t = {
        student_id: d.studentId,
        mentor_id: d.mentorId,
        placement_id: d.placementId,
        signature_id: null,
        job_id: null,
      };
      reminderTimers.in(ctx).put(timer('proposal_reminder', d.placementId, e, t));
      reminderTimers.in(ctx).put(timer('proposal_escalation', d.placementId, e, t));
    },
    // Placed: a quiet spell without sign-off begins.
    PlacementAccepted: async (e, ctx) => {
      dropProposalTimers(ctx, e.data.placementId);
      restartQuietSpell(ctx, e, e.data.placementId, await noSignOffTimers(ctx, e.data.studentId));
    },
    PlacementDeclined: ({ data: d }, ctx) => dropProposalTimers(ctx, d.placementId),
    PlacementEnded: async ({ data: d }, ctx) => {
      dropProposalTimers(ctx, d.placementId);
      for (const t of await noSignOffTimers(ctx, d.studentId))
        if (t.placement_id === d.placementId) reminderTimers.in(ctx).delete(t.id);
    },
    // A sign-off ends the quiet spell (a new one begins) and waits for the trainee's answer.
    JobCardSigned: async (e, ctx) => {
      const d = e.data;
      const quiet = await noSignOffTimers(ctx, d.studentId);
      if (quiet[0]?.placement_id) restartQuietSpell(ctx, e, quiet[0].placement_id, quiet);
      const signatureId = signatureIdOf(d);
      reminderTimers.in(ctx).put(
        timer('confirmation_reminder', signatureId, e, {
          student_id: d.studentId,
          mentor_id: d.mentorId,
          placement_id: null,
          signature_id: signatureId,
          job_id: d.jobId,
        }),
      );
    },
    SignatureConfirmed: answered,
    SignatureDisputed: answered,
    ReminderSent: ({ data: d }, ctx) => reminderTimers.in(ctx).delete(d.reminderId),
  },
});
