import type { AuthContext } from '@panda/platform/http';
import { notFound } from '@panda/platform/errors';
import type { Filter, ReadStore } from '@panda/projections/read-store';
import { type AccountDoc, accounts } from '@panda/projections/read-models/accounts';
import { JOB_TYPES, REQUIREMENT_KEYS, isComplete, jobRemaining, percentOf } from '@panda/contracts/training';
import { type StudentDoc, students } from '@panda/projections/read-models/training';
import { progressOf } from '@panda/projections/read-models/placements';

/**
 * Who may see what (docs/rules.md#server-side-access), in one place for every training query: an admin everything, a
 * centre its own students, a mentor the students placed with them (active placement), a student themself.
 */
export const canSeeStudent = (auth: AuthContext, s: Pick<StudentDoc, 'id' | 'centre_id' | 'mentor_id'>) =>
  auth.role === 'admin' ||
  (auth.role === 'student' && s.id === auth.id) ||
  (auth.role === 'training_centre' && s.centre_id === auth.id) ||
  (auth.role === 'mentor' && s.mentor_id === auth.id);

/** The filter on `students` and `jobs` documents that keeps exactly what the caller may see. */
export function visibleFilter(auth: AuthContext, studentField: 'id' | 'Student_ID'): Filter {
  switch (auth.role) {
    case 'admin':
      return {};
    case 'student':
      return { [studentField]: auth.id };
    case 'training_centre':
      return { centre_id: auth.id };
    case 'mentor':
      return { mentor_id: auth.id };
    case 'auditor':
      // Auditors read training only through the audit calls (docs/rules.md#auditors).
      return { [studentField]: { $in: [] } };
  }
}

/**
 * The caller's visible filter narrowed by one more equality; null when the two contradict (e.g. a
 * centre asking for another centre's students), so that narrowing can never widen what is visible.
 */
export function narrowed(
  auth: AuthContext,
  studentField: 'id' | 'Student_ID',
  field: string,
  value: string,
): Filter | null {
  const visible = visibleFilter(auth, studentField);
  if (field in visible && visible[field] !== value) return null;
  return { ...visible, [field]: value };
}

/** The student, or 404 'Student not found' whether it does not exist or the caller may not see it. */
export async function visibleStudent(readStore: ReadStore, auth: AuthContext, id: string): Promise<StudentDoc> {
  const s = await readStore.get(students, id);
  if (!s || !canSeeStudent(auth, s)) throw notFound('Student not found');
  return s;
}

export const person = (doc: AccountDoc | null) => (doc ? { id: doc.id, name: doc.Name, email: doc.Email } : null);
export const accountOf = async (readStore: ReadStore, id: string | null) =>
  id ? await readStore.get(accounts, id) : null;

/** Jobs of a student summary with a non-zero total, with their percentage. */
export const jobProgress = (s: Pick<StudentDoc, 'id' | 'jobs'>) =>
  s.jobs
    .filter((j) => j.Total_Count > 0)
    .map((j) =>
      // Copied, then the fields added (not written after a spread: V8's slow path, see docs/benchmarks.md).
      Object.assign({}, j, {
        Student_ID: s.id,
        percent: percentOf(j.Completed_Count, j.Total_Count),
        is_complete: isComplete(j),
      }),
    );

/**
 * The student's Jobs view: one card per job type with a non-zero requirement, measured against
 * the requirement (percent capped at 100); cards signed come from the type's job, 0 before placement.
 */
export const requirementProgress = (s: StudentDoc) =>
  JOB_TYPES.filter((t) => s.requirements[REQUIREMENT_KEYS[t]] > 0).map((t) => {
    const required = s.requirements[REQUIREMENT_KEYS[t]];
    const job = s.jobs.find((j) => j.Job_Type === t) ?? null;
    const completed = job?.Completed_Count ?? 0;
    return {
      Job_Type: t,
      job_id: job?.id ?? null,
      required,
      completed,
      percent: percentOf(completed, required),
      remaining: jobRemaining({ Completed_Count: completed, Total_Count: required }),
      is_complete: isComplete({ Completed_Count: completed, Total_Count: required }),
    };
  });

/** A student as cards and lists show them (spec section 3 "Student"). */
export function studentCard(s: StudentDoc) {
  const totals = progressOf(s.jobs.map((j) => ({ total: j.Total_Count, completed: j.Completed_Count })));
  return {
    id: s.id,
    First_Name: s.First_Name,
    Last_Name: s.Last_Name,
    Name: s.Name,
    Email: s.Email,
    Phone_Number: s.Phone_Number,
    Postcode: s.Postcode,
    Date_Of_Birth: s.Date_Of_Birth,
    Created_At: s.Created_At,
    account_type: s.centre_id ? 'Training Centre' : 'Independent',
    training_centre_id: s.centre_id,
    Matched: s.Matched,
    placement_status: s.placement_status,
    placement_id: s.placement_id,
    mentor_id: s.mentor_id,
    job_requirements: s.requirements,
    has_requirements: s.has_requirements,
    additional_requirements: s.additional_requirements,
    // Progress at a glance (docs/rules.md#progress-at-a-glance): cards signed over cards required, over the open jobs.
    cards_signed: totals.cards_signed,
    cards_required: totals.cards_required,
    progress_percent: totals.progress_percent,
    jobs: jobProgress(s),
  };
}
