import type { RecordedEvent } from '@panda/events/envelope';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import type { ProfileChanges } from '@panda/events/catalogue/profiles';
import { signatureIdOf, type Signature } from '@panda/events/catalogue/training';
import { JOB_TYPES, isComplete, percentOf, type JobType } from '@panda/contracts/training';
import type { Projection, ProjectionContext } from '../projection';
import { TRAINING_EVENT_TYPES } from './training-events';
import { TRAINEE_STATUS_LABELS, type DisputeView, type TraineeStatus } from '@panda/contracts/signoff';

/**
 * `training`: students, their jobs, and the counters the three overviews read, kept in ONE projection
 * so that a placement or a signed card moves the student, the job and the counters together.
 *
 * - `students`: one document per student (spec "Student" fields), with requirements, placement and a
 *   compact summary of their jobs. Audience: the student, their centre, their active mentor.
 * - `jobs`: one document per job (job type book of cards) with the student's contact details, the
 *   full signature history and `mentor_id` = the student's ACTIVE mentor (null when not placed).
 * - `centre_stats` / `mentor_stats`: precomputed counters per centre and per mentor, so an overview
 *   is a few indexed reads whatever the number of students and cards.
 * Names and emails of centres and mentors are in `accounts` (one read by id).
 */
export const STUDENTS = 'students';
export const JOBS = 'jobs';
export const CENTRE_STATS = 'centre_stats';
export const MENTOR_STATS = 'mentor_stats';

export interface Requirements {
  Boiler_Installs: number;
  Boiler_Service: number;
  Pipework: number;
  Repair: number;
}

export interface JobSummary {
  id: string;
  Job_Type: JobType;
  Total_Count: number;
  Completed_Count: number;
}

export interface StudentDoc {
  id: string;
  First_Name: string;
  Last_Name: string;
  Name: string;
  Email: string;
  Phone_Number: string | null;
  Postcode: string | null;
  Date_Of_Birth: string | null;
  centre_id: string | null;
  Created_At: string;
  requirements: Requirements;
  additional_requirements: string | null;
  /** Goals were set: by the student, or as non-zero counts at registration. */
  has_requirements: boolean;
  Matched: boolean;
  /** 'active' while placed, 'pending' while a proposal waits for the mentor, else null. */
  placement_status: 'active' | 'pending' | null;
  /** The active placement, else the pending one, else null. */
  placement_id: string | null;
  active_placement_id: string | null;
  pending_placement_id: string | null;
  /** Mentor of the active placement. */
  mentor_id: string | null;
  Placed_At: string | null;
  jobs: JobSummary[];
  cards_signed: number;
  _audience: string[];
  [k: string]: unknown;
}

export interface JobDoc {
  id: string;
  Student_ID: string;
  Student_Name: string;
  student_email: string;
  student_phone: string | null;
  student_postcode: string | null;
  centre_id: string | null;
  /** The student's active mentor (null when the student is not placed). */
  mentor_id: string | null;
  placement_id: string;
  Job_Type: JobType;
  Total_Count: number;
  Completed_Count: number;
  completed_at: string | null;
  mentor_signature: Signature | null;
  signatures: SignatureEntry[];
  status: 'in_progress' | 'completed';
  percent: number;
  opened_at: string;
  updated_at: string;
  _audience: string[];
  [k: string]: unknown;
}

/** One sign-off in a job's history (oldest first); a revoked one stays listed but no longer counts. */
export type SignatureEntry = Signature & {
  signature_id: string;
  mentor_id: string;
  completed_at: string;
  content_hash: string | null;
  trainee_status: TraineeStatus;
  trainee_status_label: string;
  confirmed_at: string | null;
  dispute: DisputeView | null;
  revoked: boolean;
};

export interface CentreStatsDoc {
  id: string;
  total_students: number;
  placed_students: number;
  latest_student_id: string | null;
  _audience: string[];
  [k: string]: unknown;
}

export interface MentorStatsDoc {
  id: string;
  active_students: number;
  /** Job cards this mentor signed (each card is one real job supervised). */
  jobs_supervised: number;
  _audience: string[];
  [k: string]: unknown;
}

export const toRequirements = (r: JobRequirements): Requirements => ({
  Boiler_Installs: r.boilerInstalls,
  Boiler_Service: r.boilerService,
  Pipework: r.pipework,
  Repair: r.repair,
});

const audience = (...ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => Boolean(x)))];

function withJobState(job: JobDoc): JobDoc {
  job.status = isComplete(job) ? 'completed' : 'in_progress';
  job.percent = percentOf(job.Completed_Count, job.Total_Count);
  return job;
}

const summary = (j: JobDoc): JobSummary => ({
  id: j.id,
  Job_Type: j.Job_Type,
  Total_Count: j.Total_Count,
  Completed_Count: j.Completed_Count,
});

function putSummary(student: StudentDoc, job: JobDoc) {
  const others = student.jobs.filter((s) => s.id !== job.id);
  student.jobs = [...others, summary(job)].sort(
    (a, b) => JOB_TYPES.indexOf(a.Job_Type) - JOB_TYPES.indexOf(b.Job_Type),
  );
}

const studentAudience = (s: StudentDoc) => audience(s.id, s.centre_id, s.mentor_id);

async function counters<T extends CentreStatsDoc | MentorStatsDoc>(
  ctx: ProjectionContext,
  collection: string,
  id: string,
  empty: () => T,
): Promise<T> {
  return ((await ctx.get(collection, id)) as T | null) ?? empty();
}
const centreStats = (ctx: ProjectionContext, id: string) =>
  counters<CentreStatsDoc>(ctx, CENTRE_STATS, id, () => ({
    id,
    total_students: 0,
    placed_students: 0,
    latest_student_id: null,
    _audience: [id],
  }));
const mentorStats = (ctx: ProjectionContext, id: string) =>
  counters<MentorStatsDoc>(ctx, MENTOR_STATS, id, () => ({
    id,
    active_students: 0,
    jobs_supervised: 0,
    _audience: [id],
  }));

/** Moves every job of the student to the student's current audience and active mentor. */
async function refreshJobs(ctx: ProjectionContext, student: StudentDoc, time: string) {
  for (const j of (await ctx.find(JOBS, { Student_ID: student.id })) as JobDoc[]) {
    j.mentor_id = student.mentor_id;
    j._audience = studentAudience(student);
    j.updated_at = time;
    ctx.put(JOBS, j);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- not yet on the typed collection layer (issue 8): event data read loosely
type Data = Record<string, any>;

async function apply(e: RecordedEvent, ctx: ProjectionContext) {
  const d = e.data as Data;
  if (e.type === 'StudentRegistered') {
    const doc: StudentDoc = {
      id: d.accountId,
      First_Name: d.firstName,
      Last_Name: d.lastName,
      Name: `${d.firstName} ${d.lastName}`.trim(),
      Email: d.email,
      Phone_Number: d.phone,
      Postcode: d.postcode,
      Date_Of_Birth: d.dateOfBirth,
      centre_id: d.centreId,
      Created_At: e.time,
      requirements: toRequirements(d.requirements),
      additional_requirements: null,
      has_requirements: Object.values(d.requirements as JobRequirements).some((n) => n > 0),
      Matched: false,
      placement_status: null,
      placement_id: null,
      active_placement_id: null,
      pending_placement_id: null,
      mentor_id: null,
      Placed_At: null,
      jobs: [],
      cards_signed: 0,
      _audience: audience(d.accountId, d.centreId),
    };
    ctx.put(STUDENTS, doc);
    if (d.centreId) {
      const stats = await centreStats(ctx, d.centreId);
      stats.total_students += 1;
      stats.latest_student_id = doc.id;
      ctx.put(CENTRE_STATS, stats);
    }
    return;
  }

  const studentId: string = e.type === 'ProfileChanged' ? d.accountId : d.studentId;
  const student = (await ctx.get(STUDENTS, studentId)) as StudentDoc | null;
  if (!student) return;

  switch (e.type) {
    case 'ProfileChanged': {
      const c = d.changes as ProfileChanges;
      if (c.First_Name !== undefined) student.First_Name = c.First_Name;
      if (c.Last_Name !== undefined) student.Last_Name = c.Last_Name;
      if (c.Email !== undefined) student.Email = c.Email;
      if (c.Phone_Number !== undefined) student.Phone_Number = c.Phone_Number;
      if (c.Postcode !== undefined) student.Postcode = c.Postcode;
      student.Name = `${student.First_Name} ${student.Last_Name}`.trim();
      for (const j of (await ctx.find(JOBS, { Student_ID: student.id })) as JobDoc[]) {
        Object.assign(j, {
          Student_Name: student.Name,
          student_email: student.Email,
          student_phone: student.Phone_Number,
          student_postcode: student.Postcode,
          updated_at: e.time,
        });
        ctx.put(JOBS, j);
      }
      break;
    }
    case 'RequirementsSet':
      student.requirements = toRequirements(d.requirements);
      student.additional_requirements = d.additionalRequirements;
      student.has_requirements = true;
      break;
    case 'PlacementProposed':
      student.pending_placement_id = d.placementId;
      break;
    case 'PlacementDeclined':
      if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
      break;
    case 'PlacementAccepted': {
      if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
      if (student.active_placement_id === d.placementId) break;
      const wasPlaced = student.Matched;
      if (student.mentor_id && student.mentor_id !== d.mentorId) {
        const previous = await mentorStats(ctx, student.mentor_id);
        previous.active_students = Math.max(0, previous.active_students - 1);
        ctx.put(MENTOR_STATS, previous);
      }
      student.active_placement_id = d.placementId;
      student.mentor_id = d.mentorId;
      student.Matched = true;
      student.Placed_At = e.time;
      const stats = await mentorStats(ctx, d.mentorId);
      stats.active_students += 1;
      ctx.put(MENTOR_STATS, stats);
      if (student.centre_id && !wasPlaced) {
        const centre = await centreStats(ctx, student.centre_id);
        centre.placed_students += 1;
        ctx.put(CENTRE_STATS, centre);
      }
      await refreshJobs(ctx, student, e.time);
      break;
    }
    case 'PlacementEnded': {
      if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
      if (student.active_placement_id !== d.placementId) break;
      const stats = await mentorStats(ctx, d.mentorId);
      stats.active_students = Math.max(0, stats.active_students - 1);
      ctx.put(MENTOR_STATS, stats);
      if (student.centre_id) {
        const centre = await centreStats(ctx, student.centre_id);
        centre.placed_students = Math.max(0, centre.placed_students - 1);
        ctx.put(CENTRE_STATS, centre);
      }
      student.active_placement_id = null;
      student.mentor_id = null;
      student.Matched = false;
      student.Placed_At = null;
      await refreshJobs(ctx, student, e.time);
      break;
    }
    case 'JobOpened': {
      const job = withJobState({
        id: d.jobId,
        Student_ID: student.id,
        Student_Name: student.Name,
        student_email: student.Email,
        student_phone: student.Phone_Number,
        student_postcode: student.Postcode,
        centre_id: student.centre_id,
        mentor_id: student.mentor_id,
        placement_id: d.placementId,
        Job_Type: d.jobType,
        Total_Count: d.totalCount,
        Completed_Count: 0,
        completed_at: null,
        mentor_signature: null,
        signatures: [],
        status: 'in_progress',
        percent: 0,
        opened_at: e.time,
        updated_at: e.time,
        _audience: studentAudience(student),
      });
      ctx.put(JOBS, job);
      putSummary(student, job);
      break;
    }
    case 'JobReassigned':
    case 'JobTotalAdjusted':
    case 'JobCardSigned': {
      const job = (await ctx.get(JOBS, d.jobId)) as JobDoc | null;
      if (!job) return;
      job.updated_at = e.time;
      if (e.type === 'JobReassigned') job.placement_id = d.placementId;
      if (e.type === 'JobTotalAdjusted') job.Total_Count = d.totalCount;
      if (e.type === 'JobCardSigned') {
        job.Completed_Count = d.completedCount;
        job.completed_at = d.completedAt;
        job.mentor_signature = d.signature;
        const entry: SignatureEntry = {
          ...d.signature,
          signature_id: signatureIdOf(d as { signatureId?: string; jobId: string; completedCount: number }),
          mentor_id: d.mentorId,
          completed_at: d.completedAt,
          content_hash: d.contentHash ?? null,
          trainee_status: 'awaiting_confirmation',
          trainee_status_label: TRAINEE_STATUS_LABELS.awaiting_confirmation,
          confirmed_at: null,
          dispute: null,
          revoked: false,
        };
        job.signatures = [...job.signatures, entry];
        student.cards_signed += 1;
        const stats = await mentorStats(ctx, d.mentorId);
        stats.jobs_supervised += 1;
        ctx.put(MENTOR_STATS, stats);
      }
      ctx.put(JOBS, withJobState(job));
      putSummary(student, job);
      break;
    }
    // Ruling 31: the trainee's answer and an admin's resolution mark the sign-off; a revoke lowers the count.
    case 'SignatureConfirmed':
    case 'SignatureDisputed':
    case 'DisputeResolved':
    case 'SignatureRevoked': {
      const job = (await ctx.get(JOBS, d.jobId)) as JobDoc | null;
      const entry = job?.signatures.find((x) => x.signature_id === d.signatureId);
      if (!job || !entry) return;
      if (e.type === 'SignatureConfirmed') Object.assign(entry, { trainee_status: 'confirmed', confirmed_at: e.time });
      if (e.type === 'SignatureDisputed')
        Object.assign(entry, {
          trainee_status: 'disputed',
          dispute: { reason: d.reason, disputed_at: e.time, outcome: null, resolution_reason: null, resolved_at: null },
        });
      if (e.type === 'DisputeResolved' && entry.dispute)
        entry.dispute = { ...entry.dispute, outcome: d.outcome, resolution_reason: d.reason, resolved_at: e.time };
      entry.trainee_status_label = TRAINEE_STATUS_LABELS[entry.trainee_status];
      if (e.type === 'SignatureRevoked') {
        entry.revoked = true;
        job.Completed_Count = d.completedCount;
        const latest = job.signatures.filter((x) => !x.revoked).at(-1);
        job.completed_at = latest?.completed_at ?? null;
        job.mentor_signature = latest
          ? {
              signature: latest.signature,
              mentorName: latest.mentorName,
              date: latest.date,
              time: latest.time,
              timestamp: latest.timestamp,
            }
          : null;
        student.cards_signed = Math.max(0, student.cards_signed - 1);
        const stats = await mentorStats(ctx, d.mentorId);
        stats.jobs_supervised = Math.max(0, stats.jobs_supervised - 1);
        ctx.put(MENTOR_STATS, stats);
      }
      job.updated_at = e.time;
      ctx.put(JOBS, withJobState(job));
      putSummary(student, job);
      break;
    }
    default:
      return;
  }
  student.placement_status = student.active_placement_id ? 'active' : student.pending_placement_id ? 'pending' : null;
  student.placement_id = student.active_placement_id ?? student.pending_placement_id;
  student._audience = studentAudience(student);
  ctx.put(STUDENTS, student);
}

export const trainingProjection: Projection = {
  name: 'training',
  collections: {
    [STUDENTS]: [
      'centre_id',
      'mentor_id',
      'Created_At',
      'centre_id+Created_At',
      'centre_id+Name',
      'mentor_id+Created_At',
      'mentor_id+Name',
      'Matched+Created_At',
      'Name',
      'Email',
    ],
    [JOBS]: [
      'Student_ID',
      'mentor_id',
      'centre_id',
      'mentor_id+Student_Name',
      'centre_id+Student_Name',
      'Student_Name',
    ],
    [CENTRE_STATS]: [],
    [MENTOR_STATS]: [],
  },
  handles: ['StudentRegistered', 'ProfileChanged', ...TRAINING_EVENT_TYPES],
  apply,
};

/** A job as the API answers it (spec "Job" fields plus the student's contact details and the card history). */
export function jobView(j: JobDoc) {
  const { _audience: _a, updated_at: _u, ...rest } = j;
  return { ...rest, remaining: Math.max(0, j.Total_Count - j.Completed_Count), is_complete: isComplete(j) };
}
