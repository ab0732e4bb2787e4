import type { Projection } from '../projection';

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
  [k: string]: unknown;
}

const ACTIONS: Record<string, AccountHistoryAction> = {
  AccountLocked: 'locked',
  AccountUnlocked: 'unlocked',
  AccountVetted: 'vetted',
  AccountUnvetted: 'unvetted',
};

export const accountHistoryProjection: Projection = {
  name: 'account-history',
  collections: { [ACCOUNT_HISTORY]: ['account_id', 'position', 'account_id+position'], [ADMIN_SIGNINS]: ['position', 'account_id'] },
  handles: [...Object.keys(ACTIONS), 'AdminSignInAttempted'],
  apply(e, ctx) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'AdminSignInAttempted') {
      ctx.put(ADMIN_SIGNINS, {
        id: e.eventId,
        at: e.time,
        email: d.email,
        account_id: d.accountId ?? null,
        outcome: d.outcome,
        source_address: d.sourceAddress,
        user_agent: d.userAgent ?? null,
        position: e.position,
        _audience: [],
      });
      return;
    }
    const doc: AccountHistoryDoc = {
      id: e.eventId,
      account_id: d.accountId as string,
      action: ACTIONS[e.type],
      at: e.time,
      actor_id: e.actorId,
      reason: (d.reason as string | null) ?? null,
      position: e.position,
      _audience: [],
    };
    ctx.put(ACCOUNT_HISTORY, doc);
  },
};
