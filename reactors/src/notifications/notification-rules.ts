import type { RecordedEvent } from '@panda/events/envelope';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import { signatureIdOf } from '@panda/events/catalogue/training';
import { JOB_TYPES, REQUIREMENT_KEY, jobTypeName, type JobType } from '@panda/contracts/training';
import { signOffLink } from '../training/signoff-notifications';
import { plannedFor, systemNotice, type NoticeDraft } from './recipients';
import type { EventsOf } from '@panda/events/define';
import { trainingEvents } from '@panda/events/catalogue/training';
import { accountEvents } from '@panda/events/catalogue/accounts';
import { notificationEvents } from '@panda/events/catalogue/notifications';
import { supportEvents } from '@panda/events/catalogue/support';
import { chatEvents } from '@panda/events/catalogue/chat';
import { payoutEvents } from '@panda/events/catalogue/payouts';
import { poundsOf } from '@panda/events/domain/payouts';
import type { NotificationDraft } from '@panda/command-service/notifications/decider';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A calendar day (YYYY-MM-DD) as the screens show dates: "9 Nov 2026". */
export const dayText = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
};

/**
 * Which notifications an event makes, for whom (docs/rules.md#notifications-from-events). Pure: the reactor loads the facts
 * (names, the student's centre, a job's type) from the write side and passes them in. Adding a
 * notification type is one entry in `RULES` (chat and support add theirs the same way).
 */
export interface Facts {
  /** Display name of each account the event names (student, mentor, centre). */
  names: Record<string, string>;
  /** The student's training centre, when the event is about a student (null: independent). */
  centreId: string | null;
  /** Job type of the job a JobCardSigned is about. */
  jobType: JobType | null;
  /** Role of the account a vetting event is about. */
  role: string | null;
}

export interface Planned {
  recipientId: string;
  draft: NoticeDraft;
}

type Handled =
  | EventsOf<typeof trainingEvents>
  | EventsOf<typeof accountEvents>
  | EventsOf<typeof notificationEvents>
  | EventsOf<typeof supportEvents>
  | EventsOf<typeof chatEvents>
  | EventsOf<typeof payoutEvents>;
type Rule<T extends Handled['type']> = (
  data: Extract<Handled, { type: T }>['data'],
  facts: Facts,
  event: RecordedEvent,
) => Planned[];

const overview = '/dashboard?view=overview';
const jobs = '/dashboard?view=jobs';
const studentDetail = (studentId: string) => `/dashboard?view=student-detail&id=${encodeURIComponent(studentId)}`;
const name = (facts: Facts, id: string | null | undefined) => (id && facts.names[id]) || 'Someone';

const changes = (before: JobRequirements, after: JobRequirements) =>
  JOB_TYPES.filter((t) => before[REQUIREMENT_KEY[t]] !== after[REQUIREMENT_KEY[t]]).map(
    (t) => `${jobTypeName(t)} ${before[REQUIREMENT_KEY[t]]} → ${after[REQUIREMENT_KEY[t]]}`,
  );

const RULES: { [T in Handled['type']]?: Rule<T> } = {
  PlacementProposed: (d, f) => [
    {
      recipientId: d.mentorId,
      draft: systemNotice(
        'assignment',
        'placement_proposed',
        'New placement request',
        `${name(f, d.studentId)} has been proposed to you as a trainee. Accept or decline the request on your dashboard.`,
        overview,
        true,
      ),
    },
  ],
  PlacementAccepted: (d, f) => [
    {
      recipientId: d.studentId,
      draft: systemNotice(
        'success',
        'placement_accepted',
        'Placement confirmed',
        `${name(f, d.mentorId)} accepted you as their trainee. Your job cards are ready.`,
        jobs,
      ),
    },
    ...(f.centreId
      ? [
          {
            recipientId: f.centreId,
            draft: systemNotice(
              'success',
              'placement_accepted',
              'Student placed',
              `${name(f, d.studentId)} has been placed with ${name(f, d.mentorId)}.`,
              studentDetail(d.studentId),
            ),
          },
        ]
      : []),
  ],
  PlacementDeclined: (d, f) => [
    {
      recipientId: d.studentId,
      draft: systemNotice(
        'warning',
        'placement_declined',
        'Placement declined',
        `${name(f, d.mentorId)} could not take you on. You will be matched with another mentor.`,
        overview,
      ),
    },
    ...(f.centreId
      ? [
          {
            recipientId: f.centreId,
            draft: systemNotice(
              'warning',
              'placement_declined',
              'Placement declined',
              `${name(f, d.mentorId)} declined the placement of ${name(f, d.studentId)}: ${d.reason}`,
              studentDetail(d.studentId),
            ),
          },
        ]
      : []),
  ],
  PlacementEnded: (d, f) => {
    const how = d.status === 'completed' ? 'completed' : 'cancelled';
    const message = `The placement of ${name(f, d.studentId)} with ${name(f, d.mentorId)} was ${how}.`;
    return [
      {
        recipientId: d.studentId,
        draft: systemNotice('info', 'placement_ended', 'Placement ended', message, overview),
      },
      { recipientId: d.mentorId, draft: systemNotice('info', 'placement_ended', 'Placement ended', message, overview) },
      ...(f.centreId
        ? [
            {
              recipientId: f.centreId,
              draft: systemNotice('info', 'placement_ended', 'Placement ended', message, studentDetail(d.studentId)),
            },
          ]
        : []),
    ];
  },
  JobCardSigned: (d, f) => {
    // The one name of the job type on every screen, and dates in the app's one style (docs/rules.md#one-unit-one-name, docs/rules.md#date-style).
    // The mentor signed: nobody hears of their own action (docs/rules.md#no-self-notification).
    const job = f.jobType ? jobTypeName(f.jobType) : 'a job';
    return [
      // The link opens the card with its Confirm / Dispute actions (docs/rules.md#trainee-countersign).
      {
        recipientId: d.studentId,
        draft: systemNotice(
          'success',
          'job_card_signed',
          'Job card signed',
          // The action first and short enough for two lines on a phone (docs/rules.md#notification-text).
          `Please confirm or dispute card ${d.completedCount} of your ${job} cards, signed by ${name(f, d.mentorId)}.`,
          signOffLink(signatureIdOf(d)),
        ),
      },
      ...(f.centreId
        ? [
            {
              recipientId: f.centreId,
              draft: systemNotice(
                'success',
                'job_card_signed',
                'Job card signed',
                `${name(f, d.mentorId)} signed a job card of ${name(f, d.studentId)} for ${job}.`,
                studentDetail(d.studentId),
              ),
            },
          ]
        : []),
    ];
  },
  RequirementsSet: (d, f) => {
    const placed = d.placedWith;
    if (!placed) return [];
    const changed = changes(placed.previousRequirements, d.requirements);
    if (changed.length === 0) return [];
    const message = `${name(f, d.studentId)} changed their training requirements: ${changed.join(', ')}.`;
    return [
      {
        recipientId: placed.mentorId,
        draft: systemNotice('info', 'requirements_changed', 'Training requirements changed', message, jobs),
      },
      ...(f.centreId
        ? [
            {
              recipientId: f.centreId,
              draft: systemNotice(
                'info',
                'requirements_changed',
                'Training requirements changed',
                message,
                studentDetail(d.studentId),
              ),
            },
          ]
        : []),
    ];
  },
  AccountVetted: (d, f) => [
    {
      recipientId: d.accountId,
      draft: systemNotice(
        'success',
        'account_vetted',
        'Your account is vetted',
        f.role === 'training_centre'
          ? 'An admin vetted your account: you can now register students.'
          : 'An admin vetted your account: you can now be matched with trainees.',
        overview,
      ),
    },
  ],
  AccountUnvetted: (d, f) => [
    {
      recipientId: d.accountId,
      draft: systemNotice(
        'warning',
        'account_unvetted',
        'Your account is no longer vetted',
        `An admin withdrew the vetting of your account${d.reason ? ` (${d.reason})` : ''}. ${f.role === 'training_centre' ? 'You cannot register students' : 'You will not be matched with new trainees'} until it is vetted again.`,
        overview,
      ),
    },
  ],
  AnnouncementPublished: (d) =>
    d.recipientIds.map((recipientId) => ({
      recipientId,
      draft: {
        type: 'announcement',
        kind: 'announcement',
        title: d.title,
        message: d.message,
        link: overview,
        senderId: d.senderId,
        fromUser: d.senderName,
        announcementId: d.announcementId,
        priority: d.priority,
        important: false,
      },
    })),
  // Support (docs/rules.md#support-tickets): the owner hears of every answer from support or the AI Assistant, not of their own replies.
  TicketReplied: (d) =>
    d.author === 'owner'
      ? []
      : [
          {
            recipientId: d.ownerId,
            draft: systemNotice(
              'message',
              'ticket_replied',
              d.author === 'assistant' ? 'The AI Assistant answered your ticket' : 'Support replied to your ticket',
              d.message.length > 100 ? `${d.message.slice(0, 97)}...` : d.message,
              `/dashboard?view=support&id=${encodeURIComponent(d.ticketId)}`,
            ),
          },
        ],
  // Payouts (docs/rules.md#mentor-payouts): the mentor hears of each invoice issued to them and each payout made.
  // The period's first day reads as every date on screen does, "9 Nov 2026" (docs/rules.md#one-unit-one-name).
  InvoiceIssued: (d) => [
    {
      recipientId: d.mentorId,
      draft: systemNotice(
        'info',
        'invoice_issued',
        `Invoice ${d.number} issued`,
        `Your self-billing invoice ${d.number} for ${dayText(d.periodStart)} onwards is £${poundsOf(d.grossPence)}. You may dispute it within 7 days.`,
        '/dashboard?view=earnings',
      ),
    },
  ],
  // A payment less credit notes of paid invoices names them; one they took to nothing sends nothing (docs/rules.md#invoice-disputes).
  PayoutRunMade: (d) =>
    d.invoices.map((i) => {
      const less = i.credits?.length
        ? ` (less credit note ${i.credits.map((c) => `${c.number}, £${poundsOf(c.pence)}`).join('; credit note ')})`
        : '';
      return {
        recipientId: i.mentorId,
        draft: systemNotice(
          'success',
          'payout_made',
          'Payout made',
          i.grossPence > 0
            ? `£${poundsOf(i.grossPence)} for invoice ${i.number} has been sent to your bank account${less}.`
            : `Invoice ${i.number} is settled by your credit notes${less}: nothing was sent to your bank account.`,
          '/dashboard?view=earnings',
        ),
      };
    }),
  // Chat: the receiver hears of a message only while they do not have that conversation open (docs/rules.md#notifications-from-events).
  MessageSent: (d, f) =>
    d.receiverInConversation
      ? []
      : [
          {
            recipientId: d.receiverId,
            draft: {
              type: 'message',
              kind: 'message_received',
              title: `New message from ${name(f, d.senderId)}`,
              message:
                d.messageType === 'image'
                  ? `${name(f, d.senderId)} sent you an image${d.text ? `: ${d.text}` : ''}`.slice(0, 100)
                  : d.text.length > 100
                    ? `${d.text.slice(0, 97)}...`
                    : d.text,
              link: `/dashboard?view=chat&id=${encodeURIComponent(d.senderId)}`,
              senderId: d.senderId,
              fromUser: name(f, d.senderId),
              announcementId: null,
              messageId: d.messageId,
              priority: null,
              important: false,
            },
          },
        ],
};

export const NOTIFYING_EVENTS = Object.keys(RULES) as Handled['type'][];

/** The notifications an event makes, one per recipient, each with an id derived from the event's position. */
export function notificationsFor(
  event: RecordedEvent,
  facts: Facts,
): { recipientId: string; draft: NotificationDraft }[] {
  const rule = RULES[event.type as Handled['type']] as Rule<Handled['type']> | undefined;
  if (!rule) return [];
  return plannedFor(event, rule(event.data as never, facts, event)).map((p, i) => ({
    recipientId: p.recipientId,
    draft: { ...p.draft, notificationId: `n${event.position}-${i}`, sourcePosition: event.position },
  }));
}

/** Account ids whose names a rule may mention. */
export function namedAccounts(event: RecordedEvent): string[] {
  const d = event.data as {
    studentId?: string;
    mentorId?: string;
    placedWith?: { mentorId: string };
    senderId?: string;
  };
  return [d.studentId, d.mentorId, d.placedWith?.mentorId, d.senderId].filter(
    (x): x is string => typeof x === 'string',
  );
}
