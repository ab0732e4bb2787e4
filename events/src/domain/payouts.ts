import type { JobType } from '@panda/contracts/training';
import { JOB_TYPE_CATALOGUE } from '@panda/contracts/job-types';
import type { Rates } from '@panda/contracts/payouts';

/**
 * The money rules of mentor payouts (docs/rules.md#mentor-payouts, docs/rules.md#vat-rounding),
 * pure and shared by the deciders, the reactor and the read side. Integer pence throughout.
 */

const DAY_MS = 86_400_000;
/** Periods are 14 days long, from Monday 5 January 2026 (UTC). */
export const PERIOD_ORIGIN = '2026-01-05';
export const PERIOD_DAYS = 14;
/** A mentor may dispute an invoice for 7 days after it was issued; a sign-off earns 7 days after it was signed. */
export const INVOICE_DISPUTE_DAYS = 7;
export const EARNING_WAIT_DAYS = 7;
export const VAT_RATE_PERCENT = 20;

const dayOf = (iso: string) => Math.floor(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / DAY_MS);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const ORIGIN_DAY = dayOf(PERIOD_ORIGIN);

export interface Period {
  /** First day, YYYY-MM-DD. */
  start: string;
  /** The day after the last: the period ends at its midnight (UTC), YYYY-MM-DD. */
  end: string;
}

/** The period an instant (or a date) falls in. */
export function periodOf(iso: string): Period {
  const n = Math.floor((dayOf(iso) - ORIGIN_DAY) / PERIOD_DAYS);
  const start = ORIGIN_DAY + n * PERIOD_DAYS;
  return { start: dateOfDay(start), end: dateOfDay(start + PERIOD_DAYS) };
}

/** The period starting on `start`, or null when no period starts that day. */
export function periodStartingOn(start: string): Period | null {
  const day = dayOf(start);
  if (Number.isNaN(day) || (day - ORIGIN_DAY) % PERIOD_DAYS !== 0) return null;
  return { start, end: dateOfDay(day + PERIOD_DAYS) };
}

/** Every period that has ended by `nowIso` and began on or after `fromIso`'s period, oldest first. */
export function endedPeriods(fromIso: string, nowIso: string): Period[] {
  const out: Period[] = [];
  const nowDay = dayOf(nowIso);
  for (let p = periodOf(fromIso < PERIOD_ORIGIN ? PERIOD_ORIGIN : fromIso); dayOf(p.end) <= nowDay;) {
    out.push(p);
    p = periodStartingOn(p.end) as Period;
  }
  return out;
}

/** A card's work date: the date on the mentor's signature, or the day it was recorded when that is not a date. */
export const workDateOf = (signatureDate: string | null | undefined, recordedAt: string) =>
  signatureDate && /^\d{4}-\d{2}-\d{2}$/.test(signatureDate) && !Number.isNaN(Date.parse(signatureDate))
    ? signatureDate
    : recordedAt.slice(0, 10);

/** The instant `days` days after `iso`. */
export const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** One rates version, as the rates stream holds it. */
export interface RatesVersion {
  ratesId: string;
  effectiveFrom: string;
  rates: Rates;
}

/**
 * The rate in force for a job type on a work date: the version with the latest `effectiveFrom` on
 * or before the date (of two with the same date, the one set later). Null when none is in force.
 */
export function rateOn(
  history: readonly RatesVersion[],
  jobType: JobType,
  workDate: string,
): { ratesId: string; pence: number } | null {
  let best: RatesVersion | null = null;
  for (const v of history)
    if (v.effectiveFrom <= workDate && (!best || v.effectiveFrom >= best.effectiveFrom)) best = v;
  if (!best) return null;
  return { ratesId: best.ratesId, pence: best.rates[JOB_TYPE_CATALOGUE[jobType].key] };
}

/**
 * VAT on an invoice (docs/rules.md#vat-rounding): 20% of the invoice's net total, worked out once
 * for the whole invoice and rounded to the nearest penny (a half penny up). Zero without VAT.
 */
export function vatOf(netPence: number, vatApplies: boolean): number {
  if (!vatApplies) return 0;
  if (!Number.isInteger(netPence)) throw new Error('net must be whole pence');
  const tenths = netPence * VAT_RATE_PERCENT; // VAT in hundredths of a penny
  const sign = tenths < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(tenths) + 50) / 100);
}

/** Net, VAT and gross of an invoice's lines. */
export function invoiceTotals(amounts: readonly number[], vatApplies: boolean) {
  const netPence = amounts.reduce((s, a) => s + a, 0);
  const vatPence = vatOf(netPence, vatApplies);
  return { netPence, vatPence, grossPence: netPence + vatPence };
}

/** The n-th payee number: `M` and 5 digits. */
export const payeeNumberOf = (n: number) => `M${String(n).padStart(5, '0')}`;
/** A self-billed invoice's number: `SB-{payee number}-{n}`, n consecutive per mentor from 1. */
export const invoiceNumberOf = (payeeNumber: string, n: number) => `SB-${payeeNumber}-${n}`;

/** A credit note's number: `CN-{payee number}-{n}`, n consecutive per mentor from 1. */
export const creditNoteNumberOf = (payeeNumber: string, n: number) => `CN-${payeeNumber}-${n}`;

/** Pence as pounds with two decimals (no currency sign): 123456 -> "1234.56". */
export const poundsOf = (pence: number) => {
  const sign = pence < 0 ? '-' : '';
  const a = Math.abs(pence);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
