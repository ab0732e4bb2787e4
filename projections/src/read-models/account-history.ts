import type { AdminSignInOutcome } from '@panda/events/catalogue/admin';
import type { ProjectionContext } from '../projection';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type Recorded } from '../typed-projection';

/**
 * `account_history`: the compliance timeline of each account's lock and vetting changes, one
 * document per event: what, when, by which account (the event envelope's actor) and why.
 * `admin_signins`: every attempt at the admin portal's sign-in (time, address, outcome).
 * Only admins see either (empty audience: admins are told of every change).
 */
export const ACCOUNT_HISTORY = 'account_history';
export const ADMIN_SIGNINS = 'admin_signins';

export type AccountHistoryAction = 'locked' | 'unlocked' | 'vetted' | 'unvetted';

export interface AccountHistoryDoc {
  id: string;
  account_id: string;
  action: AccountHistoryAction;
  at: string;
  actor_id: string | null;
  reason: string | null;
  position: number;
  _audience: string[];
}

export interface AdminSignInDoc {
  id: string;
  at: string;
  email: string;
  account_id: string | null;
  outcome: AdminSignInOutcome;
  source_address: string;
  user_agent: string | null;
  position: number;
  _audience: string[];
}

export const accountHistory = collection<AccountHistoryDoc>(ACCOUNT_HISTORY);
export const adminSignIns = collection<AdminSignInDoc>(ADMIN_SIGNINS);

type HistoryEvent = Recorded<'AccountLocked' | 'AccountUnlocked' | 'AccountVetted' | 'AccountUnvetted'>;

/** One timeline entry per lock or vetting change. */
const entry = (action: AccountHistoryAction) => (e: HistoryEvent, ctx: ProjectionContext) =>
  accountHistory.in(ctx).put({
    id: e.eventId,
    account_id: e.data.accountId,
    action,
    at: e.time,
    actor_id: e.actorId,
    reason: e.data.reason,
    position: e.position,
    _audience: [],
  });

export const accountHistoryProjection = defineProjection({
  name: 'account-history',
  collections: {
    [ACCOUNT_HISTORY]: ['position', 'account_id+position', searchIndex('action', 'reason')],
    [ADMIN_SIGNINS]: ['position', 'account_id', searchIndex('email', 'source_address', 'outcome', 'user_agent')],
  },
  on: {
    AccountLocked: entry('locked'),
    AccountUnlocked: entry('unlocked'),
    AccountVetted: entry('vetted'),
    AccountUnvetted: entry('unvetted'),
    AdminSignInAttempted: ({ eventId, time, position, data: d }, ctx) =>
      adminSignIns.in(ctx).put({
        id: eventId,
        at: time,
        email: d.email,
        account_id: d.accountId,
        outcome: d.outcome,
        source_address: d.sourceAddress,
        user_agent: d.userAgent,
        position,
        _audience: [],
      }),
  },
});
