import type { JobType } from '@panda/contracts/training';
import type { LedgerEntry, RateVersion } from '@panda/contracts/payouts';
import {
  invoiceEntryIds,
  type CreditApplied,
  type CreditNote,
  type InvoiceLine,
} from '@panda/events/catalogue/payouts';
import { EARNING_WAIT_DAYS, INVOICE_DISPUTE_DAYS, addDays, workDateOf } from '@panda/events/domain/payouts';
import { signatureIdOf } from '@panda/events/catalogue/training';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type Recorded } from '../typed-projection';

/** Mentor payouts: docs/read-models.md#payouts. */
/** Contracts `rateVersion`, and its log position. */
export type PayoutRatesDoc = RateVersion & { position: number; _audience: string[] };
/** Contracts `ledgerEntry`, with its mentor and invoice. */
export type LedgerEntryDoc = LedgerEntry & {
  position: number;
  mentor_id: string;
  invoice_id: string | null;
  _audience: string[];
};
export interface NoRateDoc {
  id: string;
  position: number;
  mentor_id: string;
  job_type: JobType;
  work_date: string;
  at: string;
  _audience: string[];
}
export interface InvoiceDoc {
  id: string;
  position: number;
  number: string;
  mentor_id: string;
  mentor_name: string;
  business_name: string | null;
  business_postcode: string | null;
  self_billing_agreed_at: string | null;
  payee_number: string;
  sequence: number;
  period_start: string;
  period_end: string;
  issued_at: string;
  lines: InvoiceLine[];
  net_pence: number;
  vat_pence: number;
  gross_pence: number;
  vat_number: string | null;
  status: 'issued' | 'disputed' | 'paid';
  dispute_until: string;
  dispute_reason: string | null;
  dispute_outcome?: 'upheld' | 'rejected' | null;
  resolution_reason?: string | null;
  /** The credit note an upheld dispute issued (its own number and PDF). */
  credit_note?: CreditNote | null;
  paid_at: string | null;
  run_id: string | null;
  /** What the run paid (its gross less its own credit note and any `credits_applied`); absent before paid. */
  paid_pence?: number | null;
  /** Credit notes of earlier paid invoices taken off this invoice's payment. */
  credits_applied?: CreditApplied[];
  _audience: string[];
}
export interface PayoutRunDoc {
  id: string;
  position: number;
  period_start: string;
  admin_id: string;
  at: string;
  invoice_ids: string[];
  total_pence: number;
  _audience: string[];
}
export interface PayoutDetailsDoc {
  id: string;
  vat_number: string | null;
  bank_sealed: string;
  sort_code_last2: string;
  account_number_last2: string;
  _audience: string[];
}

/** A sign-off not yet decided for pay: awaiting the trainee (earns at `earn_due_at`) or disputed (no due time). */
export interface PendingEarningDoc {
  id: string;
  mentor_id: string;
  student_id: string;
  job_id: string;
  job_type: JobType | null;
  work_date: string;
  signed_at: string;
  status: 'awaiting_confirmation' | 'disputed';
  earn_due_at: string | null;
  _audience: string[];
}
/** A job's type, for the pending sign-offs. */
export interface PayoutJobDoc {
  id: string;
  job_type: JobType;
}

export const pendingEarnings = collection<PendingEarningDoc>('pending_earnings');
export const payoutJobs = collection<PayoutJobDoc>('payout_jobs');
export const payoutRates = collection<PayoutRatesDoc>('payout_rates');
export const ledgerEntries = collection<LedgerEntryDoc>('ledger_entries');
export const noRateSignOffs = collection<NoRateDoc>('no_rate_sign_offs');
export const invoices = collection<InvoiceDoc>('invoices');
export const payoutRuns = collection<PayoutRunDoc>('payout_runs');
export const payoutDetails = collection<PayoutDetailsDoc>('payout_details');

/** An uninvoiced ledger entry. */
const ledgerEntry = (
  { position, data: d }: Recorded<'EarningRecorded' | 'EarningReversed'>,
  kind: LedgerEntryDoc['kind'],
): LedgerEntryDoc => ({
  id: d.entryId,
  position,
  mentor_id: d.mentorId,
  signature_id: d.signatureId,
  job_type: d.jobType,
  kind,
  amount_pence: d.amountPence,
  work_date: d.workDate,
  at: d.recordedAt,
  invoice_id: null,
  invoice_number: null,
  _audience: [d.mentorId],
});

export const payoutsProjection = defineProjection({
  name: 'payouts',
  collections: {
    payout_rates: ['effective_from'],
    // A mentor's entries newest first (the paged ledger), those awaiting an invoice, and by time.
    ledger_entries: ['mentor_id+position', 'mentor_id+invoice_id', 'invoice_id', 'at'],
    no_rate_sign_offs: ['at'],
    // A mentor's invoices and every invoice newest first (the paged lists), a period's, by issue time.
    invoices: ['mentor_id+position', 'position', 'period_start', 'issued_at', searchIndex('number', 'mentor_name')],
    payout_runs: ['period_start'],
    payout_details: [],
    pending_earnings: ['mentor_id', 'earn_due_at'],
    payout_jobs: [],
  },
  on: {
    JobOpened: ({ data: d }, ctx) => payoutJobs.in(ctx).put({ id: d.jobId, job_type: d.jobType }),
    JobCardSigned: async ({ time, data: d }, ctx) => {
      const job = await payoutJobs.in(ctx).get(d.jobId);
      await pendingEarnings.in(ctx).put({
        id: signatureIdOf(d),
        mentor_id: d.mentorId,
        student_id: d.studentId,
        job_id: d.jobId,
        job_type: job?.job_type ?? null,
        work_date: workDateOf(d.signature.date, time),
        signed_at: time,
        status: 'awaiting_confirmation',
        earn_due_at: addDays(time, EARNING_WAIT_DAYS),
        _audience: [d.mentorId],
      });
    },
    SignatureConfirmed: ({ data: d }, ctx) => pendingEarnings.in(ctx).delete(d.signatureId),
    SignatureDisputed: ({ data: d }, ctx) =>
      pendingEarnings.in(ctx).update(d.signatureId, (doc) => ({ ...doc, status: 'disputed', earn_due_at: null })),
    SignatureRevoked: ({ data: d }, ctx) => pendingEarnings.in(ctx).delete(d.signatureId),
    RatesSet: ({ position, time, data: d }, ctx) =>
      payoutRates.in(ctx).put({
        id: d.ratesId,
        position,
        effective_from: d.effectiveFrom,
        rates: d.rates,
        set_at: time,
        set_by: d.adminId,
        _audience: [],
      }),
    EarningRecorded: async (e, ctx) => {
      await pendingEarnings.in(ctx).delete(e.data.signatureId);
      ledgerEntries.in(ctx).put(ledgerEntry(e, 'earning'));
    },
    EarningReversed: (e, ctx) => ledgerEntries.in(ctx).put(ledgerEntry(e, 'reversal')),
    EarningWithheld: async ({ position, data: d }, ctx) => {
      await pendingEarnings.in(ctx).delete(d.signatureId);
      await noRateSignOffs.in(ctx).put({
        id: d.signatureId,
        position,
        mentor_id: d.mentorId,
        job_type: d.jobType,
        work_date: d.workDate,
        at: d.recordedAt,
        _audience: [],
      });
    },
    InvoiceIssued: async ({ position, data: d }, ctx) => {
      // One line per entry: an invoice names its entries, which are read here (an older one carries its lines).
      const lines: InvoiceLine[] = [];
      for (const entryId of invoiceEntryIds(d)) {
        const entry = await ledgerEntries.in(ctx).update(entryId, (doc) => ({
          ...doc,
          invoice_id: d.invoiceId,
          invoice_number: d.number,
        }));
        if (entry && !d.lines)
          lines.push({
            entryId,
            signatureId: entry.signature_id,
            jobType: entry.job_type,
            kind: entry.kind,
            workDate: entry.work_date,
            amountPence: entry.amount_pence,
          });
      }
      invoices.in(ctx).put({
        id: d.invoiceId,
        position,
        number: d.number,
        mentor_id: d.mentorId,
        mentor_name: d.mentorName,
        business_name: d.businessName,
        business_postcode: d.businessPostcode,
        self_billing_agreed_at: d.selfBillingAgreedAt,
        payee_number: d.payeeNumber,
        sequence: d.sequence,
        period_start: d.periodStart,
        period_end: d.periodEnd,
        issued_at: d.issuedAt,
        lines: d.lines ?? lines,
        net_pence: d.netPence,
        vat_pence: d.vatPence,
        gross_pence: d.grossPence,
        vat_number: d.vatNumber,
        status: 'issued',
        dispute_until: addDays(d.issuedAt, INVOICE_DISPUTE_DAYS),
        dispute_reason: null,
        dispute_outcome: null,
        resolution_reason: null,
        credit_note: null,
        paid_at: null,
        run_id: null,
        paid_pence: null,
        credits_applied: [],
        _audience: [d.mentorId],
      });
    },
    InvoiceDisputed: ({ data: d }, ctx) =>
      invoices.in(ctx).update(d.invoiceId, (doc) => ({ ...doc, status: 'disputed', dispute_reason: d.reason })),
    // Resolved, the invoice is payable again, less its credit note if the dispute was upheld (a paid
    // one stays paid: its credit note comes off the next payouts).
    InvoiceDisputeResolved: ({ data: d }, ctx) =>
      invoices.in(ctx).update(d.invoiceId, (doc) => ({
        ...doc,
        status: doc.paid_at ? 'paid' : 'issued',
        dispute_outcome: d.outcome,
        resolution_reason: d.reason,
        credit_note: d.creditNote,
      })),
    PayoutRunMade: async ({ position, time, data: d }, ctx) => {
      await payoutRuns.in(ctx).put({
        id: d.runId,
        position,
        period_start: d.periodStart,
        admin_id: d.adminId,
        at: time,
        invoice_ids: d.invoices.map((i) => i.invoiceId),
        total_pence: d.totalPence,
        _audience: [],
      });
      for (const i of d.invoices)
        await invoices.in(ctx).update(i.invoiceId, (doc) => ({
          ...doc,
          status: 'paid',
          paid_at: time,
          run_id: d.runId,
          paid_pence: i.grossPence,
          credits_applied: i.credits ?? [],
        }));
    },
    PayoutDetailsSaved: ({ data: d }, ctx) =>
      payoutDetails.in(ctx).put({
        id: d.mentorId,
        vat_number: d.vatNumber,
        bank_sealed: d.bankSealed,
        sort_code_last2: d.sortCodeLast2,
        account_number_last2: d.accountNumberLast2,
        _audience: [d.mentorId],
      }),
  },
});
