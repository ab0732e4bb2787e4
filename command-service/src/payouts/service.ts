import type { EventStore } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import {
  PAYEE_NUMBERS_STREAM,
  RATES_STREAM,
  payoutRunStream,
  payoutStream,
  type EarningTrigger,
  type PayoutRunMade,
} from '@panda/events/catalogue/payouts';
import {
  PERIOD_ORIGIN,
  endedPeriods,
  poundsOf,
  workDateOf,
  type Period,
  type RatesVersion,
} from '@panda/events/domain/payouts';
import { accountStream } from '@panda/events/catalogue/accounts';
import { signatureIdOf, type JobCardSigned } from '@panda/events/catalogue/training';
import type { EventOf } from '@panda/events/define';
import type { JobType } from '@panda/contracts/training';
import { seal, unseal } from '@panda/platform/sealed';
import { toCsv, type CsvColumn } from '@panda/platform/csv';
import { handle, load } from '../shared/decider';
import { badRequest } from '../shared/domain-errors';
import { loadAccount } from '../accounts/service';
import {
  applyCredits,
  creditsDue,
  ledgerDecider,
  payableInvoices,
  payeeDecider,
  ratesDecider,
  runDecider,
  type CreditDue,
  type LedgerState,
  type SignOffFacts,
} from './decider';

/**
 * Application functions of mentor payouts (docs/rules.md#mentor-payouts), for the command routes
 * and the payouts reactor. Everything is read from the write side (streams), never a read model.
 */

type Store = { store: EventStore };
type JobCardSignedData = EventOf<typeof JobCardSigned>['data'];

/** The rates versions recorded before log position `before` (all of them when null). */
export async function ratesKnownAt(deps: Store, before: number | null): Promise<RatesVersion[]> {
  const events = await deps.store.readStream(RATES_STREAM);
  return events
    .filter((e) => before === null || e.position < before)
    .map((e) => {
      const d = e.data as RatesVersion;
      return { ratesId: d.ratesId, effectiveFrom: d.effectiveFrom, rates: d.rates };
    });
}

export const loadLedger = async (deps: Store, mentorId: string): Promise<LedgerState> =>
  (await load(deps.store, payoutStream(mentorId), ledgerDecider)).state;

/** The mentor's payee number, given from the one counter on first need (idempotent per mentor). */
export async function payeeNumberOf(deps: Store, mentorId: string, meta: AppendMeta): Promise<string> {
  const r = await handle(deps.store, PAYEE_NUMBERS_STREAM, payeeDecider, { type: 'AssignPayeeNumber', mentorId }, meta);
  return r.state.byMentor[mentorId];
}

/** Every mentor with a payee number (so with a ledger), in the order they were given. */
export async function payees(deps: Store): Promise<{ mentorId: string; payeeNumber: string }[]> {
  // Read straight from the stream: folding it through the decider copies the map once per mentor.
  const events = await deps.store.readStream(PAYEE_NUMBERS_STREAM);
  return events
    .filter((e) => e.type === 'PayeeNumberAssigned')
    .map((e) => e.data as { mentorId: string; payeeNumber: string });
}

/**
 * A sign-off earns (or is recorded as 'no rate'), priced by the rates known before `ratesBefore`.
 * The payee number is given with the first earning.
 */
export async function earn(
  deps: Store,
  signOff: SignOffFacts,
  trigger: EarningTrigger,
  at: string,
  ratesBefore: number | null,
  meta: AppendMeta,
) {
  const rates = await ratesKnownAt(deps, ratesBefore);
  const r = await handle(
    deps.store,
    payoutStream(signOff.mentorId),
    ledgerDecider,
    { type: 'Earn', ...signOff, entryId: `earning-${signOff.signatureId}`, trigger, at, rates },
    meta,
  );
  if (r.events.some((e) => e.type === 'EarningRecorded'))
    await payeeNumberOf(deps, signOff.mentorId, { ...meta, commandId: `${meta.commandId}.payee` });
  return r;
}

export const reverse = (deps: Store, mentorId: string, signatureId: string, at: string, meta: AppendMeta) =>
  handle(
    deps.store,
    payoutStream(mentorId),
    ledgerDecider,
    { type: 'Reverse', entryId: `reversal-${signatureId}`, signatureId, at },
    meta,
  );

/** The mentor disputes their own invoice: within 7 days of its issue, once, paid or not. */
export function disputeInvoice(
  deps: Store,
  c: { invoiceId: string; mentorId: string; reason: string; at: string },
  meta: AppendMeta,
) {
  return handle(deps.store, payoutStream(c.mentorId), ledgerDecider, { type: 'DisputeInvoice', ...c }, meta);
}

/** An invoice's id names its period and mentor, so the mentor (whose stream holds it) is known from the id. */
export const invoiceIdOf = (period: Period, mentorId: string) => `${period.start}-${mentorId}`;
export const mentorOfInvoiceId = (invoiceId: string) =>
  /^\d{4}-\d{2}-\d{2}-./.test(invoiceId) ? invoiceId.slice(11) : null;

/**
 * An admin resolves a mentor's invoice dispute (docs/rules.md#invoice-disputes): rejected, or upheld
 * with a credit note of its own number for what the invoice overstated, which comes off the invoice's
 * payment or, the invoice being paid already, off the mentor's next payouts. In turn with the payout
 * runs (see payoutRuns), so a run cannot pay the invoice between the check and the note.
 */
export function resolveInvoiceDispute(
  deps: Store,
  c: {
    invoiceId: string;
    mentorId: string;
    adminId: string;
    outcome: 'upheld' | 'rejected';
    creditNetPence: number | null;
    reason: string;
    creditNoteId: string;
    at: string;
  },
  meta: AppendMeta,
) {
  return inTurn(async () => {
    const paid = (await payoutHistory(deps, c.at)).paid.has(c.invoiceId);
    return handle(
      deps.store,
      payoutStream(c.mentorId),
      ledgerDecider,
      { type: 'ResolveInvoiceDispute', ...c, paid },
      meta,
    );
  });
}

/**
 * The mentor's self-billed invoice for a period, if they have anything to invoice. The invoice id is
 * made from the mentor and period, and the period is invoiced once (the decider), so a repeat after a
 * crash adds nothing; its number is the next of the mentor's own stream, so there is no gap.
 */
export async function issueInvoice(
  deps: Store,
  mentorId: string,
  payeeNumber: string,
  period: Period,
  meta: AppendMeta,
) {
  const account = await loadAccount(deps, mentorId);
  const profile = account.mentorProfile;
  return handle(
    deps.store,
    payoutStream(mentorId),
    ledgerDecider,
    {
      type: 'IssueInvoice',
      invoiceId: invoiceIdOf(period, mentorId),
      mentorId,
      period,
      issuedAt: meta.time,
      payeeNumber,
      vatRegistered: profile?.VAT_Registered ?? false,
      mentorName: `${account.firstName} ${account.lastName}`.trim(),
      businessName: profile?.Business_Name ?? null,
      businessPostcode: profile?.Business_Postcode ?? null,
      selfBillingAgreedAt: account.termsAgreedAt,
    },
    meta,
  );
}

// ---------------------------------------------------------------------------------------------
// Bank details: sealed with the secret that seals temporary passwords (platform/src/sealed.ts)

export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}
const bankBinding = (mentorId: string) => `bank:${mentorId}`;
export const sealBank = (secret: string, mentorId: string, bank: BankDetails) =>
  seal(secret, JSON.stringify(bank), bankBinding(mentorId));
export function unsealBank(secret: string, mentorId: string, sealed: string): BankDetails | null {
  const plain = unseal(secret, sealed, bankBinding(mentorId));
  return plain ? (JSON.parse(plain) as BankDetails) : null;
}

export const setRates = (
  deps: Store,
  c: { ratesId: string; effectiveFrom: string; rates: RatesVersion['rates']; adminId: string },
  meta: AppendMeta,
) => handle(deps.store, RATES_STREAM, ratesDecider, { type: 'SetRates', ...c }, meta);

// ---------------------------------------------------------------------------------------------
// Payout runs

/** An invoice the run pays, with the mentor's bank details. */
interface Payment {
  invoiceId: string;
  mentorId: string;
  number: string;
  grossPence: number;
  bank: BankDetails | null;
  name: string;
}

/** The bank's CSV: every payment has bank details by then (the run is refused without them). */
const PAYOUT_CSV: CsvColumn<Payment>[] = [
  ['payee', (p) => p.bank!.accountName],
  ['sort_code', (p) => p.bank!.sortCode],
  ['account_number', (p) => p.bank!.accountNumber],
  ['amount', (p) => poundsOf(p.grossPence)],
  ['reference', (p) => p.number],
];

/**
 * What every payout run so far has done (a run is made only for a period ended by `now`): the invoices
 * it paid, and the pence of each credit note taken off payments.
 */
export async function payoutHistory(
  deps: Store,
  now: string,
): Promise<{ paid: Set<string>; applied: Map<string, number> }> {
  const paid = new Set<string>();
  const applied = new Map<string, number>();
  for (const p of endedPeriods(PERIOD_ORIGIN, now))
    for (const e of await deps.store.readStream(payoutRunStream(p.start)))
      if (e.type === 'PayoutRunMade')
        for (const i of (e.data as PayoutRunData).invoices) {
          paid.add(i.invoiceId);
          for (const c of i.credits ?? []) applied.set(c.creditNoteId, (applied.get(c.creditNoteId) ?? 0) + c.pence);
        }
  return { paid, applied };
}
type PayoutRunData = EventOf<typeof PayoutRunMade>['data'];

/**
 * Pays a period's undisputed invoices, and any of an earlier period left unpaid while its dispute was
 * open (docs/rules.md#invoice-disputes): one PayoutRunMade on the period's own stream (a second run
 * is refused there), and the bank CSV. Each is paid its gross less its credit note. Every invoice's
 * mentor needs bank details first.
 */
export function makePayoutRun(
  deps: Store & { config: { mailKey: string } },
  period: Period,
  adminId: string,
  runId: string,
  meta: AppendMeta,
) {
  return inTurn(() => makePayoutRunAlone(deps, period, adminId, runId, meta));
}

/**
 * Payout runs, and invoice dispute resolutions, go one at a time in this process: a run reads which
 * invoices and credit notes earlier runs paid and took off, so two runs of different periods made at once
 * could both pay an invoice carried over from an earlier period, or both take off the same credit note
 * (docs/rules.md#invoice-disputes); and a resolution reads whether a run has paid the invoice. Each
 * period's own stream still refuses a second run of that period.
 */
let payoutRuns: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = payoutRuns.then(work);
  payoutRuns = next.catch(() => undefined);
  return next;
}

async function makePayoutRunAlone(
  deps: Store & { config: { mailKey: string } },
  period: Period,
  adminId: string,
  runId: string,
  meta: AppendMeta,
) {
  const rows: Payment[] = [];
  const { paid, applied } = await payoutHistory(deps, meta.time);
  const credits: CreditDue[] = [];
  for (const { mentorId } of await payees(deps)) {
    const ledger = await loadLedger(deps, mentorId);
    const due = payableInvoices(mentorId, ledger, period.start, paid);
    if (!due.length) continue;
    credits.push(...creditsDue(mentorId, ledger, applied));
    const bank = ledger.details ? unsealBank(deps.config.mailKey, mentorId, ledger.details.bankSealed) : null;
    const account = await loadAccount(deps, mentorId);
    for (const i of due) rows.push({ ...i, bank, name: `${account.firstName} ${account.lastName}`.trim() });
  }
  rows.sort((a, b) => a.number.localeCompare(b.number));
  const missing = rows.filter((r) => !r.bank);
  if (missing.length)
    throw badRequest(
      `No bank details for ${missing.map((r) => `${r.number} (${r.name})`).join(', ')}: ask the mentor to add them before paying this period`,
    );
  const result = await handle(
    deps.store,
    payoutRunStream(period.start),
    runDecider,
    {
      type: 'MakePayoutRun',
      runId,
      periodStart: period.start,
      adminId,
      invoices: rows.map(({ invoiceId, mentorId, number, grossPence }) => ({
        invoiceId,
        mentorId,
        number,
        grossPence,
      })),
      credits,
    },
    meta,
  );
  // The bank is paid what the run recorded (credit notes taken off); a payment a credit took to 0 sends nothing.
  const made = result.events.find((e) => e.type === 'PayoutRunMade')?.data.invoices ?? applyCredits(rows, credits);
  const paidPence = new Map(made.map((i) => [i.invoiceId, i.grossPence]));
  const payments = rows
    .map((r) => ({ ...r, grossPence: paidPence.get(r.invoiceId) ?? r.grossPence }))
    .filter((r) => r.grossPence > 0);
  return { ...result, csv: toCsv(PAYOUT_CSV, payments), totalPence: payments.reduce((t, r) => t + r.grossPence, 0) };
}

// ---------------------------------------------------------------------------------------------
// Sign-offs, from the student's stream

export interface SignOffForPay extends SignOffFacts {
  signedAt: string;
  status: 'awaiting_confirmation' | 'confirmed' | 'disputed' | 'revoked';
}

/** A sign-off's facts for pay (job type, work date, mentor) and its state, folded from the student's stream. */
export async function signOffForPay(
  deps: Store,
  studentId: string,
  signatureId: string,
): Promise<SignOffForPay | null> {
  const events = await deps.store.readStream(accountStream(studentId));
  const jobTypes = new Map<string, JobType>();
  let found: SignOffForPay | null = null;
  for (const e of events) {
    if (e.type === 'JobOpened') {
      const d = e.data as { jobId: string; jobType: JobType };
      jobTypes.set(d.jobId, d.jobType);
    } else if (e.type === 'JobCardSigned') {
      const d = e.data as JobCardSignedData;
      if (signatureIdOf(d) !== signatureId) continue;
      const jobType = jobTypes.get(d.jobId);
      if (!jobType) return null;
      found = {
        mentorId: d.mentorId,
        signatureId,
        jobId: d.jobId,
        studentId,
        jobType,
        workDate: workDateOf(d.signature.date, e.time),
        signedAt: d.signedAt ?? e.time,
        status: 'awaiting_confirmation',
      };
    } else if (found && (e.data as { signatureId?: string }).signatureId === signatureId) {
      if (e.type === 'SignatureConfirmed') found.status = 'confirmed';
      else if (e.type === 'SignatureDisputed') found.status = 'disputed';
      else if (e.type === 'SignatureRevoked') found.status = 'revoked';
      else if (e.type === 'DisputeResolved' && (e.data as { outcome: string }).outcome === 'rejected')
        found.status = 'confirmed';
    }
  }
  return found;
}
