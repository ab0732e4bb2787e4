import type { JobType } from '@panda/events/catalogue/training';
import type { AdminPlacement } from '@panda/contracts/admin';
import { QUALIFICATION_KEYS, requiredPerJobType, type QualificationKey } from '@panda/events/domain/ranking';
import type { ProjectionContext } from '../projection';
import { searchIndex, type Doc } from '../read-store';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection, type Recorded } from '../typed-projection';
import { registeredName, signedUpName, takeChanges, type KeptName } from './names';

/** Placements and what matching needs: docs/read-models.md#placements. */

export interface PartyDoc extends Doc, KeptName {
  id: string;
  centre_id: string | null;
  Postcode: string | null;
  /** Mentors: business profile as last saved. */
  Business_Name: string | null;
  Business_Postcode: string | null;
  Gas_Safe_Registration_Number: string | null;
  qualifications: Partial<Record<QualificationKey, boolean>>;
  profile_complete: boolean;
  /** Mentors: placements by status. */
  active_students: number;
  pending_requests: number;
  _audience: string[];
}

/** Contracts `adminPlacementSchema` without the progress; `Notes`: the end notes when there are some, else the proposal's. */
export type PlacementDoc = Omit<AdminPlacement, keyof Progress> & { _audience: string[] };

export interface StudentPlacementDoc extends Doc {
  id: string;
  student_id: string;
  training_centre_id: string | null;
  Matched: boolean;
  /** Status of the student's latest placement, null when never proposed. */
  placement_status: PlacementDoc['Status'] | null;
  placement_id: string | null;
  /** Mentor of the active placement (ids and display), null when not matched. */
  mentor: string | null;
  mentor_name: string | null;
  mentor_email: string | null;
  pending_placement_id: string | null;
  pending_mentor_id: string | null;
  /** Required cards per job type (the student's current requirements). */
  required: Record<JobType, number>;
  /** Signed cards per job type over all their jobs. */
  completed: Record<JobType, number>;
  jobs: Record<string, { type: JobType; total: number; completed: number; mentor_id: string }>;
  updated_at: string;
  _audience: string[];
}

/** docs/rules.md#progress-at-a-glance; its own small document, so a page of placements reads no job lists. */
export interface Progress {
  cards_signed: number;
  cards_required: number;
  progress_percent: number;
}
export interface StudentProgressDoc extends Doc, Progress {
  id: string;
}

/** The progress of a student's jobs: each one's signed cards (no more than its total) over the totals. */
export function progressOf(all: { total: number; completed: number }[]): Progress {
  const jobs = all.filter((j) => j.total > 0);
  const signed = jobs.reduce((n, j) => n + Math.min(j.completed, j.total), 0);
  const required = jobs.reduce((n, j) => n + j.total, 0);
  return {
    cards_signed: signed,
    cards_required: required,
    progress_percent: required > 0 ? Math.round((signed / required) * 100) : 0,
  };
}

export const placements = collection<PlacementDoc>('placements');
export const studentPlacements = collection<StudentPlacementDoc>('student_placements');
export const placementParties = collection<PartyDoc>('placement_parties');
export const studentProgress = collection<StudentProgressDoc>('student_progress');

const zeroes = (): Record<JobType, number> => ({ 'Boiler Installs': 0, 'Boiler Service': 0, Pipework: 0, Repair: 0 });
/** A text field of the business profile: trimmed, null when blank. */
export const businessText = (v: string): string | null => v.trim() || null;

function newParty(id: string, name: KeptName): PartyDoc {
  return {
    id,
    ...name,
    centre_id: null,
    Postcode: null,
    Business_Name: null,
    Business_Postcode: null,
    Gas_Safe_Registration_Number: null,
    qualifications: {},
    profile_complete: false,
    active_students: 0,
    pending_requests: 0,
    _audience: [id],
  };
}

function newStudent(
  id: string,
  centreId: string | null,
  time: string,
  required: Record<JobType, number>,
): StudentPlacementDoc {
  return {
    id,
    student_id: id,
    training_centre_id: centreId,
    Matched: false,
    placement_status: null,
    placement_id: null,
    mentor: null,
    mentor_name: null,
    mentor_email: null,
    pending_placement_id: null,
    pending_mentor_id: null,
    required,
    completed: zeroes(),
    jobs: {},
    updated_at: time,
    _audience: audienceOf(id, centreId),
  };
}

const person = (p: PartyDoc | null, id: string) => ({ id, name: p?.Name ?? 'Unknown', email: p?.Email ?? '' });

async function placementFromProposal(e: Recorded<'PlacementProposed'>, ctx: ProjectionContext): Promise<PlacementDoc> {
  const { placementId, studentId, mentorId, centreId, notes, reasons } = e.data;
  const parties = placementParties.in(ctx);
  const [student, mentor, centre] = await Promise.all([
    parties.get(studentId),
    parties.get(mentorId),
    centreId ? parties.get(centreId) : null,
  ]);
  const s = person(student, studentId);
  const m = person(mentor, mentorId);
  const c = centreId ? person(centre, centreId) : null;
  return {
    id: placementId,
    Status: 'pending',
    Placed_At: null,
    Proposed_At: e.time,
    Ended_At: null,
    Notes: notes,
    proposal_notes: notes,
    end_notes: null,
    decline_reason: null,
    reasons,
    proposed_by: e.actorId,
    ended_by: null,
    student_id: studentId,
    mentor_id: mentorId,
    training_centre_id: centreId,
    student_name: s.name,
    student_email: s.email,
    mentor_name: m.name,
    mentor_email: m.email,
    training_centre_name: c?.name ?? null,
    training_centre_email: c?.email ?? null,
    relationships: { student: s, mentor: m, training_centre: c },
    Created_At: e.time,
    updated_at: e.time,
    _audience: audienceOf(studentId, mentorId, centreId),
  };
}

/** Every placement of the student or mentor, `latest` (written in this batch) in its newest state. */
async function placementsWith(
  ctx: ProjectionContext,
  filter: { student_id: string } | { mentor_id: string },
  latest: PlacementDoc,
) {
  const all = await placements.in(ctx).find(filter);
  return [...all.filter((p) => p.id !== latest.id), latest];
}

async function refreshStudent(ctx: ProjectionContext, time: string, latest: PlacementDoc) {
  const studentId = latest.student_id;
  const doc =
    (await studentPlacements.in(ctx).get(studentId)) ??
    newStudent(studentId, latest.training_centre_id, time, zeroes());
  const mine = await placementsWith(ctx, { student_id: studentId }, latest);
  const active = mine.find((p) => p.Status === 'active') ?? null;
  const pending = mine.find((p) => p.Status === 'pending') ?? null;
  const current = active ?? pending ?? latest;
  Object.assign(doc, {
    Matched: Boolean(active),
    placement_status: current.Status,
    placement_id: current.id,
    mentor: active?.mentor_id ?? null,
    mentor_name: active?.mentor_name ?? null,
    mentor_email: active?.mentor_email ?? null,
    pending_placement_id: pending?.id ?? null,
    pending_mentor_id: pending?.mentor_id ?? null,
    updated_at: time,
    _audience: audienceOf(studentId, doc.training_centre_id, active?.mentor_id, pending?.mentor_id),
  });
  studentPlacements.in(ctx).put(doc);
}

/** The mentor's placement counts (capacity in the ranking). */
async function refreshMentor(ctx: ProjectionContext, latest: PlacementDoc) {
  const mine = await placementsWith(ctx, { mentor_id: latest.mentor_id }, latest);
  await placementParties.in(ctx).update(latest.mentor_id, (mentor) => {
    mentor.active_students = mine.filter((p) => p.Status === 'active').length;
    mentor.pending_requests = mine.filter((p) => p.Status === 'pending').length;
  });
}

async function putPlacement(ctx: ProjectionContext, time: string, p: PlacementDoc) {
  placements.in(ctx).put(p);
  await refreshStudent(ctx, time, p);
  await refreshMentor(ctx, p);
}

/** A placement changed state: its student's summary and its mentor's counts follow. */
const placementChange =
  <T extends 'PlacementAccepted' | 'PlacementDeclined' | 'PlacementEnded'>(
    evolve: (p: PlacementDoc, e: Recorded<T>) => void,
  ) =>
  async (e: Recorded<T>, ctx: ProjectionContext) => {
    const p = await placements.in(ctx).get(e.data.placementId);
    if (!p) return;
    p.updated_at = e.time;
    evolve(p, e);
    await putPlacement(ctx, e.time, p);
  };

/** A person's name or e-mail changed: every placement that shows it (`<role>_id`, `_name`, `_email`) follows. */
async function renameInPlacements(ctx: ProjectionContext, party: PartyDoc, time: string) {
  const who = { id: party.id, name: party.Name, email: party.Email };
  const role = party.role;
  for (const p of await placements.in(ctx).find({ [`${role}_id`]: party.id })) {
    Object.assign(p, {
      [`${role}_name`]: who.name,
      [`${role}_email`]: who.email,
      relationships: { ...p.relationships, [role]: who },
    });
    p.updated_at = time;
    placements.in(ctx).put(p);
    const s =
      party.role === 'mentor' && p.Status === 'active' ? await studentPlacements.in(ctx).get(p.student_id) : null;
    if (s?.mentor === party.id) studentPlacements.in(ctx).put({ ...s, mentor_name: who.name, mentor_email: who.email });
  }
}

/** A job of the student changed: its counts, and the student's signed cards per job type. */
const jobChange =
  <T extends 'JobOpened' | 'JobReassigned' | 'JobTotalAdjusted' | 'JobCardSigned' | 'SignatureRevoked'>(
    evolve: (s: StudentPlacementDoc, e: Recorded<T>) => void,
  ) =>
  async (e: Recorded<T>, ctx: ProjectionContext) => {
    const s = await studentPlacements.in(ctx).get(e.data.studentId);
    if (!s) return;
    evolve(s, e);
    if (!s.jobs[e.data.jobId]) return;
    s.completed = zeroes();
    for (const j of Object.values(s.jobs)) s.completed[j.type] += j.completed;
    s.updated_at = e.time;
    studentPlacements.in(ctx).put(s);
    studentProgress.in(ctx).put({ id: s.id, ...progressOf(Object.values(s.jobs)) });
  };

/** A card signed or revoked: its job's signed count. */
const countSigned = jobChange<'JobCardSigned' | 'SignatureRevoked'>((s, { data: d }) => {
  if (s.jobs[d.jobId]) s.jobs[d.jobId].completed = d.completedCount;
});

export const placementsProjection = defineProjection({
  name: 'placements',
  // Versions and indexes: docs/read-models.md#placements.
  version: 2,
  collections: {
    [placements.name]: [
      'student_id',
      'training_centre_id',
      'Created_At',
      // Also a mentor's placements and the status filter alone (see indexesServedByLonger).
      'mentor_id+Created_At',
      'Status+Created_At',
      'student_name',
      'mentor_name',
      // The admin table's status filter with its sorts by student and mentor.
      'Status+student_name',
      'Status+mentor_name',
      // A mentor's requests, newest first or by student.
      'mentor_id+Status+Created_At',
      'mentor_id+Status+student_name',
      // `?q=` of the admin table and of a mentor's requests.
      searchIndex('student_name', 'mentor_name', 'training_centre_name', 'student_email', 'mentor_email'),
    ],
    [studentPlacements.name]: ['training_centre_id', 'mentor', 'Matched', 'pending_mentor_id'],
    [placementParties.name]: ['role', 'centre_id'],
    [studentProgress.name]: [],
  },
  on: {
    AccountSignedUp: ({ data: d }, ctx) => placementParties.in(ctx).put(newParty(d.accountId, signedUpName(d))),
    StudentRegistered: ({ time, data: d }, ctx) => {
      placementParties
        .in(ctx)
        .put({ ...newParty(d.accountId, registeredName(d)), centre_id: d.centreId, Postcode: d.postcode });
      studentPlacements.in(ctx).put(newStudent(d.accountId, d.centreId, time, requiredPerJobType(d.requirements)));
    },
    // Only what changed is written again (docs/read-models.md#placements).
    ProfileChanged: async ({ time, data: { accountId, changes: c } }, ctx) => {
      const p = await placementParties.in(ctx).get(accountId);
      if (!p) return;
      const before = { ...p };
      takeChanges(p, c);
      // A mentor's business fields count only once saved with the whole profile (MentorProfileSaved).
      if ((['First_Name', 'Last_Name', 'Email', 'Postcode', 'Name'] as const).every((k) => before[k] === p[k])) return;
      placementParties.in(ctx).put(p);
      if (p.Name !== before.Name || p.Email !== before.Email) await renameInPlacements(ctx, p, time);
    },
    MentorProfileSaved: async ({ time, data: d }, ctx) => {
      const profile = d.profile;
      const p = await placementParties.in(ctx).update(d.accountId, (p) => {
        p.Business_Name = businessText(profile.Business_Name);
        p.Business_Postcode = businessText(profile.Business_Postcode);
        p.Gas_Safe_Registration_Number = businessText(profile.Gas_Safe_Registration_Number);
        p.qualifications = Object.fromEntries(QUALIFICATION_KEYS.map((q) => [q, profile[q]]));
        p.Name = `${p.First_Name} ${p.Last_Name}`.trim();
        // Complete once the profile form succeeded (spec section 4): the form requires these.
        p.profile_complete = Boolean(p.Business_Name && p.Business_Postcode && p.Gas_Safe_Registration_Number);
      });
      if (p) await renameInPlacements(ctx, p, time);
    },
    RequirementsSet: ({ time, data: d }, ctx) =>
      studentPlacements
        .in(ctx)
        .update(d.studentId, (s) =>
          Object.assign(s, { required: requiredPerJobType(d.requirements), updated_at: time }),
        ),
    PlacementProposed: async (e, ctx) => putPlacement(ctx, e.time, await placementFromProposal(e, ctx)),
    PlacementAccepted: placementChange((p, e) => Object.assign(p, { Status: 'active', Placed_At: e.time })),
    PlacementDeclined: placementChange<'PlacementDeclined'>((p, e) =>
      Object.assign(p, { Status: 'cancelled', decline_reason: e.data.reason, Ended_At: e.time, ended_by: e.actorId }),
    ),
    PlacementEnded: placementChange<'PlacementEnded'>((p, e) => {
      Object.assign(p, {
        Status: e.data.status,
        end_notes: e.data.notes,
        Notes: e.data.notes ?? p.proposal_notes,
        Ended_At: e.time,
        ended_by: e.actorId,
      });
    }),
    JobOpened: jobChange<'JobOpened'>((s, { data: d }) => {
      s.jobs[d.jobId] = { type: d.jobType, total: d.totalCount, completed: 0, mentor_id: d.mentorId };
    }),
    JobReassigned: jobChange<'JobReassigned'>((s, { data: d }) => {
      if (s.jobs[d.jobId]) s.jobs[d.jobId].mentor_id = d.mentorId;
    }),
    JobTotalAdjusted: jobChange<'JobTotalAdjusted'>((s, { data: d }) => {
      if (s.jobs[d.jobId]) s.jobs[d.jobId].total = d.totalCount;
    }),
    JobCardSigned: countSigned,
    SignatureRevoked: countSigned,
  },
});
