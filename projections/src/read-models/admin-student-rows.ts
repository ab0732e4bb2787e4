import type { AdminStudent } from '@panda/contracts/admin';
import type { ProjectionContext } from '../projection';
import { fullName, rename, signedUpName, takeChanges, type KeptName } from './names';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection, type Recorded, type PlacementEvent } from '../typed-projection';

/** The admin Students table: docs/read-models.md#admin-student-rows. */

export type AdminStudentRowDoc = AdminStudent;

interface PartyNameDoc extends KeptName {
  id: string;
}

type PlacementStatus = NonNullable<AdminStudent['placement_status']>;
interface StudentPlacementsDoc {
  id: string;
  placements: { id: string; status: PlacementStatus; mentor_id: string }[];
}

export const adminStudentRows = collection<AdminStudentRowDoc>('admin_student_rows');
const parties = collection<PartyNameDoc>('admin_student_row_parties');
const studentPlacements = collection<StudentPlacementsDoc>('admin_student_row_placements');

/** A placement event left its placement in `status`: the row's summary (docs/read-models.md#admin-student-rows). */
async function placementChanged(ctx: ProjectionContext, e: Recorded<PlacementEvent>, status: PlacementStatus) {
  const { studentId, placementId, mentorId } = e.data;
  const change = { id: placementId, status, mentor_id: mentorId };
  const state = (await studentPlacements.in(ctx).get(studentId)) ?? { id: studentId, placements: [] };
  const known = state.placements.find((p) => p.id === change.id);
  if (!known && e.type !== 'PlacementProposed') return;
  const latest = known ? { ...change, mentor_id: known.mentor_id } : change;
  const others = state.placements.filter((p) => p.id !== latest.id);
  studentPlacements.in(ctx).put({
    id: studentId,
    placements: known ? state.placements.map((p) => (p.id === latest.id ? latest : p)) : [...others, latest],
  });
  const mine = [...others, latest];
  const active = mine.find((p) => p.status === 'active') ?? null;
  const pending = mine.find((p) => p.status === 'pending') ?? null;
  const current = active ?? pending ?? latest;
  const mentor = active ? await parties.in(ctx).get(active.mentor_id) : null;
  await adminStudentRows.in(ctx).update(studentId, (row) => {
    Object.assign(row, {
      Matched: Boolean(active),
      placement_status: current.status,
      placement_id: current.id,
      pending_placement_id: pending?.id ?? null,
      mentor: active?.mentor_id ?? null,
      mentor_name: active ? (mentor?.Name ?? 'Unknown') : null,
    });
  });
}

export const adminStudentRowsProjection = defineProjection({
  name: 'admin-student-rows',
  collections: {
    [adminStudentRows.name]: [
      // The table's sorts (newest first by default), each also under the placed and the locked filter.
      'Created_At',
      'Email',
      'Matched+Created_At',
      'Matched+Name',
      'Matched+Email',
      'account_locked+Created_At',
      'account_locked+Name',
      'account_locked+Email',
      // The sort by name, and covers `?q=` (name or e-mail): its total is counted over this index, not the documents.
      'Name+Email',
      // The rows a centre's or a mentor's new name is shown in.
      'training_centre_id',
      'mentor',
      searchIndex('Name', 'Email'),
    ],
    [parties.name]: [],
    [studentPlacements.name]: [],
  },
  on: {
    AccountSignedUp: ({ data: d }, ctx) => parties.in(ctx).put({ id: d.accountId, ...signedUpName(d) }),
    StudentRegistered: async ({ time, data: d }, ctx) => {
      const centre = d.centreId ? await parties.in(ctx).get(d.centreId) : null;
      adminStudentRows.in(ctx).put({
        id: d.accountId,
        First_Name: d.firstName,
        Last_Name: d.lastName,
        Email: d.email,
        Name: fullName(d.firstName, d.lastName),
        Created_At: time,
        account_locked: false,
        Phone_Number: d.phone,
        Postcode: d.postcode,
        training_centre_id: d.centreId,
        training_centre_name: centre?.Name ?? null,
        account_type: d.centreId ? 'Training Centre' : 'Independent',
        Matched: false,
        placement_status: null,
        placement_id: null,
        pending_placement_id: null,
        mentor: null,
        mentor_name: null,
      });
    },
    AccountLocked: ({ data: d }, ctx) =>
      adminStudentRows.in(ctx).update(d.accountId, (row) => void (row.account_locked = true)),
    AccountUnlocked: ({ data: d }, ctx) =>
      adminStudentRows.in(ctx).update(d.accountId, (row) => void (row.account_locked = false)),
    // Profile Settings: `changes` holds only the fields that changed. A student's row shows their own fields;
    // a centre's or a mentor's new name goes to the rows that show it.
    ProfileChanged: async ({ data: { accountId, changes: c } }, ctx) => {
      const row = await adminStudentRows.in(ctx).get(accountId);
      if (row) {
        takeChanges(row, c);
        adminStudentRows.in(ctx).put(row);
        return;
      }
      const kept = await rename(parties.in(ctx), accountId, c);
      if (!kept?.nameChanged) return;
      const party = kept.name;
      const shown =
        party.role === 'training_centre'
          ? { filter: { training_centre_id: accountId }, set: { training_centre_name: party.Name } }
          : { filter: { mentor: accountId }, set: { mentor_name: party.Name } };
      for (const r of await adminStudentRows.in(ctx).find(shown.filter))
        adminStudentRows.in(ctx).put(Object.assign(r, shown.set));
    },
    PlacementProposed: (e, ctx) => placementChanged(ctx, e, 'pending'),
    PlacementAccepted: (e, ctx) => placementChanged(ctx, e, 'active'),
    PlacementDeclined: (e, ctx) => placementChanged(ctx, e, 'cancelled'),
    PlacementEnded: (e, ctx) => placementChanged(ctx, e, e.data.status),
  },
});
