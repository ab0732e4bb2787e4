import type { ReminderKind } from '@panda/events/catalogue/reminders';
import type { ProjectionContext } from '../projection';
import { collection } from '../typed-collection';
import { defineProjection, type Recorded } from '../typed-projection';

/** docs/read-models.md#reminder-timers */

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
}

export const reminderTimers = collection<ReminderTimerDoc>('reminder_timers');

/** docs/read-models.md#reminder-quiet-spells */
interface QuietSpellDoc {
  id: string;
  timer_id: string;
  placement_id: string;
}
const quietSpells = collection<QuietSpellDoc>('reminder_quiet_spells');

/** A reminder's id, and its `ReminderSent`'s: `<kind>:<subject>`. */
export const reminderId = (kind: ReminderKind, subject: string) => `${kind}:${subject}`;

/** When a reminder of `kind` falls due, for a wait that began at `since`. */
export const dueAt = (kind: ReminderKind, since: string) =>
  new Date(Date.parse(since) + REMINDER_DAYS[kind] * DAY_MS).toISOString();

type Subject = Pick<ReminderTimerDoc, 'student_id' | 'mentor_id' | 'placement_id'>;
/** A reminder due REMINDER_DAYS[kind] after the event `e` that began the wait (a sign-off's is on the sign-off). */
const timer = (
  kind: ReminderKind,
  subject: string,
  e: { time: string; position: number },
  t: Subject,
): ReminderTimerDoc => ({
  id: reminderId(kind, subject),
  kind,
  ...t,
  signature_id: null,
  job_id: null,
  since: e.time,
  since_position: e.position,
  due_at: dueAt(kind, e.time),
});

/** The proposal's reminder and escalation: pointless once the mentor answers or the placement ends. */
function dropProposalTimers(ctx: ProjectionContext, placementId: string) {
  for (const kind of ['proposal_reminder', 'proposal_escalation'] as const)
    reminderTimers.in(ctx).delete(`${kind}:${placementId}`);
}

/** A new quiet spell for the placement; the previous one's prompt, if not sent yet, is no longer due. */
function restartQuietSpell(
  ctx: ProjectionContext,
  e: Recorded<'PlacementAccepted' | 'JobCardSigned'>,
  placementId: string,
  previous: QuietSpellDoc | null,
) {
  const { studentId, mentorId } = e.data;
  // Gone already when its prompt was sent: deleting a document that is not there changes nothing.
  if (previous) reminderTimers.in(ctx).delete(previous.timer_id);
  const quiet = timer('no_signoff', `${placementId}:${e.position}`, e, {
    student_id: studentId,
    mentor_id: mentorId,
    placement_id: placementId,
  });
  reminderTimers.in(ctx).put(quiet);
  quietSpells.in(ctx).put({ id: studentId, timer_id: quiet.id, placement_id: placementId });
}

export const reminderTimersProjection = defineProjection({
  name: 'reminder_timers',
  // Versions: docs/read-models.md#reminder-timers.
  version: 3,
  collections: { [reminderTimers.name]: ['due_at'], [quietSpells.name]: [] },
  on: {
    PlacementProposed: (e, ctx) => {
      const d = e.data;
      const t = { student_id: d.studentId, mentor_id: d.mentorId, placement_id: d.placementId };
      reminderTimers.in(ctx).put(timer('proposal_reminder', d.placementId, e, t));
      reminderTimers.in(ctx).put(timer('proposal_escalation', d.placementId, e, t));
    },
    // Placed: a quiet spell without sign-off begins.
    PlacementAccepted: async (e, ctx) => {
      dropProposalTimers(ctx, e.data.placementId);
      restartQuietSpell(ctx, e, e.data.placementId, await quietSpells.in(ctx).get(e.data.studentId));
    },
    PlacementDeclined: ({ data: d }, ctx) => dropProposalTimers(ctx, d.placementId),
    PlacementEnded: async ({ data: d }, ctx) => {
      dropProposalTimers(ctx, d.placementId);
      const spell = await quietSpells.in(ctx).get(d.studentId);
      if (spell?.placement_id !== d.placementId) return;
      reminderTimers.in(ctx).delete(spell.timer_id);
      quietSpells.in(ctx).delete(d.studentId);
    },
    // A sign-off ends the quiet spell: a new one begins (its wait for the trainee's answer is on the sign-off).
    JobCardSigned: async (e, ctx) => {
      // Placed: a new quiet spell, also when the last one's prompt was sent (30 more days without sign-off prompt again).
      const spell = await quietSpells.in(ctx).get(e.data.studentId);
      if (spell) restartQuietSpell(ctx, e, spell.placement_id, spell);
    },
    ReminderSent: ({ data: d }, ctx) => reminderTimers.in(ctx).delete(d.reminderId),
  },
});
