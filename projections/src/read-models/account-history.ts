import type { HISTORY_ACTIONS, SignInAttempt } from '@panda/contracts/accounts';
import type { ProjectionContext } from '../projection';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type DataOf, type PlacementEvent, type Recorded } from '../typed-projection';

/** docs/read-models.md#account-history */

export type AccountHistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface AccountHistoryDoc {
  id: string;
  account_id: string;
  action: AccountHistoryAction;
  at: string;
  actor_id: string | null;
  reason: string | null;
  position: number;
  /** Placement entries: which placement, between whom, and how it ended (absent on the others). */
  placement_id?: string;
  student_id?: string;
  mentor_id?: string;
  centre_id?: string | null;
  status?: 'completed' | 'cancelled' | null;
  _audience: string[];
}

/** An attempt as the admin portal lists it (contracts `signInAttempt`), and its log position. */
export type AdminSignInDoc = SignInAttempt & { position: number; _audience: string[] };

export const accountHistory = collection<AccountHistoryDoc>('account_history');
export const adminSignIns = collection<AdminSignInDoc>('admin_signins');

type HistoryEvent = Recorded<'AccountLocked' | 'AccountUnlocked' | 'AccountVetted' | 'AccountUnvetted'>;

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

/** One entry per party: student, mentor and centre (named by the proposal only; later events find it there). */
const placementEntry =
  (action: AccountHistoryAction) =>
  async (e: Recorded<PlacementEvent>, ctx: ProjectionContext): Promise<void> => {
    const history = accountHistory.in(ctx);
    // The four events share placementId/studentId/mentorId; each adds its own fields.
    const d = e.data as DataOf<'PlacementAccepted'> &
      Partial<DataOf<'PlacementProposed'> & DataOf<'PlacementDeclined'> & DataOf<'PlacementEnded'>>;
    let centreId: string | null = d.centreId ?? null;
    if (e.type !== 'PlacementProposed') {
      const [proposal] = await history.find({ placement_id: d.placementId, action: 'placement_proposed' });
      centreId = proposal?.centre_id ?? null;
    }
    const reason = d.reason ?? d.notes ?? null;
    const status = d.status ?? null;
    for (const accountId of [d.studentId, d.mentorId, centreId]) {
      if (!accountId) continue;
      history.put({
        id: `${e.eventId}:${accountId}`,
        account_id: accountId,
        action,
        at: e.time,
        actor_id: e.actorId,
        reason,
        position: e.position,
        placement_id: d.placementId,
        student_id: d.studentId,
        mentor_id: d.mentorId,
        centre_id: centreId,
        status,
        _audience: [],
      });
    }
  };

export const accountHistoryProjection = defineProjection({
  name: 'account-history',
  // 2: placements joined the timeline.
  version: 2,
  collections: {
    [accountHistory.name]: ['position', 'account_id+position', 'placement_id', searchIndex('action', 'reason')],
    [adminSignIns.name]: ['position', 'account_id', searchIndex('email', 'source_address', 'outcome', 'user_agent')],
  },
  on: {
    AccountLocked: entry('locked'),
    AccountUnlocked: entry('unlocked'),
    AccountVetted: entry('vetted'),
    AccountUnvetted: entry('unvetted'),
    PlacementProposed: placementEntry('placement_proposed'),
    PlacementAccepted: placementEntry('placement_accepted'),
    PlacementDeclined: placementEntry('placement_declined'),
    PlacementEnded: placementEntry('placement_ended'),
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
