import { z } from 'zod';
import { commandResultSchema, defineRoutes } from './route-contract';
import { isCalendarDate, multiLineText, singleLineText } from './fields';
import { JOB_TYPES, JOB_TYPE_CATALOGUE } from './job-types';

/**
 * Mentor payouts and self-billing (docs/rules.md#mentor-payouts): rates, the mentor's ledger,
 * self-billed invoices, their disputes, payout runs, and the mentor's VAT and bank details.
 * Money is integer pence everywhere.
 */

/** The rate keys of a rates request, one per job type (`Boiler_Installs`, ...). */
export const RATE_KEYS = JOB_TYPES.map((t) => JOB_TYPE_CATALOGUE[t].key) as [
  'Boiler_Installs',
  'Boiler_Service',
  'Pipework',
  'Repair',
];
export type RateKey = (typeof RATE_KEYS)[number];

export const RATE_MESSAGE = 'A rate must be a whole number of pence, zero or more';
const pence = z.number({ error: RATE_MESSAGE }).int(RATE_MESSAGE).min(0, RATE_MESSAGE).max(100_000_000, RATE_MESSAGE);

export const ratesSchema = z.strictObject(
  {
    Boiler_Installs: pence,
    Boiler_Service: pence,
    Pipework: pence,
    Repair: pence,
  },
  { error: 'Please give a rate for every job type' },
);
export type Rates = z.infer<typeof ratesSchema>;

export const EFFECTIVE_FROM_MESSAGE = 'Please enter the date the rates take effect (YYYY-MM-DD)';

/** `PUT /api/admin/rates`: pence before VAT per job type, in force from `effective_from`. */
export const setRatesRequest = z.object({
  effective_from: z.string({ error: EFFECTIVE_FROM_MESSAGE }).trim().refine(isCalendarDate, EFFECTIVE_FROM_MESSAGE),
  rates: ratesSchema,
});
export type SetRatesRequest = z.input<typeof setRatesRequest>;

export const rateVersion = z.strictObject({
  id: z.string(),
  effective_from: z.string(),
  rates: ratesSchema,
  set_at: z.string(),
  set_by: z.string(),
});
export type RateVersion = z.infer<typeof rateVersion>;

/** A confirmed sign-off that earned nothing because no rate was in force on its work date. */
export const noRateEntry = z.strictObject({
  signature_id: z.string(),
  mentor_id: z.string(),
  mentor_name: z.string(),
  job_type: z.enum(JOB_TYPES),
  work_date: z.string(),
  at: z.string(),
});

/** `GET /api/admin/rates`: every version, the latest effective date first, and the sign-offs with no rate. */
export const ratesResponse = z.strictObject({
  history: z.array(rateVersion),
  no_rate: z.array(noRateEntry),
});
export type RatesResponse = z.infer<typeof ratesResponse>;
export const setRatesResponse = commandResultSchema.extend({ message: z.string(), id: z.string() });

// ---------------------------------------------------------------------------------------------
// VAT number and bank details

/**
 * A UK VAT number: GB and 9 digits, or 12 (a branch's 3 digits after the 9). The 9 digits pass
 * HMRC's modulus check: weights 8..2 on the first 7 digits, plus the last two as a number; the
 * total is 0 modulo 97 (the older series) or 42 modulo 97 (the "mod 9755" series issued since 2010,
 * whose total with 55 added is 0 modulo 97). Spaces are ignored.
 */
export function isValidVatNumber(value: string): boolean {
  const v = value.replace(/\s+/g, '').toUpperCase();
  const m = /^GB(\d{9})(\d{3})?$/.exec(v);
  if (!m) return false;
  const d = m[1].split('').map(Number);
  const total = d.slice(0, 7).reduce((s, digit, i) => s + digit * (8 - i), 0) + d[7] * 10 + d[8];
  return total % 97 === 0 || (total + 55) % 97 === 0;
}
export const normaliseVatNumber = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export const VAT_NUMBER_MESSAGE = 'Please enter a valid UK VAT number (GB and 9 or 12 digits)';
export const SORT_CODE_MESSAGE = 'Sort code must be 6 digits';
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 8 digits';
export const ACCOUNT_NAME_MESSAGE = 'Please enter the name on the bank account';

const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** `PUT /api/mentor/payout-details`: the VAT number (empty: none) and the bank account payouts go to. */
export const payoutDetailsRequest = z.object({
  VAT_Number: singleLineText(VAT_NUMBER_MESSAGE)
    .trim()
    .max(20, VAT_NUMBER_MESSAGE)
    .nullish()
    .transform((v) => (v ? normaliseVatNumber(v) : null))
    .refine((v) => v === null || isValidVatNumber(v), VAT_NUMBER_MESSAGE),
  Bank_Account_Name: singleLineText(ACCOUNT_NAME_MESSAGE)
    .trim()
    .min(1, ACCOUNT_NAME_MESSAGE)
    .max(70, 'Must be at most 70 characters'),
  Sort_Code: singleLineText(SORT_CODE_MESSAGE)
    .transform(digitsOnly)
    .refine((v) => /^\d{6}$/.test(v), SORT_CODE_MESSAGE),
  Account_Number: singleLineText(ACCOUNT_NUMBER_MESSAGE)
    .transform(digitsOnly)
    .refine((v) => /^\d{8}$/.test(v), ACCOUNT_NUMBER_MESSAGE),
});
export type PayoutDetailsRequest = z.input<typeof payoutDetailsRequest>;

/** Masked: every digit but the last two hidden (docs/rules.md#mentor-payouts). */
export const maskDigits = (digits: string) => `${'•'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;

/** `GET /api/mentor/payout-details`: bank numbers masked; every view is recorded as an audit read. */
export const payoutDetailsResponse = z.strictObject({
  VAT_Registered: z.boolean(),
  VAT_Number: z.string().nullable(),
  Bank_Account_Name: z.string().nullable(),
  Sort_Code: z.string().nullable(),
  Account_Number: z.string().nullable(),
  /** When the mentor agreed to the terms (the self-billing agreement), null before the profile. */
  self_billing_agreed_at: z.string().nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsResponse>;
export const payoutDetailsSaved = commandResultSchema.extend({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Ledger and invoices

export const ENTRY_KINDS = ['earning', 'reversal'] as const;
export const ledgerEntry = z.strictObject({
  id: z.string(),
  signature_id: z.string(),
  job_type: z.enum(JOB_TYPES),
  kind: z.enum(ENTRY_KINDS),
  amount_pence: z.number().int(),
  work_date: z.string(),
  at: z.string(),
  /** The invoice the entry is a line of, null while it waits for one. */
  invoice_number: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerResponse = z.array(ledgerEntry);

/** `GET /api/mentor/earnings`: the current period so far (entries not yet invoiced) and what awaits the trainee. */
export const earningsSummary = z.strictObject({
  period_start: z.string(),
  period_end: z.string(),
  /** The sum of the entries waiting for an invoice (a negative balance carried forward included), net of VAT. */
  uninvoiced_pence: z.number().int(),
  pending: z.array(
    z.strictObject({
      signature_id: z.string(),
      job_type: z.enum(JOB_TYPES).nullable(),
      work_date: z.string(),
      signed_at: z.string(),
      status: z.enum(['awaiting_confirmation', 'disputed']),
      /** When it earns if the trainee does not answer; null while disputed. */
      earns_at: z.string().nullable(),
    }),
  ),
});
export type EarningsSummary = z.infer<typeof earningsSummary>;

export const invoiceLine = z.strictObject({
  entry_id: z.string(),
  signature_id: z.string(),
  job_type: z.enum(JOB_TYPES),
  kind: z.enum(ENTRY_KINDS),
  work_date: z.string(),
  amount_pence: z.number().int(),
});
export const INVOICE_STATUSES = ['issued', 'disputed', 'paid'] as const;
/** The credit note an upheld invoice dispute issued: its own number and PDF. */
export const creditNoteView = z.strictObject({
  number: z.string(),
  issued_at: z.string(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  gross_pence: z.number().int(),
  /** The invoice was paid before the credit note: it comes off the mentor's next payouts, not this invoice's. */
  taken_off_next_payout: z.boolean(),
});
export type CreditNoteView = z.infer<typeof creditNoteView>;
export const invoiceView = z.strictObject({
  id: z.string(),
  number: z.string(),
  mentor_id: z.string(),
  mentor_name: z.string(),
  payee_number: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  issued_at: z.string(),
  lines: z.array(invoiceLine),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  gross_pence: z.number().int(),
  vat_number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  dispute_until: z.string(),
  dispute_reason: z.string().nullable(),
  /** How an admin resolved the dispute, null while none is resolved. */
  dispute_outcome: z.enum(['upheld', 'rejected']).nullable(),
  resolution_reason: z.string().nullable(),
  credit_note: creditNoteView.nullable(),
  /**
   * What a payout run pays for it: the gross less its own credit note; once paid, what the run paid
   * (less `credits_applied` too).
   */
  payable_pence: z.number().int(),
  /** Credit notes of earlier paid invoices taken off this invoice's payment. */
  credits_applied: z.array(z.strictObject({ number: z.string(), pence: z.number().int() })),
  paid_at: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;
export const invoiceListResponse = z.array(invoiceView);

export const DISPUTE_REASON_MESSAGE = 'Please say what is wrong with the invoice';
export const invoiceDisputeRequest = z.object({
  reason: multiLineText(DISPUTE_REASON_MESSAGE).trim().min(1, DISPUTE_REASON_MESSAGE).max(2000),
});
export const invoiceDisputeResponse = commandResultSchema.extend({ message: z.string(), id: z.string() });

export const RESOLUTION_REASON_MESSAGE = 'Please say why';
export const CREDIT_MESSAGE = 'Please enter the credit in pence, net of VAT (a whole number, 1 or more)';
/**
 * `POST /api/admin/invoices/:id/resolve-dispute`: rejected (the invoice stands) or upheld with a
 * credit note for `credit_pence`, what the invoice overstated net of VAT (docs/rules.md#invoice-disputes).
 */
export const invoiceDisputeResolution = z
  .object({
    outcome: z.enum(['upheld', 'rejected'], { error: 'Please choose upheld or rejected' }),
    credit_pence: z.number({ error: CREDIT_MESSAGE }).int(CREDIT_MESSAGE).min(1, CREDIT_MESSAGE).nullish(),
    reason: multiLineText(RESOLUTION_REASON_MESSAGE).trim().min(1, RESOLUTION_REASON_MESSAGE).max(2000),
  })
  .refine((v) => v.outcome === 'rejected' || typeof v.credit_pence === 'number', {
    path: ['credit_pence'],
    message: CREDIT_MESSAGE,
  });
export type InvoiceDisputeResolution = z.input<typeof invoiceDisputeResolution>;
export const invoiceDisputeResolved = commandResultSchema.extend({
  message: z.string(),
  id: z.string(),
  credit_note_number: z.string().nullable(),
});

/** A period is named by its first day, a Monday 14n days after Monday 5 January 2026. */
export const PERIOD_MESSAGE = 'Please choose a period by its first day (YYYY-MM-DD)';
export const payoutRunRequest = z.object({
  period: z.string({ error: PERIOD_MESSAGE }).trim().refine(isCalendarDate, PERIOD_MESSAGE),
});

export const PAYOUT_ROUTES = '/api/admin/payout-runs';

export const payoutsRoutes = defineRoutes([
  { method: 'PUT', path: '/api/admin/rates', body: setRatesRequest, responses: { 200: setRatesResponse } },
  { method: 'GET', path: '/api/admin/rates', responses: { 200: ratesResponse } },
  {
    method: 'PUT',
    path: '/api/mentor/payout-details',
    body: payoutDetailsRequest,
    responses: { 200: payoutDetailsSaved },
  },
  { method: 'GET', path: '/api/mentor/payout-details', responses: { 200: payoutDetailsResponse } },
  { method: 'GET', path: '/api/mentor/ledger', responses: { 200: ledgerResponse } },
  { method: 'GET', path: '/api/mentor/earnings', responses: { 200: earningsSummary } },
  { method: 'GET', path: '/api/mentor/invoices', responses: { 200: invoiceListResponse } },
  { method: 'GET', path: '/api/mentor/invoices/:id.pdf', responses: { 200: { contentType: 'application/pdf' } } },
  {
    method: 'POST',
    path: '/api/mentor/invoices/:id/dispute',
    body: invoiceDisputeRequest,
    responses: { 200: invoiceDisputeResponse },
  },
  {
    method: 'GET',
    path: '/api/mentor/invoices/:id/credit-note.pdf',
    responses: { 200: { contentType: 'application/pdf' } },
  },
  { method: 'GET', path: '/api/admin/invoices', responses: { 200: invoiceListResponse } },
  { method: 'GET', path: '/api/admin/invoices/:id.pdf', responses: { 200: { contentType: 'application/pdf' } } },
  {
    method: 'GET',
    path: '/api/admin/invoices/:id/credit-note.pdf',
    responses: { 200: { contentType: 'application/pdf' } },
  },
  {
    method: 'POST',
    path: '/api/admin/invoices/:id/resolve-dispute',
    body: invoiceDisputeResolution,
    responses: { 200: invoiceDisputeResolved },
  },
  { method: 'POST', path: PAYOUT_ROUTES, body: payoutRunRequest, responses: { 201: { contentType: /^text\/csv/ } } },
]);
