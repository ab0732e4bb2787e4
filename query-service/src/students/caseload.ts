import { isoTime, type CaseloadKeysDoc } from '@panda/projections/read-models/caseload';
import type { StudentDoc } from '@panda/projections/read-models/training';
import type { InvitationView } from '@panda/contracts/training';

/**
 * The centre's caseload (docs/rules.md#centre-caseload): what each student's row adds to the list,
 * reckoned as of `now` (the server's clock) from the student's caseload keys.
 */
const DAY = 86_400_000;
export const RECENT_DAYS = 30;
export const PACE_DAYS = 60;
export const UNPLACED_DAYS = 14;

/** What the facts are reckoned from: the student's caseload keys (projections' `read-models/caseload.ts`). */
export type CaseloadInputs = Pick<
  CaseloadKeysDoc,
  'Created_At' | 'signed_at' | 'open_disputes' | 'cards_required' | 'cards_signed' | 'unplaced_since'
>;

/** Keys of a student the caseload read model does not hold yet: registered, nothing else known. */
export const noCaseloadKeys = (createdAt: string): CaseloadInputs => ({
  Created_At: isoTime(createdAt),
  signed_at: [],
  open_disputes: 0,
  cards_required: 0,
  cards_signed: 0,
  unplaced_since: null,
});

/**
 * The instants the facts are measured against as of `now`, as ISO strings. The caseload keys hold every
 * time in `toISOString()`'s one form (projections' `read-models/caseload.ts`), so an earlier time is a
 * smaller string and the facts compare strings: parsing the times of 1,000 students and writing their
 * dates back out was most of a sorted caseload's work (docs/benchmarks.md#evidence).
 */
export function caseloadClock(now: Date) {
  const t = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const days = new Map<number, string>();
  return {
    now: iso(t),
    recentSince: iso(t - RECENT_DAYS * DAY),
    paceSince: iso(t - PACE_DAYS * DAY),
    unplacedBy: iso(t - UNPLACED_DAYS * DAY),
    /** The day `n` days after `now` (YYYY-MM-DD); each one worked out once per clock, as many students share it. */
    dayAfter(n: number) {
      let day = days.get(n);
      if (day === undefined) days.set(n, (day = iso(t + n * DAY).slice(0, 10)));
      return day;
    },
  };
}

export function caseloadFacts(keys: CaseloadInputs, clock: ReturnType<typeof caseloadClock>) {
  let last: string | null = null;
  let recent = 0;
  let paced = 0;
  // Oldest first; cards recorded after `now` (a clock set back) do not count yet.
  for (const at of keys.signed_at) {
    if (at > clock.now) break;
    last = at;
    if (at > clock.recentSince) recent += 1;
    if (at > clock.paceSince) paced += 1;
  }
  const remaining = Math.max(0, keys.cards_required - keys.cards_signed);
  const forecast = paced < 2 ? null : clock.dayAfter(Math.ceil((remaining * PACE_DAYS) / paced));
  // A student is measured from their registration: one registered last week has not gone 30 days without a card.
  const quietSince = last ?? keys.Created_At;
  const open = keys.open_disputes;
  const atRisk =
    quietSince <= clock.recentSince ||
    open > 0 ||
    (keys.unplaced_since !== null && keys.unplaced_since <= clock.unplacedBy);
  return {
    last_signed_off_at: last,
    cards_last_30_days: recent,
    open_disputes: open,
    /** The day the remaining cards would be done at the pace of the last 60 days; null with fewer than 2 cards then. */
    forecast_finish: forecast,
    at_risk: atRisk,
  };
}

export type CaseloadFacts = ReturnType<typeof caseloadFacts>;

/**
 * The student's invitation as of `now` (docs/rules.md#centre-caseload). A document written before the
 * invitation was kept says nothing of it: such a student is taken as signed in (nothing to re-send).
 */
export function invitationOf(
  student: Pick<StudentDoc, 'invite_expires_at' | 'invite_accepted_at'>,
  now: Date,
): InvitationView {
  const expires = student.invite_expires_at ?? null;
  if (student.invite_accepted_at || !expires) return { state: 'signed_in', expires_at: null };
  return { state: Date.parse(expires) <= now.getTime() ? 'expired' : 'sent', expires_at: expires };
}

/**
 * The first `n` rows in the order of `compare` (what `rows.sort(compare).slice(0, n)` gives), `rows` left as they
 * are: a page needs its own rows in order, not the whole list. `compare` must be a total order (compareBy's is:
 * ties go by id). Kept in order as they come; a row goes in only if it comes before the last kept. On the
 * 1,000-student caseload the full sort was a fifth of the sorted page's own work (docs/benchmarks.md#evidence).
 */
export function firstInOrder<R>(rows: readonly R[], n: number, compare: (a: R, b: R) => number): R[] {
  const first: R[] = [];
  if (n <= 0) return first;
  for (const row of rows) {
    if (first.length === n && compare(row, first[n - 1]) >= 0) continue;
    let lo = 0;
    let hi = first.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(first[mid], row) < 0) lo = mid + 1;
      else hi = mid;
    }
    first.splice(lo, 0, row);
    if (first.length > n) first.pop();
  }
  return first;
}

/** The caseload's own sorts, by the row field each orders on. */
export const CASELOAD_SORTS = {
  last_signed_off: 'last_signed_off_at',
  cards_last_30_days: 'cards_last_30_days',
  open_disputes: 'open_disputes',
  forecast: 'forecast_finish',
  at_risk: 'at_risk',
} as const;

type SortKey = string | number | boolean | null;

/**
 * Orders rows by one field (`dir` 1 ascending, -1 descending), ties by id ascending; a missing value
 * (null) goes last either way, so "no sign-off yet" never tops a list sorted by last sign-off.
 */
export function compareBy<R extends { id: string }>(field: keyof R, dir: 1 | -1) {
  return (a: R, b: R) => compareKeys(a[field] as SortKey, a.id, b[field] as SortKey, b.id, dir);
}

export function compareKeys(av: SortKey, aid: string, bv: SortKey, bid: string, dir: 1 | -1): number {
  if (av !== bv) {
    if (av === null) return 1;
    if (bv === null) return -1;
    return (av < bv ? -1 : 1) * dir;
  }
  return aid < bid ? -1 : aid > bid ? 1 : 0;
}
