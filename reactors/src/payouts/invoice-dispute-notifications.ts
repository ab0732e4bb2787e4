import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import type { EventOf } from '@panda/events/define';
import type { InvoiceDisputeResolved, InvoiceDisputed } from '@panda/events/catalogue/payouts';
import { poundsOf } from '@panda/events/domain/payouts';
import type { ReadStore } from '@panda/projections/read-store';
import { accounts } from '@panda/projections/read-models/accounts';
import { loadLedger } from '@panda/command-service/payouts/service';
import type { Reactor } from '../shared/reactor';
import { displayName, loadAccountState } from '../shared/facts';
import { deliver, plannedFor, systemNotice, type NoticeDraft } from '../notifications/recipients';

export const INVOICE_DISPUTE_NOTIFICATIONS_REACTOR = 'invoice-dispute-notifications';

type Draft = NoticeDraft;
export const ADMIN_PAYOUTS = '/panda-admin-dashboard?tab=payouts';
const EARNINGS = '/dashboard?view=earnings';

const draft = (type: Draft['type'], kind: Draft['kind'], title: string, message: string, link: string) =>
  systemNotice(type, kind, title, message, link, true);

/** What an invoice dispute's events tell whom, given the facts the reactor loads (pure). */
export function invoiceDisputeNotices(
  e:
    | { type: 'InvoiceDisputed'; data: EventOf<typeof InvoiceDisputed>['data'] }
    | { type: 'InvoiceDisputeResolved'; data: EventOf<typeof InvoiceDisputeResolved>['data'] },
  facts: { number: string; mentorName: string; admins: string[] },
): { recipientId: string; draft: Draft }[] {
  if (e.type === 'InvoiceDisputed')
    return facts.admins.map((id) => ({
      recipientId: id,
      draft: draft(
        'warning',
        'invoice_disputed',
        `Invoice ${facts.number} disputed`,
        `${facts.mentorName} disputed invoice ${facts.number}: "${e.data.reason}". Resolve it in Payouts.`,
        ADMIN_PAYOUTS,
      ),
    }));
  const note = e.data.creditNote;
  return [
    {
      recipientId: e.data.mentorId,
      draft: note
        ? draft(
            'success',
            'invoice_dispute_resolved',
            `Dispute of invoice ${facts.number} upheld`,
            `Your dispute of invoice ${facts.number} was upheld: credit note ${note.number} for £${poundsOf(note.grossPence)}${note.takenOffNextPayout ? ', taken off your next payout as the invoice was paid' : ''}. Reason: ${e.data.reason}`,
            EARNINGS,
          )
        : draft(
            'info',
            'invoice_dispute_resolved',
            `Dispute of invoice ${facts.number} rejected`,
            `Your dispute of invoice ${facts.number} was rejected: the invoice stands. Reason: ${e.data.reason}`,
            EARNINGS,
          ),
    },
  ];
}

/**
 * Notifications of invoice disputes (docs/rules.md#invoice-disputes): a dispute raised tells the
 * admins (unlocked, from the accounts read model, the one list without a stream of its own); its
 * resolution tells the mentor. Facts (the invoice's number, the mentor's name) come from the write
 * side; appended with the reaction key as command id, so running an event again appends nothing.
 */
export function invoiceDisputeNotificationsReactor(store: EventStore, readStore: ReadStore): Reactor {
  return {
    name: INVOICE_DISPUTE_NOTIFICATIONS_REACTOR,
    handles: ['InvoiceDisputed', 'InvoiceDisputeResolved'],
    async react(event: RecordedEvent, key: string) {
      const d = event.data as { invoiceId: string; mentorId: string };
      const [ledger, mentor] = await Promise.all([
        loadLedger({ store }, d.mentorId),
        loadAccountState(store, d.mentorId),
      ]);
      const admins =
        event.type === 'InvoiceDisputed'
          ? (await readStore.find(accounts, { role: 'admin', locked: false })).map((a) => a.id)
          : [];
      const notices = invoiceDisputeNotices(event as Parameters<typeof invoiceDisputeNotices>[0], {
        number: ledger.invoices[d.invoiceId]?.number ?? d.invoiceId,
        mentorName: displayName(mentor),
        admins,
      });
      const planned = plannedFor(event, notices).map(({ recipientId, draft: n }, i) => ({
        recipientId,
        draft: { ...n, notificationId: `i${event.position}-${i}`, sourcePosition: event.position },
      }));
      await deliver(store, event, key, planned);
    },
  };
}
