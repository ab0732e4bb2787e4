import type { EventStore } from '@panda/events/event-store';
import { WrongExpectedVersionError } from '@panda/events/event-store';
import { accountStream } from '@panda/events/catalogue/accounts';
import { reminderStream } from '@panda/events/catalogue/reminders';
import type { ReadStore } from '@panda/projections/read-store';
import { reminderId, reminderTimers, type ReminderTimerDoc } from '@panda/projections/read-models/reminder-timers';
import { signOffs, type SignOffDoc } from '@panda/projections/read-models/sign-offs';
import { evolveTraining, initialTrainingState, type TrainingEvent } from '@panda/command-service/training/state';
import type { AccountEvent } from '@panda/command-service/accounts/decider';
import type { Logger } from '@panda/platform/logger';
import { REACTOR_DONE } from '../shared/reactor';

export const REMINDER_TICKER = 'reminder-ticker';
/** How often the ticker looks for due reminders in `npm start` (tests call tick() with a fake clock). */
export const REMINDER_TICK_MS = 60_000;
/** How many due reminders of each source (timers, sign-offs) a tick takes, the latest first. */
const DUE_PER_TICK = 1000;

/** A reminder that has fallen due: a `reminder_timers` document, or a sign-off's reminder to answer. */
type DueReminder = Pick<
  ReminderTimerDoc,
  'id' | 'kind' | 'student_id' | 'mentor_id' | 'placement_id' | 'signature_id' | 'job_id' | 'since' | 'due_at'
> & { since_position: number | null };

/** A sign-off's reminder to answer it, named as a timer of it would be (`confirmation_reminder:<signature id>`). */
const confirmationReminder = (d: SignOffDoc): DueReminder => ({
  id: reminderId('confirmation_reminder', d.id),
  kind: 'confirmation_reminder',
  student_id: d.student_id,
  mentor_id: d.mentor_id,
  placement_id: null,
  signature_id: d.id,
  job_id: d.job_id,
  since: d.signed_at,
  since_position: null,
  due_at: d.confirmation_due_at as string,
});

/**
 * Reminders and escalation (docs/rules.md#reminders) are due by time, not by an event, so they come from a
 * ticker with the clock injected, never from timers in requests. Each tick reads the due timers
 * (the `reminder_timers` read model, folded from events, and the sign-offs' reminders to answer, on
 * `sign_offs`), checks on the write side (the student's stream) that the reminder still makes
 * sense, and appends one `ReminderSent` to the reminder's own
 * stream `reminder-<kind>:<subject>` with expected version `no_stream`. A second append of the same
 * reminder (a crash before the timer was cleared, two processes, a restart) is refused by the store,
 * so a reminder is recorded exactly once; the notifications (and e-mail) follow from that event
 * through the reactors, keyed by its position. Timers that fell due before the ticker was first
 * installed are not sent (like the reactors, it never reminds an existing install of its past).
 */
export class ReminderTicker {
  private installed: string | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    private readonly clock: () => Date,
    private readonly logger?: Logger,
  ) {}

  /** When the ticker was first installed (recorded once in the read store). */
  async installedAt(): Promise<string> {
    if (this.installed) return this.installed;
    const id = `${REMINDER_TICKER}:installed`;
    let doc = await this.readStore.get(REACTOR_DONE, id);
    if (!doc) {
      const cp = await this.readStore.checkpoint(REMINDER_TICKER);
      await this.readStore
        .commit(REMINDER_TICKER, cp, cp, [
          {
            op: 'put',
            collection: REACTOR_DONE,
            doc: { id, reactor: REMINDER_TICKER, at: this.clock().toISOString() },
          },
        ])
        .catch(() => undefined);
      doc = await this.readStore.get(REACTOR_DONE, id);
    }
    this.installed = String(doc?.at ?? this.clock().toISOString());
    return this.installed;
  }

  /** Sends every reminder due at the clock's now; answers how many it recorded. */
  async tick(): Promise<number> {
    const now = this.clock().toISOString();
    const since = await this.installedAt();
    const [timers, confirmations] = await Promise.all([
      this.readStore.find(reminderTimers, { due_at: { $lte: now } }, { sort: { due_at: -1 }, limit: DUE_PER_TICK }),
      this.readStore.find(
        signOffs,
        { confirmation_due_at: { $lte: now } },
        { sort: { confirmation_due_at: -1 }, limit: DUE_PER_TICK },
      ),
    ]);
    const due: DueReminder[] = [...timers, ...confirmations.map(confirmationReminder)];
    let sent = 0;
    for (const t of due) {
      if (t.due_at < since || !(await this.stillDue(t))) continue;
      const data = {
        reminderId: t.id,
        kind: t.kind,
        studentId: t.student_id,
        mentorId: t.mentor_id,
        placementId: t.placement_id,
        signatureId: t.signature_id,
        jobId: t.job_id,
        dueAt: t.due_at,
        since: t.since,
      };
      try {
        const r = await this.store.append(reminderStream(t.id), [{ type: 'ReminderSent', data }], 'no_stream', {
          time: now,
          actorId: null,
          correlationId: t.id,
          commandId: t.id,
        });
        if (!r.duplicate) sent += 1;
      } catch (err) {
        // Already recorded (by an earlier tick or another process): the store appended nothing.
        if (!(err instanceof WrongExpectedVersionError)) throw err;
      }
    }
    if (sent) this.logger?.info({ sent }, 'reminders sent');
    return sent;
  }

  /** The write side's word: the proposal still waits, the student still has no new sign-off, the sign-off still awaits the trainee. */
  private async stillDue(t: DueReminder): Promise<boolean> {
    const events = await this.store.readStream(accountStream(t.student_id));
    const state = events.reduce(
      (s, e) => evolveTraining(s, e as unknown as TrainingEvent | AccountEvent),
      initialTrainingState(),
    );
    switch (t.kind) {
      case 'proposal_reminder':
      case 'proposal_escalation':
        return !!t.placement_id && state.placements[t.placement_id]?.status === 'pending';
      case 'no_signoff': {
        // Timers only (a sign-off's reminder is of another kind): where the quiet spell began in the log.
        const began = t.since_position;
        return (
          !!t.placement_id &&
          state.placements[t.placement_id]?.status === 'active' &&
          began !== null &&
          !events.some((e) => e.type === 'JobCardSigned' && e.position > began)
        );
      }
      case 'confirmation_reminder':
        return !!t.signature_id && state.signOffs[t.signature_id]?.status === 'awaiting_confirmation';
    }
  }
}
