import type { EventOf } from '@panda/events/define';
import { invoiceEntryIds } from '@panda/events/catalogue/payouts';
import type {
  CreditApplied,
  EarningRecorded,
  EarningReversed,
  EarningTrigger,
  EarningWithheld,
  InvoiceDisputeResolved,
  InvoiceDisputed,
  InvoiceIssued,
  InvoiceLine,
  PayeeNumberAssigned,
  PayoutDetailsSaved,
  PayoutRunMade,
  RatesSet,
} from '@panda/events/catalogue/payouts';
import type { JobType } from '@panda/contracts/training';
import type { Rates } from '@panda/contracts/payouts';
import {
  INVOICE_DISPUTE_DAYS,
  addDays,
  creditNoteNumberOf,
  invoiceNumberOf,
  invoiceTotals,
  payeeNumberOf,
  rateOn,
  type Period,
  type RatesVersion,
} from '@panda/events/domain/payouts';
import { badRequest, conflict, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';

/**
 * The deciders of mentor payouts (docs/rules.md#mentor-payouts), each over its own stream:
 * the rates (`payout-rates`), the payee-number counter (`payee-numbers`), a mentor's ledger and
 * invoices (`payouts-<mentorId>`) and a period's payout run (`payout-run-<period>`).
 */

// ---------------------------------------------------------------------------------------------
// Rates

export type RatesEvent = EventOf<typeof RatesSet>;
export interface RatesState {
  versions: RatesVersion[];
}
export type RatesCommand = { type: 'SetRates'; ratesId: string; effectiveFrom: string; rates: Rates; adminId: string };

export const ratesDecider: Decider<RatesCommand, RatesState, RatesEvent> = {
  initialState: () => ({ versions: [] }),
  evolve: (s, e) =>
    e.type === 'RatesSet'
      ? {
          versions: [
            ...s.versions,
            { ratesId: e.data.ratesId, effectiveFrom: e.data.effectiveFrom, rates: e.data.rates },
          ],
        }
      : s,
  decide: (c) => [
    {
      type: 'RatesSet',
      data: { ratesId: c.ratesId, effectiveFrom: c.effectiveFrom, rates: c.rates, adminId: c.adminId },
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Payee numbers: one counter for every mentor

export type PayeeEvent = EventOf<typeof PayeeNumberAssigned>;
export interface PayeeState {
  byMentor: Record<string, string>;
  count: number;
}
export type PayeeCommand = { type: 'AssignPayeeNumber'; mentorId: string };

export const payeeDecider: Decider<PayeeCommand, PayeeState, PayeeEvent> = {
  initialState: () => ({ byMentor: {}, count: 0 }),
  evolve: (s, e) =>
    e.type === 'PayeeNumberAssigned'
      ? { byMentor: { ...s.byMentor, [e.data.mentorId]: e.data.payeeNumber }, count: s.count + 1 }
      : s,
  decide: (c, s) =>
    s.byMentor[c.mentorId]
      ? []
      : [{ type: 'PayeeNumberAssigned', data: { mentorId: c.mentorId, payeeNumber: payeeNumberOf(s.count + 1) } }],
};

// ---------------------------------------------------------------------------------------------
// A mentor's ledger and invoices

export type LedgerEvent =
  | EventOf<typeof EarningRecorded>
  | EventOf<typeof EarningWithheld>
  | EventOf<typeof EarningReversed>
  | EventOf<typeof InvoiceIssued>
  | EventOf<typeof InvoiceDisputed>
  | EventOf<typeof InvoiceDisputeResolved>
  | EventOf<typeof PayoutDetailsSaved>;

/** The sign-off facts an entry records (from the student's stream). */
export interface SignOffFacts {
  mentorId: string;
  signatureId: string;
  jobId: string;
  studentId: string;
  jobType: JobType;
  workDate: string;
}

type Decided = SignOffFacts & {
  outcome: 'earned' | 'withheld';
  entryId: string;
  amountPence: number;
  reversed: boolean;
};
export type OpenLine = InvoiceLine & { recordedAt: string };

export interface LedgerInvoice {
  number: string;
  sequence: number;
  payeeNumber: string;
  periodStart: string;
  issuedAt: string;
  /** Disputed once (a second dispute is refused). */
  disputed: boolean;
  /** The dispute was resolved: the invoice is payable again. */
  resolved: boolean;
  netPence: number;
  vatApplies: boolean;
  grossPence: number;
  /**
   * The gross of its credit note (0 without one, and 0 when the note came after the invoice was paid:
   * that one is in `carriedCredits`): what a payout run pays is `grossPence` less this.
   */
  creditGrossPence: number;
}

/** A credit note of an invoice paid before it: its gross comes off the mentor's next payouts. */
export interface CarriedCredit {
  creditNoteId: string;
  number: string;
  invoiceId: string;
  grossPence: number;
}

/** What is left of a credit note to come off a payout. */
export interface CreditDue {
  creditNoteId: string;
  mentorId: string;
  number: string;
  pence: number;
}

/**
 * The credit notes of a mentor's paid invoices still to come off their payouts, oldest first: each
 * note's gross less what runs took off already (`applied`, pence by credit note id, over every run).
 */
export function creditsDue(
  mentorId: string,
  s: Pick<LedgerState, 'carriedCredits'>,
  applied: ReadonlyMap<string, number>,
): CreditDue[] {
  return s.carriedCredits
    .map((c) => ({
      creditNoteId: c.creditNoteId,
      mentorId,
      number: c.number,
      pence: c.grossPence - (applied.get(c.creditNoteId) ?? 0),
    }))
    .filter((c) => c.pence > 0);
}

/**
 * What a payout run for the period starting `periodStart` pays of a mentor's invoices
 * (docs/rules.md#invoice-disputes): those of that period or an earlier one, not under a dispute
 * still open, not paid by an earlier run, each its gross less its credit note (nothing when credited in full).
 */
export function payableInvoices(
  mentorId: string,
  s: Pick<LedgerState, 'invoices'>,
  periodStart: string,
  paid: ReadonlySet<string>,
): { invoiceId: string; mentorId: string; number: string; grossPence: number }[] {
  return Object.entries(s.invoices)
    .filter(([id, inv]) => inv.periodStart <= periodStart && (!inv.disputed || inv.resolved) && !paid.has(id))
    .map(([invoiceId, inv]) => ({
      invoiceId,
      mentorId,
      number: inv.number,
      grossPence: inv.grossPence - inv.creditGrossPence,
    }))
    .filter((i) => i.grossPence > 0);
}

export interface LedgerState {
  /**
   * What each sign-off came to, once decided (an earning or 'no rate'), in the order decided. A list,
   * not an object keyed by signature: a copy of the state (foldLedger) copies it as one block, where
   * copying an object of many keys was most of the invoice run's time (docs/benchmarks.md#payouts);
   * a command looks its sign-off up once.
   */
  signOffs: Decided[];
  /** Entries not yet on an invoice, oldest first. */
  open: OpenLine[];
  invoices: Record<string, LedgerInvoice>;
  invoicedPeriods: string[];
  /** Invoices issued so far: the next is this plus one. */
  sequence: number;
  /** Credit notes issued so far: the next is this plus one. */
  creditSequence: number;
  /** Credit notes of invoices paid before them, oldest first (see creditsDue for what is left of each). */
  carriedCredits: CarriedCredit[];
  details: { vatNumber: string | null; bankSealed: string; sortCodeLast2: string; accountNumberLast2: string } | null;
}

export type LedgerCommand =
  | (SignOffFacts & {
      type: 'Earn';
      entryId: string;
      trigger: EarningTrigger;
      at: string;
      /** The rates versions recorded before the event that earns. */
      rates: readonly RatesVersion[];
    })
  | { type: 'Reverse'; entryId: string; signatureId: string; at: string }
  | {
      type: 'IssueInvoice';
      invoiceId: string;
      mentorId: string;
      period: Period;
      issuedAt: string;
      payeeNumber: string;
      /** The mentor's profile says VAT registered. VAT is added only with a VAT number too. */
      vatRegistered: boolean;
      mentorName: string;
      businessName: string | null;
      businessPostcode: string | null;
      selfBillingAgreedAt: string | null;
    }
  | {
      type: 'DisputeInvoice';
      invoiceId: string;
      mentorId: string;
      reason: string;
      at: string;
    }
  | {
      type: 'ResolveInvoiceDispute';
      invoiceId: string;
      mentorId: string;
      adminId: string;
      outcome: 'upheld' | 'rejected';
      /** Upheld: what the invoice overstated, net of VAT, in pence (1 to the invoice's net). */
      creditNetPence: number | null;
      reason: string;
      creditNoteId: string;
      at: string;
      /** A payout run has paid the invoice already (from the runs' streams): a credit note comes off the next payouts. */
      paid?: boolean;
    }
  | {
      type: 'SavePayoutDetails';
      mentorId: string;
      vatNumber: string | null;
      bankSealed: string;
      sortCodeLast2: string;
      accountNumberLast2: string;
    };

export const INVOICE_DISPUTED_TWICE = 'This invoice has already been disputed';
export const INVOICE_NOT_DISPUTED = 'This invoice has no dispute to resolve';
export const INVOICE_DISPUTE_ALREADY_RESOLVED = "This invoice's dispute has already been resolved";
export const CREDIT_TOO_LARGE = 'The credit must be at least 1p and no more than the invoice’s net';
export const INVOICE_DISPUTE_TOO_LATE = `An invoice can be disputed only within ${INVOICE_DISPUTE_DAYS} days of its issue`;

const facts = (d: SignOffFacts): SignOffFacts => ({
  mentorId: d.mentorId,
  signatureId: d.signatureId,
  jobId: d.jobId,
  studentId: d.studentId,
  jobType: d.jobType,
  workDate: d.workDate,
});

/** VAT is added for a VAT-registered mentor with a VAT number on record. */
export const vatNumberFor = (s: LedgerState, vatRegistered: boolean) =>
  vatRegistered && s.details?.vatNumber ? s.details.vatNumber : null;

/**
 * The ledger's state after `events`: one copy of `s` (never changed itself), then each event applied
 * to that copy in place. A mentor's stream is folded once per command process, but its 30 or so entries
 * a fortnight each copied the lists grown so far when folded one event at a time: in the fortnight's
 * invoice run that fold and its garbage were nearly half the time (docs/benchmarks.md#payouts). Folding
 * a run of events into one copy makes it one pass.
 */
function foldLedger(s: LedgerState, events: readonly LedgerEvent[]): LedgerState {
  const d: LedgerState = {
    ...s,
    signOffs: [...s.signOffs],
    open: [...s.open],
    invoices: { ...s.invoices },
    invoicedPeriods: [...s.invoicedPeriods],
    carriedCredits: [...s.carriedCredits],
  };
  for (const e of events) applyToCopy(d, e);
  return d;
}

/** Applies one event to a copy of the state that nothing else holds yet (foldLedger). */
function applyToCopy(s: LedgerState, e: LedgerEvent): void {
  switch (e.type) {
    case 'EarningRecorded': {
      const d = e.data;
      s.signOffs.push({
        ...facts(d),
        outcome: 'earned',
        entryId: d.entryId,
        amountPence: d.amountPence,
        reversed: false,
      });
      s.open.push({
        entryId: d.entryId,
        signatureId: d.signatureId,
        jobType: d.jobType,
        kind: 'earning',
        workDate: d.workDate,
        amountPence: d.amountPence,
        recordedAt: d.recordedAt,
      });
      return;
    }
    case 'EarningWithheld': {
      const d = e.data;
      s.signOffs.push({ ...facts(d), outcome: 'withheld', entryId: d.entryId, amountPence: 0, reversed: false });
      return;
    }
    case 'EarningReversed': {
      const d = e.data;
      const at = s.signOffs.findIndex((x) => x.signatureId === d.signatureId);
      if (at >= 0) s.signOffs[at] = { ...s.signOffs[at], reversed: true };
      s.open.push({
        entryId: d.entryId,
        signatureId: d.signatureId,
        jobType: d.jobType,
        kind: 'reversal',
        workDate: d.workDate,
        amountPence: d.amountPence,
        recordedAt: d.recordedAt,
      });
      return;
    }
    case 'InvoiceIssued': {
      const d = e.data;
      const onIt = new Set(invoiceEntryIds(d));
      s.open = s.open.filter((l) => !onIt.has(l.entryId));
      s.invoices[d.invoiceId] = {
        number: d.number,
        sequence: d.sequence,
        payeeNumber: d.payeeNumber,
        periodStart: d.periodStart,
        issuedAt: d.issuedAt,
        disputed: false,
        resolved: false,
        netPence: d.netPence,
        vatApplies: d.vatNumber !== null,
        grossPence: d.grossPence,
        creditGrossPence: 0,
      };
      s.invoicedPeriods.push(d.periodStart);
      s.sequence = Math.max(s.sequence, d.sequence);
      return;
    }
    case 'InvoiceDisputed': {
      const inv = s.invoices[e.data.invoiceId];
      if (inv) s.invoices[e.data.invoiceId] = { ...inv, disputed: true };
      return;
    }
    case 'InvoiceDisputeResolved': {
      const inv = s.invoices[e.data.invoiceId];
      if (!inv) return;
      const credit = e.data.creditNote;
      const carried = credit?.takenOffNextPayout === true;
      s.invoices[e.data.invoiceId] = {
        ...inv,
        resolved: true,
        creditGrossPence: credit && !carried ? credit.grossPence : 0,
      };
      if (credit) s.creditSequence = Math.max(s.creditSequence, credit.sequence);
      if (carried)
        s.carriedCredits.push({
          creditNoteId: credit.creditNoteId,
          number: credit.number,
          invoiceId: e.data.invoiceId,
          grossPence: credit.grossPence,
        });
      return;
    }
    case 'PayoutDetailsSaved': {
      const { vatNumber, bankSealed, sortCodeLast2, accountNumberLast2 } = e.data;
      s.details = { vatNumber, bankSealed, sortCodeLast2, accountNumberLast2 };
      return;
    }
  }
}

export const ledgerDecider: Decider<LedgerCommand, LedgerState, LedgerEvent> = {
  initialState: () => ({
    signOffs: [],
    open: [],
    invoices: {},
    invoicedPeriods: [],
    sequence: 0,
    creditSequence: 0,
    carriedCredits: [],
    details: null,
  }),
  evolve: (s, e) => foldLedger(s, [e]),
  fold: (s, events) => foldLedger(s, events),
  decide: (c, s) => {
    switch (c.type) {
      case 'Earn': {
        // A sign-off is decided once: a later rate never prices one already decided.
        if (s.signOffs.some((x) => x.signatureId === c.signatureId)) return [];
        const base = { ...facts(c), entryId: c.entryId, recordedAt: c.at, trigger: c.trigger };
        const rate = rateOn(c.rates, c.jobType, c.workDate);
        if (!rate) return [{ type: 'EarningWithheld', data: { ...base, reason: 'no_rate' } }];
        return [{ type: 'EarningRecorded', data: { ...base, amountPence: rate.pence, ratesId: rate.ratesId } }];
      }
      case 'Reverse': {
        const earned = s.signOffs.find((x) => x.signatureId === c.signatureId);
        if (!earned || earned.outcome !== 'earned' || earned.reversed) return [];
        return [
          {
            type: 'EarningReversed',
            data: {
              ...facts(earned),
              entryId: c.entryId,
              recordedAt: c.at,
              amountPence: -earned.amountPence,
              reversesEntryId: earned.entryId,
            },
          },
        ];
      }
      case 'IssueInvoice': {
        if (s.invoicedPeriods.includes(c.period.start)) return [];
        const end = `${c.period.end}T00:00:00.000Z`;
        const lines = s.open.filter((l) => l.recordedAt < end);
        const vatNumber = vatNumberFor(s, c.vatRegistered);
        const totals = invoiceTotals(
          lines.map((l) => l.amountPence),
          vatNumber !== null,
        );
        // Nothing to invoice, or a negative (or nil) period: the balance carries forward.
        if (!lines.length || totals.netPence <= 0) return [];
        const sequence = s.sequence + 1;
        return [
          {
            type: 'InvoiceIssued',
            data: {
              invoiceId: c.invoiceId,
              mentorId: c.mentorId,
              payeeNumber: c.payeeNumber,
              sequence,
              number: invoiceNumberOf(c.payeeNumber, sequence),
              periodStart: c.period.start,
              periodEnd: c.period.end,
              issuedAt: c.issuedAt,
              // The entries are in the log already: the invoice names them (docs/benchmarks.md#payouts).
              entryIds: lines.map((l) => l.entryId),
              ...totals,
              vatNumber,
              mentorName: c.mentorName,
              businessName: c.businessName,
              businessPostcode: c.businessPostcode,
              selfBillingAgreedAt: c.selfBillingAgreedAt,
            },
          },
        ];
      }
      case 'DisputeInvoice': {
        const inv = s.invoices[c.invoiceId];
        if (!inv) throw notFound('Invoice not found');
        if (inv.disputed) throw conflict(INVOICE_DISPUTED_TWICE);
        // Paid or not: a paid invoice's credit note comes off the next payouts (docs/rules.md#invoice-disputes).
        if (c.at > addDays(inv.issuedAt, INVOICE_DISPUTE_DAYS)) throw badRequest(INVOICE_DISPUTE_TOO_LATE);
        return [{ type: 'InvoiceDisputed', data: { invoiceId: c.invoiceId, mentorId: c.mentorId, reason: c.reason } }];
      }
      case 'ResolveInvoiceDispute': {
        // The correction is a credit note of its own, never an edit of the invoice (docs/rules.md#invoice-disputes).
        const inv = s.invoices[c.invoiceId];
        if (!inv) throw notFound('Invoice not found');
        if (!inv.disputed) throw conflict(INVOICE_NOT_DISPUTED);
        if (inv.resolved) throw conflict(INVOICE_DISPUTE_ALREADY_RESOLVED);
        let creditNote = null;
        if (c.outcome === 'upheld') {
          const net = c.creditNetPence ?? 0;
          if (!Number.isInteger(net) || net < 1 || net > inv.netPence) throw badRequest(CREDIT_TOO_LARGE);
          const totals = invoiceTotals([net], inv.vatApplies);
          const sequence = s.creditSequence + 1;
          creditNote = {
            creditNoteId: c.creditNoteId,
            sequence,
            number: creditNoteNumberOf(inv.payeeNumber, sequence),
            issuedAt: c.at,
            // VAT as on an invoice (docs/rules.md#vat-rounding): with net at most the invoice's, so is the gross.
            ...totals,
            // Paid already, it can no longer come off the invoice's payment: it comes off the next ones.
            ...(c.paid ? { takenOffNextPayout: true as const } : {}),
          };
        }
        return [
          {
            type: 'InvoiceDisputeResolved',
            data: {
              invoiceId: c.invoiceId,
              mentorId: c.mentorId,
              adminId: c.adminId,
              outcome: c.outcome,
              reason: c.reason,
              creditNote,
            },
          },
        ];
      }
      case 'SavePayoutDetails': {
        const { mentorId, vatNumber, bankSealed, sortCodeLast2, accountNumberLast2 } = c;
        return [
          { type: 'PayoutDetailsSaved', data: { mentorId, vatNumber, bankSealed, sortCodeLast2, accountNumberLast2 } },
        ];
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------
// A period's payout run

export type RunEvent = EventOf<typeof PayoutRunMade>;
export interface RunState {
  made: boolean;
}
export type RunCommand = {
  type: 'MakePayoutRun';
  runId: string;
  periodStart: string;
  adminId: string;
  /** What each invoice is due (payableInvoices), in the order they are paid. */
  invoices: { invoiceId: string; mentorId: string; number: string; grossPence: number }[];
  /** The mentors' credit notes still to come off their payouts (creditsDue), each mentor's oldest first. */
  credits?: CreditDue[];
};
export type Payment = RunEvent['data']['invoices'][number];

/**
 * Takes credit notes due off the payments (docs/rules.md#invoice-disputes): each payment of a mentor,
 * in order, less as much of that mentor's credits as it holds, oldest credit first. A payment never goes
 * below 0; what a run cannot take off is left for the next run.
 */
export function applyCredits(invoices: RunCommand['invoices'], credits: readonly CreditDue[]): Payment[] {
  const left = new Map<string, CreditDue[]>();
  for (const c of credits) {
    if (!Number.isInteger(c.pence) || c.pence < 1) throw new Error(`credit ${c.number}: ${c.pence}p is not due`);
    const queue = left.get(c.mentorId) ?? [];
    queue.push({ ...c });
    left.set(c.mentorId, queue);
  }
  return invoices.map((i) => {
    const queue = left.get(i.mentorId);
    let pay = i.grossPence;
    const taken: CreditApplied[] = [];
    while (queue?.length && pay > 0) {
      const c = queue[0];
      const pence = Math.min(pay, c.pence);
      taken.push({ creditNoteId: c.creditNoteId, number: c.number, pence });
      pay -= pence;
      c.pence -= pence;
      if (c.pence === 0) queue.shift();
    }
    return taken.length ? { ...i, grossPence: pay, credits: taken } : i;
  });
}

export const PERIOD_ALREADY_PAID = 'This period has already been paid';
export const NOTHING_TO_PAY = 'There are no undisputed invoices to pay for this period';

export const runDecider: Decider<RunCommand, RunState, RunEvent> = {
  initialState: () => ({ made: false }),
  evolve: (s, e) => (e.type === 'PayoutRunMade' ? { made: true } : s),
  decide: (c, s) => {
    if (s.made) throw conflict(PERIOD_ALREADY_PAID);
    if (!c.invoices.length) throw badRequest(NOTHING_TO_PAY);
    const invoices = applyCredits(c.invoices, c.credits ?? []);
    return [
      {
        type: 'PayoutRunMade',
        data: {
          runId: c.runId,
          periodStart: c.periodStart,
          adminId: c.adminId,
          invoices,
          totalPence: invoices.reduce((t, i) => t + i.grossPence, 0),
        },
      },
    ];
  },
};
