import type { AdminMentor } from '@panda/contracts/admin';
import type { ProjectionContext } from '../projection';
import { signedUpName, takeChanges } from './names';
import { businessText } from './placements';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type EventWith, type Recorded, type PlacementEvent } from '../typed-projection';

/** The admin Mentors table: docs/read-models.md#admin-mentor-rows. */

export type AdminMentorRowDoc = AdminMentor;

type PlacementStatus = 'pending' | 'active' | 'completed' | 'cancelled';
interface MentorPlacementDoc {
  id: string;
  mentor_id: string;
  status: PlacementStatus;
}

export const adminMentorRows = collection<AdminMentorRowDoc>('admin_mentor_rows');
const mentorPlacements = collection<MentorPlacementDoc>('admin_mentor_row_placements');

/** What a placement in `status` adds to its mentor's row. */
const counted = (status: PlacementStatus | undefined) => ({
  active: status === 'active' ? 1 : 0,
  pending: status === 'pending' ? 1 : 0,
});

/** Moves a mentor's counts by a placement leaving `from` (none: it is new) for `to`. */
async function recount(
  ctx: ProjectionContext,
  mentorId: string,
  from: PlacementStatus | undefined,
  to?: PlacementStatus,
) {
  const [a, b] = [counted(from), counted(to)];
  if (a.active === b.active && a.pending === b.pending) return;
  await adminMentorRows.in(ctx).update(mentorId, (row) => {
    row.student_count += b.active - a.active;
    row.pending_requests += b.pending - a.pending;
    row.Matched = row.student_count > 0;
  });
}

/** A placement event left its placement in `status`: its mentor's counts (docs/read-models.md#admin-mentor-rows). */
async function placementChanged(ctx: ProjectionContext, e: Recorded<PlacementEvent>, status: PlacementStatus) {
  const before = await mentorPlacements.in(ctx).get(e.data.placementId);
  const proposed = e.type === 'PlacementProposed';
  if (!before && !proposed) return;
  const now: MentorPlacementDoc = {
    id: e.data.placementId,
    mentor_id: before && !proposed ? before.mentor_id : e.data.mentorId,
    status,
  };
  mentorPlacements.in(ctx).put(now);
  if (before && before.mentor_id !== now.mentor_id) {
    await recount(ctx, before.mentor_id, before.status);
    await recount(ctx, now.mentor_id, undefined, now.status);
  } else await recount(ctx, now.mentor_id, before?.status, now.status);
}

/** An account change: the mentor's row, when the account is a mentor's. */
const change =
  (evolve: (row: AdminMentorRowDoc) => void) =>
  (e: Recorded<EventWith<{ accountId: string }>>, ctx: ProjectionContext) =>
    adminMentorRows.in(ctx).update(e.data.accountId, evolve);

export const adminMentorRowsProjection = defineProjection({
  name: 'admin-mentor-rows',
  collections: {
    [adminMentorRows.name]: [
      // The table's sorts (newest first by default), each also under the locked and the vetted filter.
      'Created_At',
      'Email',
      'account_locked+Created_At',
      'account_locked+Name',
      'account_locked+Email',
      'vetted+Created_At',
      'vetted+Name',
      'vetted+Email',
      // The sort by name, and covers `?q=` (name or e-mail).
      'Name+Email',
      searchIndex('Name', 'Email'),
    ],
    [mentorPlacements.name]: [],
  },
  on: {
    AccountSignedUp: ({ time, data: d }, ctx) => {
      if (d.role !== 'mentor') return;
      adminMentorRows.in(ctx).put({
        id: d.accountId,
        First_Name: d.firstName,
        Last_Name: d.lastName,
        Email: d.email,
        Name: signedUpName(d).Name,
        Created_At: time,
        account_locked: false,
        vetted: false,
        Business_Name: null,
        Business_Postcode: null,
        profile_complete: false,
        student_count: 0,
        pending_requests: 0,
        Matched: false,
      });
    },
    AccountLocked: change((row) => void (row.account_locked = true)),
    AccountUnlocked: change((row) => void (row.account_locked = false)),
    AccountVetted: change((row) => void (row.vetted = true)),
    AccountUnvetted: change((row) => void (row.vetted = false)),
    // Profile Settings: `changes` holds only the fields that changed. A row is written again only when a field
    // it shows changed (not for a phone number or a postcode).
    ProfileChanged: async ({ data: { accountId, changes } }, ctx) => {
      const row = await adminMentorRows.in(ctx).get(accountId);
      if (!row) return;
      const before = { ...row };
      takeChanges(row, changes);
      if ((['First_Name', 'Last_Name', 'Name', 'Email'] as const).every((k) => before[k] === row[k])) return;
      adminMentorRows.in(ctx).put(row);
    },
    // The business profile as last saved; complete once the profile form succeeded (spec section 4).
    MentorProfileSaved: ({ data: { accountId, profile } }, ctx) =>
      adminMentorRows.in(ctx).update(accountId, (row) => {
        row.Business_Name = businessText(profile.Business_Name);
        row.Business_Postcode = businessText(profile.Business_Postcode);
        row.profile_complete = Boolean(
          row.Business_Name && row.Business_Postcode && businessText(profile.Gas_Safe_Registration_Number),
        );
      }),
    PlacementProposed: (e, ctx) => placementChanged(ctx, e, 'pending'),
    PlacementAccepted: (e, ctx) => placementChanged(ctx, e, 'active'),
    PlacementDeclined: (e, ctx) => placementChanged(ctx, e, 'cancelled'),
    PlacementEnded: (e, ctx) => placementChanged(ctx, e, e.data.status),
  },
});
