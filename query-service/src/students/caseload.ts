import type { CriteriaCardsDoc } from '@panda/projections/read-models/criteria';
import type { StudentDoc } from '@panda/projections/read-models/training';
import type { InvitationView } from '@panda/contracts/training';
import { cardTotals } from './views';

/**
 * The centre's caseload (docs/rules.md#centre-caseload): what each student's row adds to the list,
 * reckoned as of `now` (the server's clock) from the student and their cards.
 */
const DAY = 86_400_000;
export const RECENT_DAYS = 30;
export const PACE_DAYS = 60;
export const UNPLACED_DAYS = 14;

export interface CaseloadFacts {
  last_signed_off_at: string | null;
  cards_last_30_days: number;
  open_disputes: number;
  /** The day the remaining cards would be done at the pace of the last 60 days; null with fewer than 2 cards then. */
  forecast_finish: string | null;
  at_risk: boolean;
}

export function caseloadFacts(
  student: Pick<StudentDoc, 'jobs' | 'Created_At'>,
  cards: Pick<CriteriaCardsDoc, 'cards' | 'unplaced_since'> | null,
  now: Date,
): CaseloadFacts {
  const t = now.getTime();
  const counted = (cards?.cards ?? []).filter((c) => !c.revoked);
  const times = counted.map((c) => Date.parse(c.signed_at)).filter((x) => x <= t);
  const last = times.length ? Math.max(...times) : null;
  const recent = times.filter((x) => x > t - RECENT_DAYS * DAY).length;
  const paced = times.filter((x) => x > t - PACE_DAYS * DAY).length;
  const open = counted.filter((c) => c.disputed).length;
  const totals = cardTotals(student);
  const remaining = Math.max(0, totals.cards_required - totals.cards_signed);
  const forecast =
    paced < 2 ? null : new Date(t + Math.ceil((remaining * PACE_DAYS) / paced) * DAY).toISOString().slice(0, 10);
  // A student is measured from their registration: one registered last week has not gone 30 days without a card.
  const quietSince = last ?? Date.parse(student.Created_At);
  const unplacedSince = cards?.unplaced_since ? Date.parse(cards.unplaced_since) : null;
  const atRisk =
    quietSince <= t - RECENT_DAYS * DAY ||
    open > 0 ||
    (unplacedSince !== null && unplacedSince <= t - UNPLACED_DAYS * DAY);
  return {
    last_signed_off_at: last === null ? null : new Date(last).toISOString(),
    cards_last_30_days: recent,
    open_disputes: open,
    forecast_finish: forecast,
    at_risk: atRisk,
  };
}

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
