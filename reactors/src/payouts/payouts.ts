import type { EventStore } from '@panda/events/event-store';
import type { AppendMeta, RecordedEvent } from '@panda/events/envelope';
import { EARNING_WAIT_DAYS, PERIOD_ORIGIN, addDays, endedPeriods } from '@panda/events/domain/payouts';
import type { ReadStore } from '@panda/projections/read-store';
import { pendingEarnings } from '@panda/projections/read-models/payouts';
import { earn, issueInvoice, payees, reverse, signOffForPay } from '@panda/command-service/payouts/service';
import type { Logger } from '@panda/platform/logger';
import { REACTOR_DONE, type Reactor } from '../shared/reactor';

export const PAYOUTS_REACTOR = 'payouts';
export const PAYOUT_TICKER = 'payout-ticker';
/** How often the ticker looks for sign-offs whose 7 days have run out and periods that have ended. */
export const PAYOUT_TICK_MS = 60_000;
const DUE_PER_TICK = 1000;
/**
 * Invoices issued together at a period's end (each on its mentor's stream; the store commits them as a
 * group, one flush to disk each). 256 rather than 64: a quarter of the commits and flushes in the
 * fortnight's run (docs/benchmarks.md#payouts), each invoice a few hundred bytes now that it names its entries.
 */
const INVOICES_AT_ONCE = 256;

const metaOf = (key: string, time: string): AppendMeta => ({ time, actorId: null, correlationId: key, commandId: key });

/**
 * Earnings and reversals that follow an event (docs/rules.md#mentor-payouts): a confirmation earns,
 * a dispute's rejection earns, an upheld dispute reverses. Priced by the rates recorded before the
 * event, so a repeat after a crash decides the same; the ledger decides a sign-off once, and the
 * append carries the reaction's key as its command id.
 */
export function payoutsReactor(store: EventStore): Reactor {
  const deps = { store };
  return {
    name: PAYOUTS_REACTOR,
    handles: ['SignatureConfirmed', 'DisputeResolved'],
    async react(e: RecordedEvent, key: string) {
      const d = e.data as { signatureId: string; studentId: string; mentorId: string; outcome?: 'upheld' | 'rejected' };
      const meta = metaOf(key, e.time);
      if (e.type === 'DisputeResolved' && d.outcome === 'upheld') {
        await reverse(deps, d.mentorId, d.signatureId, e.time, meta);
        return;
      }
      const signOff = await signOffForPay(deps, d.studentId, d.signatureId);
      if (!signOff) return;
      await earn(
        deps,
        signOff,
        e.type === 'SignatureConfirmed' ? 'confirmed' : 'dispute_rejected',
        e.time,
        e.position,
        meta,
      );
    },
  };
}

/**
 * What time alone decides (docs/rules.md#mentor-payouts, docs/rules.md#payout-periods), from a ticker
 * with the clock injected: a sign-off unanswered for 7 days earns (as of the moment the 7 days ran
 * out), and at each period's end every mentor with a ledger gets their invoice. A period is marked
 * done in the read store once every mentor's invoice is recorded; until then each tick goes over
 * its mentors again, and a mentor already invoiced for it gets nothing more (the ledger decider; the
 * invoice's command id is made of the period and mentor). A crash between two invoices therefore
 * leaves no invoice missing, none doubled, and, the number coming from the mentor's stream, no gap.
 */
export class PayoutTicker {
  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    private readonly clock: () => Date,
    private readonly logger?: Logger,
  ) {}

  private running: Promise<{ earned: number; invoiced: number }> | null = null;

  /** One tick at a time: a tick asked for while one runs shares it. */
  tick(): Promise<{ earned: number; invoiced: number }> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<{ earned: number; invoiced: number }> {
    const deps = { store: this.store };
    const now = this.clock().toISOString();
    let earned = 0;
    const due = await this.readStore.find(
      pendingEarnings,
      { earn_due_at: { $lte: now } },
      { sort: { earn_due_at: 1 }, limit: DUE_PER_TICK },
    );
    for (const p of due) {
      const signOff = await signOffForPay(deps, p.student_id, p.id);
      if (!signOff || signOff.status !== 'awaiting_confirmation') continue;
      const at = addDays(signOff.signedAt, EARNING_WAIT_DAYS);
      if (at > now) continue;
      const r = await earn(deps, signOff, 'unanswered', at, null, metaOf(`payout-earning:${p.id}`, now));
      if (r.events.length) earned += 1;
    }

    let invoiced = 0;
    for (const period of endedPeriods(PERIOD_ORIGIN, now)) {
      const doneId = `${PAYOUT_TICKER}:${period.start}`;
      if (await this.readStore.get(REACTOR_DONE, doneId)) continue;
      // Mentors' invoices are on streams of their own: a batch at a time, so their appends share commits.
      const all = await payees(deps);
      for (let i = 0; i < all.length; i += INVOICES_AT_ONCE) {
        // Settled, so a failure leaves no append of the batch still in flight when the tick ends.
        const settled = await Promise.allSettled(
          all
            .slice(i, i + INVOICES_AT_ONCE)
            .map(({ mentorId, payeeNumber }) =>
              issueInvoice(
                deps,
                mentorId,
                payeeNumber,
                period,
                metaOf(`payout-invoice:${period.start}:${mentorId}`, now),
              ),
            ),
        );
        const failed = settled.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        const issued = settled.map((r) => (r as PromiseFulfilledResult<{ events: unknown[] }>).value);
        invoiced += issued.filter((r) => r.events.length).length;
      }
      const cp = await this.readStore.checkpoint(PAYOUT_TICKER);
      await this.readStore.commit(PAYOUT_TICKER, cp, cp, [
        { op: 'put', collection: REACTOR_DONE, doc: { id: doneId, reactor: PAYOUT_TICKER, at: now } },
      ]);
    }
    if (earned || invoiced) this.logger?.info({ earned, invoiced }, 'payouts: earnings and invoices recorded');
    return { earned, invoiced };
  }
}
