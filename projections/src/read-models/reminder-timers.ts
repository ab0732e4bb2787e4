import type { RecordedEvent } from '@panda/events/envelope';
import { signatureIdOf } from '@panda/events/catalogue/training';
import type { ReminderKind } from '@panda/events/catalogue/reminders';
import type { Projection, ProjectionContext } from '../projection';

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

type Subject = Pick<ReminderTimerDoc, 'student_id' | 'mentor_id' | 'placement_id' | 'signature_id' | 'job_id'>;
const timer = (kind: ReminderKind, subject: string, e: RecordedEvent, t: Subject): ReminderTimerDoc => ({
  id: `${kind}:${subject}`,
  kind,
  ...t,
  since: e.time,
  since_position: e.position,
  due_at: new Date(Date.parse(e.time) + REMINDER_DAYS[kind] * DAY_MS).toISOString(),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- not yet on the typed collection layer (issue 8): event data read loosely
type Data = Record<string, any>;

async function noSignOffTimers(ctx: ProjectionContext, studentId: string) {
  return ((await ctx.find(REMINDER_TIMERS, { student_id: studentId })) as ReminderTimerDoc[]).filter(
    (t) => t.kind === 'no_signoff',
  );
}

/** A new quiet spell for the student's placement: the previous one's prompt is no longer due. */
async function restartQuietSpell(ctx: ProjectionContext, e: RecordedEvent, d: Data, placementId: string) {
  for (const t of await noSignOffTimers(ctx, d.studentId)) ctx.delete(REMINDER_TIMERS, t.id);
  ctx.put(
    REMINDER_TIMERS,
    timer('no_signoff', `${placementId}:${e.position}`, e, {
      student_id: d.studentId,
      mentor_id: d.mentorId,
      placement_id: placementId,
      signature_id: null,
      job_id: null,
    }),
  );
}

async function apply(e: RecordedEvent, ctx: ProjectionContext) {
  const d = e.data as Data;
  const proposalTimers = (placementId: string) => [
    `proposal_reminder:${placementId}`,
    `proposal_escalation:${placementId}`,
  ];
  switch (e.type) {
    case 'PlacementProposed': {
      const t = {
        student_id: d.studentId,
        mentor_id: d.mentorId,
        placement_id: d.placementId,
        signature_id: null,
        job_id: null,
      };
      ctx.put(REMINDER_TIMERS, timer('proposal_reminder', d.placementId, e, t));
      ctx.put(REMINDER_TIMERS, timer('proposal_escalation', d.placementId, e, t));
      return;
    }
    case 'PlacementAccepted':
      for (const id of proposalTimers(d.placementId)) ctx.delete(REMINDER_TIMERS, id);
      await restartQuietSpell(ctx, e, d, d.placementId);
      return;
    case 'PlacementDeclined':
      for (const id of proposalTimers(d.placementId)) ctx.delete(REMINDER_TIMERS, id);
      return;
    case 'PlacementEnded':
      for (const id of proposalTimers(d.placementId)) ctx.delete(REMINDER_TIMERS, id);
      for (const t of await noSignOffTimers(ctx, d.studentId))
        if (t.placement_id === d.placementId) ctx.delete(REMINDER_TIMERS, t.id);
      return;
    case 'JobCardSigned': {
      const [quiet] = await noSignOffTimers(ctx, d.studentId);
      if (quiet?.placement_id) await restartQuietSpell(ctx, e, d, quiet.placement_id);
      const signatureId = signatureIdOf(d as { signatureId?: string; jobId: string; completedCount: number });
      ctx.put(
        REMINDER_TIMERS,
        timer('confirmation_reminder', signatureId, e, {
          student_id: d.studentId,
          mentor_id: d.mentorId,
          placement_id: null,
          signature_id: signatureId,
          job_id: d.jobId,
        }),
      );
      return;
    }
    case 'SignatureConfirmed':
    case 'SignatureDisputed':
      ctx.delete(REMINDER_TIMERS, `confirmation_reminder:${d.signatureId}`);
      return;
    case 'ReminderSent':
      ctx.delete(REMINDER_TIMERS, d.reminderId);
      return;
  }
}

export const reminderTimersProjection: Projection = {
  name: 'reminder_timers',
  collections: { [REMINDER_TIMERS]: ['due_at', 'student_id'] },
  handles: [
    'PlacementProposed',
    'PlacementAccepted',
    'PlacementDeclined',
    'PlacementEnded',
    'JobCardSigned',
    'SignatureConfirmed',
    'SignatureDisputed',
    'ReminderSent',
  ],
  apply,
};
