import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import type { ReminderKind } from '@panda/events/catalogue/reminders';
import type { ReadStore } from '@panda/projections/read-store';
import { accounts } from '@panda/projections/read-models/accounts';
import { load } from '@panda/command-service/shared/decider';
import { trainingDecider } from '@panda/command-service/training/decider';
import { accountStream } from '@panda/events/catalogue/accounts';
import { jobTypeName } from '@panda/contracts/training';
import type { Reactor } from '../shared/reactor';
import { displayName, loadAccountState, trainingBefore } from '../shared/facts';
import { deliver, plannedFor, systemNotice, type NoticeDraft } from '../notifications/recipients';

export const SIGNOFF_NOTIFICATIONS_REACTOR = 'signoff-notifications';

type Draft = NoticeDraft;
interface Planned {
  recipientId: string;
  draft: Draft;
}

const ADMIN_DISPUTES = '/panda-admin-dashboard?tab=disputes';
const ADMIN_PLACEMENTS = '/panda-admin-dashboard?tab=placements';
const jobs = '/dashboard?view=jobs';
/** Opens the student's card with its Confirm / Dispute actions. */
export const signOffLink = (signatureId: string) => `/dashboard?view=jobs&signature=${encodeURIComponent(signatureId)}`;
const studentDetail = (studentId: string) => `/dashboard?view=student-detail&id=${encodeURIComponent(studentId)}`;

// Disputes and reminders are all important: e-mailed where the recipient keeps e-mail on.
const draft = (type: Draft['type'], kind: Draft['kind'], title: string, message: string, link: string) =>
  systemNotice(type, kind, title, message, link, true);

/**
 * Notifications of sign-off disputes (the mentor, the centre and the admins; the outcome to the
 * student, mentor and centre) and of the reminders and escalations of docs/rules.md#reminders (`ReminderSent`).
 * Facts (names, the student's centre, a job's type) come from the write side; the admins are the
 * one list that has no stream of its own, so it is read from the accounts read model (unlocked
 * admins). Appended with the reaction key as command id: running an event again appends nothing.
 */
export function signOffNotificationsReactor(store: EventStore, readStore: ReadStore): Reactor {
  const admins = async () => (await readStore.find(accounts, { role: 'admin', locked: false })).map((a) => a.id);

  async function plan(e: RecordedEvent): Promise<Planned[]> {
    const d = e.data as { studentId: string; mentorId: string; jobId?: string | null; signatureId?: string | null };
    // A reminder is on its own stream: the student's training as it stands; else as it stood before the event.
    const training =
      e.type === 'ReminderSent'
        ? (await load(store, accountStream(d.studentId), trainingDecider)).state
        : await trainingBefore(store, e);
    const [student, mentor] = await Promise.all([
      loadAccountState(store, d.studentId),
      loadAccountState(store, d.mentorId),
    ]);
    const who = { student: displayName(student), mentor: displayName(mentor) };
    const centreId = training.centreId;
    const jobType = jobTypeName((d.jobId && training.jobs[d.jobId]?.jobType) || null) || 'a job';
    const centre = (kind: Draft['kind'], title: string, message: string): Planned[] =>
      centreId
        ? [{ recipientId: centreId, draft: draft('warning', kind, title, message, studentDetail(d.studentId)) }]
        : [];

    switch (e.type) {
      case 'SignatureDisputed': {
        const { reason } = e.data as { reason: string };
        const message = `${who.student} disputed a job card for ${jobType} signed by ${who.mentor}: "${reason}"`;
        return [
          // The mentor whose sign-off it is hears of it too (docs/rules.md#dispute-visibility).
          {
            recipientId: d.mentorId,
            draft: draft(
              'warning',
              'signature_disputed',
              'Your sign-off was disputed',
              `${who.student} disputed your sign-off of a job card for ${jobType}: "${reason}". An admin will review it.`,
              jobs,
            ),
          },
          ...centre('signature_disputed', 'Job card sign-off disputed', message),
          ...(await admins()).map((id) => ({
            recipientId: id,
            draft: draft(
              'warning',
              'signature_disputed',
              'Job card sign-off disputed',
              `${message}. Resolve it in Disputes.`,
              ADMIN_DISPUTES,
            ),
          })),
        ];
      }
      case 'DisputeResolved': {
        const { outcome, reason } = e.data as { outcome: 'upheld' | 'rejected'; reason: string };
        const what =
          outcome === 'upheld'
            ? 'upheld: the sign-off is revoked and no longer counts'
            : 'rejected: the sign-off stands';
        const message = `The dispute of a job card of ${who.student} for ${jobType}, signed by ${who.mentor}, was ${what}. Reason: ${reason}`;
        const type = outcome === 'upheld' ? 'warning' : 'info';
        return [
          {
            recipientId: d.studentId,
            draft: draft(type, 'dispute_resolved', 'Dispute resolved', message, signOffLink(d.signatureId ?? '')),
          },
          { recipientId: d.mentorId, draft: draft(type, 'dispute_resolved', 'Dispute resolved', message, jobs) },
          ...centre('dispute_resolved', 'Dispute resolved', message),
        ];
      }
      case 'ReminderSent': {
        const kind = (e.data as { kind: ReminderKind }).kind;
        if (kind === 'proposal_reminder')
          return [
            {
              recipientId: d.mentorId,
              draft: draft(
                'assignment',
                'proposal_reminder',
                'Placement request waiting',
                `${who.student} was proposed to you as a trainee 3 days ago. Please accept or decline the request on your dashboard.`,
                '/dashboard?view=overview',
              ),
            },
          ];
        if (kind === 'proposal_escalation')
          return (await admins()).map((id) => ({
            recipientId: id,
            draft: draft(
              'warning',
              'proposal_escalated',
              'Placement request unanswered for 7 days',
              `${who.mentor} has not answered the placement request for ${who.student} in 7 days.`,
              ADMIN_PLACEMENTS,
            ),
          }));
        if (kind === 'no_signoff') {
          const message = `${who.student} has had no job card signed for 30 days.`;
          return [
            {
              recipientId: d.mentorId,
              draft: draft(
                'warning',
                'no_signoff_prompt',
                'No job card signed for 30 days',
                `${message} Sign the cards of the work done, or tell the student what comes next.`,
                jobs,
              ),
            },
            ...centre('no_signoff_prompt', 'No job card signed for 30 days', message),
          ];
        }
        return [
          {
            recipientId: d.studentId,
            draft: draft(
              'info',
              'confirmation_reminder',
              'Please confirm your job card',
              `A job card for ${jobType} signed by ${who.mentor} is waiting for you to confirm or dispute it.`,
              signOffLink(d.signatureId ?? ''),
            ),
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: SIGNOFF_NOTIFICATIONS_REACTOR,
    handles: ['SignatureDisputed', 'DisputeResolved', 'ReminderSent'],
    async react(event, key) {
      const planned = plannedFor(event, await plan(event)).map(({ recipientId, draft: d }, i) => ({
        recipientId,
        draft: { ...d, notificationId: `s${event.position}-${i}`, sourcePosition: event.position },
      }));
      // A reminder reports the moment it fell due, not the moment the ticker got to it.
      const due = event.type === 'ReminderSent' ? (event.data as { dueAt: string }).dueAt : event.time;
      await deliver(store, event, key, planned, due);
    },
  };
}
