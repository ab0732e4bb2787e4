import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Reminders and escalation (docs/rules.md#reminders). They are due by time, not by an event, so the reminder
 * ticker (reactors/src/training/reminders.ts) appends one `ReminderSent` when one falls due, to its own
 * stream `reminder-<reminderId>` that must not exist yet: whatever crashes or runs twice, a reminder
 * is recorded once, and the notifications follow from that event.
 */
export const reminderStream = (reminderId: string) => `reminder-${reminderId}`;

export const REMINDER_KINDS = [
  'proposal_reminder',
  'proposal_escalation',
  'no_signoff',
  'confirmation_reminder',
] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

export const ReminderSent = defineEvent(
  'ReminderSent',
  z.object({
    /** `<kind>:<subject>`: deterministic, so the same reminder always has the same id and stream. */
    reminderId: z.string(),
    kind: reminderKindSchema,
    studentId: z.string(),
    mentorId: z.string(),
    placementId: z.string().nullable(),
    signatureId: z.string().nullable(),
    jobId: z.string().nullable(),
    /** When it fell due, and when the wait began (the proposal, the last sign-off or placement, the sign-off). */
    dueAt: z.string(),
    since: z.string(),
  }),
);

export const reminderEvents = [ReminderSent] as const;
