import { z } from 'zod';
import { defineEvent } from '../define';
import { jobTypeSchema } from '@panda/contracts/training';
import { ratesSchema } from '@panda/contracts/payouts';

/**
 * Mentor payouts and self-billing (docs/rules.md#mentor-payouts). Streams:
 * - `payout-rates`: every rates version (RatesSet);
 * - `payee-numbers`: the one counter of payee numbers (PayeeNumberAssigned, the n-th is `M` and n in 5 digits);
 * - `payouts-<mentorId>`: the mentor's ledger (earnings, reversals, 'no rate'), invoices and their
 *   disputes, and the VAT number and sealed bank details; an invoice's number comes from this stream;
 * - `payout-run-<period start>`: the one payout run of a period.
 * Money is integer pence. Nothing is edited: a correction is a new entry.
 */
export const RATES_STREAM = 'payout-rates';
export const PAYEE_NUMBERS_STREAM = 'payee-numbers';
export const payoutStream = (mentorId: string) => `payouts-${mentorId}`;
export const payoutRunStream = (periodStart: string) => `payout-run-${periodStart}`;

/** An admin set the rates (pence before VAT) in force from `effectiveFrom` (YYYY-MM-DD) on. */
export const RatesSet = defineEvent(
  'RatesSet',
  z.object({ ratesId: z.string(), effectiveFrom: z.string(), rates: ratesSchema, adminId: z.string() }),
);

/** A mentor's payee number, given from the one counter when their first earning is recorded. */
export const PayeeNumberAssigned = defineEvent(
  'PayeeNumberAssigned',
  z.object({ mentorId: z.string(), payeeNumber: z.string().regex(/^M\d{5}$/) }),
);

const entryBase = {
  entryId: z.string(),
  mentorId: z.string(),
  signatureId: z.string(),
  jobId: z.string(),
  studentId: z.string(),
  jobType: jobTypeSchema,
  /** The card's work date (the date on the mentor's signature), YYYY-MM-DD. */
  workDate: z.string(),
  /** When the entry counts from: the confirmation's (or resolution's) time, or when the 7 days ran out. */
  recordedAt: z.string(),
};

/** Why a sign-off earns: the trainee confirmed it, 7 days passed without a dispute, or its dispute was rejected. */
export const earningTriggerSchema = z.enum(['confirmed', 'unanswered', 'dispute_rejected']);
export type EarningTrigger = z.infer<typeof earningTriggerSchema>;

/** A sign-off earned the rate in force on its work date. */
export const EarningRecorded = defineEvent(
  'EarningRecorded',
  z.object({
    ...entryBase,
    amountPence: z.number().int().min(0),
    /** The rates version it was priced by. */
    ratesId: z.string(),
    trigger: earningTriggerSchema,
  }),
);
/** A sign-off that would have earned, but no rate was in force on its work date: it never earns. */
export const EarningWithheld = defineEvent(
  'EarningWithheld',
  z.object({ ...entryBase, reason: z.literal('no_rate'), trigger: earningTriggerSchema }),
);
/** An upheld dispute reversed an earning: a negative entry for the next invoice. */
export const EarningReversed = defineEvent(
  'EarningReversed',
  z.object({ ...entryBase, amountPence: z.number().int().max(0), reversesEntryId: z.string() }),
);

export const invoiceLineSchema = z.object({
  entryId: z.string(),
  signatureId: z.string(),
  jobType: jobTypeSchema,
  kind: z.enum(['earning', 'reversal']),
  workDate: z.string(),
  amountPence: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * A self-billed invoice for one mentor and period; `sequence` is the n of `SB-{payee}-{n}`. Its lines
 * are the mentor's ledger entries named in `entryIds` (one line per entry, in that order), which the
 * log holds already (EarningRecorded, EarningReversed): the read side joins them. Invoices recorded
 * before `entryIds` carry their lines in full (`lines`) and still read so; a new one never does
 * (docs/architecture.md#event-versions).
 */
export const InvoiceIssued = defineEvent(
  'InvoiceIssued',
  z
    .object({
      invoiceId: z.string(),
      mentorId: z.string(),
      payeeNumber: z.string(),
      sequence: z.number().int().min(1),
      number: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      issuedAt: z.string(),
      entryIds: z.array(z.string()).min(1).optional(),
      /** Only in invoices recorded before `entryIds`. */
      lines: z.array(invoiceLineSchema).min(1).optional(),
      netPence: z.number().int(),
      vatPence: z.number().int(),
      grossPence: z.number().int(),
      /** The mentor's VAT number when VAT was added, else null. */
      vatNumber: z.string().nullable(),
      mentorName: z.string(),
      businessName: z.string().nullable(),
      businessPostcode: z.string().nullable(),
      /** When the mentor agreed to the terms: the self-billing agreement's date. */
      selfBillingAgreedAt: z.string().nullable(),
    })
    .refine((d) => (d.entryIds === undefined) !== (d.lines === undefined), {
      message: 'An invoice names its entries (entryIds) or, recorded before them, carries its lines',
    }),
);

/** The ids of an invoice's entries, in line order, whichever shape it was recorded in. */
export const invoiceEntryIds = (d: { entryIds?: string[]; lines?: { entryId: string }[] }): string[] =>
  d.entryIds ?? (d.lines ?? []).map((l) => l.entryId);
/** The mentor disputed an invoice (within 7 days, once). */
export const InvoiceDisputed = defineEvent(
  'InvoiceDisputed',
  z.object({ invoiceId: z.string(), mentorId: z.string(), reason: z.string().min(1) }),
);

/** The credit note an upheld invoice dispute issues: its own number `CN-{payee number}-{n}`, n consecutive per mentor. */
export const creditNoteSchema = z.object({
  creditNoteId: z.string(),
  sequence: z.number().int().min(1),
  number: z.string(),
  issuedAt: z.string(),
  netPence: z.number().int().min(1),
  vatPence: z.number().int().min(0),
  grossPence: z.number().int().min(1),
  /**
   * The invoice was paid before the credit note: its gross comes off the mentor's next payouts instead
   * (docs/rules.md#invoice-disputes). Absent (notes before this field, and every note of an unpaid
   * invoice): it comes off the invoice's own payment.
   */
  takenOffNextPayout: z.literal(true).optional(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/**
 * An admin resolved an invoice's dispute: rejected (the invoice stands) or upheld with a credit note
 * for what the invoice overstated. Either way the invoice is payable again, less the credit note.
 */
export const InvoiceDisputeResolved = defineEvent(
  'InvoiceDisputeResolved',
  z.object({
    invoiceId: z.string(),
    mentorId: z.string(),
    adminId: z.string(),
    outcome: z.enum(['upheld', 'rejected']),
    reason: z.string().min(1),
    creditNote: creditNoteSchema.nullable(),
  }),
);

/**
 * The mentor's VAT number and bank details. The bank details are sealed (platform/src/sealed.ts,
 * bound to `bank:<mentorId>`); only the last two digits of each number are kept in the clear.
 */
export const PayoutDetailsSaved = defineEvent(
  'PayoutDetailsSaved',
  z.object({
    mentorId: z.string(),
    vatNumber: z.string().nullable(),
    bankSealed: z.string(),
    sortCodeLast2: z.string().regex(/^\d{2}$/),
    accountNumberLast2: z.string().regex(/^\d{2}$/),
  }),
);

/** Part of a credit note taken off a payment (a note of an invoice paid before it, docs/rules.md#invoice-disputes). */
export const creditAppliedSchema = z.object({
  creditNoteId: z.string(),
  number: z.string(),
  pence: z.number().int().min(1),
});
export type CreditApplied = z.infer<typeof creditAppliedSchema>;

/**
 * An admin paid a period's undisputed invoices (the bank CSV), and any earlier one left unpaid while
 * disputed; each listed invoice is paid `grossPence`: its gross less its own credit note, if any, less
 * the `credits` taken off it (absent when none was), never below 0.
 */
export const PayoutRunMade = defineEvent(
  'PayoutRunMade',
  z.object({
    runId: z.string(),
    periodStart: z.string(),
    adminId: z.string(),
    invoices: z.array(
      z.object({
        invoiceId: z.string(),
        mentorId: z.string(),
        number: z.string(),
        grossPence: z.number().int().min(0),
        credits: z.array(creditAppliedSchema).min(1).optional(),
      }),
    ),
    totalPence: z.number().int(),
  }),
);

export const payoutEvents = [
  RatesSet,
  PayeeNumberAssigned,
  EarningRecorded,
  EarningWithheld,
  EarningReversed,
  InvoiceIssued,
  InvoiceDisputed,
  InvoiceDisputeResolved,
  PayoutDetailsSaved,
  PayoutRunMade,
] as const;
