import type { JobRequirements } from '@panda/events/catalogue/accounts';
import { signatureIdOf } from '@panda/events/catalogue/training';
import { disputeUntil, type CardEvidenceView, type JobSignatureEntry } from '@panda/contracts/signoff';
import { PRE_EVIDENCE_LABEL } from '@panda/contracts/evidence';
import { TEMPORARY_PASSWORD_DAYS } from '@panda/contracts/accounts';
import {
  JOB_TYPES,
  isComplete,
  openDisputeCount,
  percentOf,
  type Job,
  type RequirementCounts,
} from '@panda/contracts/training';
import type { ProjectionContext } from '../projection';
import { searchIndex, type ReadStore } from '../read-store';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection, type DataOf, type EventWith, type Recorded } from '../typed-projection';
import { takeChanges } from './names';
import { awaitingAnswer, confirmed, disputed, resolved, revoked, type AnswerEvent } from './sign-off-state';

/** `training` (students, jobs, counters): docs/read-models.md#training. */
export const STUDENTS = 'students';
export const JOBS = 'jobs';
const DAY_MS = 86_400_000;

/** A job's counts on its student's document. */
export type JobSummary = Pick<JobDoc, 'id' | 'Job_Type' | 'Total_Count' | 'Completed_Count' | 'Disputed_Count'>;

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
  requirements: RequirementCounts;
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
  /** The invitation (docs/rules.md#centre-caseload); absent on documents written before version 5. */
  invite_expires_at?: string | null;
  invite_accepted_at?: string | null;
  _audience: string[];
}

/** A job as the API answers it (contracts `jobSchema`) without what jobView adds: its history, and sums. */
export type JobDoc = Omit<Job, 'signatures' | 'remaining' | 'is_complete' | 'may_sign' | 'sign_refusal'> & {
  updated_at: string;
  _audience: string[];
};

/** The signature history of one job (id = the job's id), oldest first. */
export interface JobSignaturesDoc {
  id: string;
  signatures: SignatureEntry[];
}

/** Contracts `jobSignatureEntry` (a revoked one stays listed); its photos' duplicate flags are the query side's. */
export type SignatureEntry = JobSignatureEntry;

export interface CentreStatsDoc {
  id: string;
  total_students: number;
  placed_students: number;
  latest_student_id: string | null;
  _audience: string[];
}

export interface MentorStatsDoc {
  id: string;
  active_students: number;
  /** Job cards this mentor signed (each card is one real job supervised). */
  jobs_supervised: number;
  _audience: string[];
}

export const students = collection<StudentDoc>(STUDENTS);
export const jobs = collection<JobDoc>(JOBS);
export const centreStats = collection<CentreStatsDoc>('centre_stats');
export const mentorStats = collection<MentorStatsDoc>('mentor_stats');
export const jobSignatures = collection<JobSignaturesDoc>('job_signatures');

/** The signature history of each of the jobs (oldest first): one read for all of them. */
export async function signaturesOf(readStore: ReadStore, list: JobDoc[]): Promise<(job: JobDoc) => SignatureEntry[]> {
  const ids = list.map((j) => j.id);
  const histories = ids.length ? await jobSignatures.from(readStore).find({ id: { $in: ids } }) : [];
  const byId = new Map(histories.map((h) => [h.id, h.signatures]));
  return (j) => byId.get(j.id) ?? [];
}

export const toRequirements = (r: JobRequirements): RequirementCounts => ({
  Boiler_Installs: r.boilerInstalls,
  Boiler_Service: r.boilerService,
  Pipework: r.pipework,
  Repair: r.repair,
});

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
  Disputed_Count: j.Disputed_Count,
});

function putSummary(student: StudentDoc, job: JobDoc) {
  const others = student.jobs.filter((s) => s.id !== job.id);
  student.jobs = [...others, summary(job)].sort(
    (a, b) => JOB_TYPES.indexOf(a.Job_Type) - JOB_TYPES.indexOf(b.Job_Type),
  );
}

const studentAudience = (s: StudentDoc) => audienceOf(s.id, s.centre_id, s.mentor_id);

/** Placement status and id, and the audience, follow the student's active and pending placements. */
function withPlacementState(student: StudentDoc): StudentDoc {
  student.placement_status = student.active_placement_id ? 'active' : student.pending_placement_id ? 'pending' : null;
  student.placement_id = student.active_placement_id ?? student.pending_placement_id;
  student._audience = studentAudience(student);
  return student;
}

/** Changes a centre's counters (made at zero on first use). */
async function countCentre(ctx: ProjectionContext, id: string, change: (stats: CentreStatsDoc) => void) {
  const stats = (await centreStats.in(ctx).get(id)) ?? {
    id,
    total_students: 0,
    placed_students: 0,
    latest_student_id: null,
    _audience: [id],
  };
  change(stats);
  centreStats.in(ctx).put(stats);
}

/** Changes a mentor's counters (made at zero on first use). */
async function countMentor(ctx: ProjectionContext, id: string, change: (stats: MentorStatsDoc) => void) {
  const stats = (await mentorStats.in(ctx).get(id)) ?? { id, active_students: 0, jobs_supervised: 0, _audience: [id] };
  change(stats);
  mentorStats.in(ctx).put(stats);
}

/** A counter's change: one fewer, never below zero. */
const oneFewer =
  <K extends string>(field: K) =>
  (stats: Record<K, number>) =>
    void (stats[field] = Math.max(0, stats[field] - 1));

/** Moves every job of the student to the student's current audience and active mentor. */
async function refreshJobs(ctx: ProjectionContext, student: StudentDoc, time: string) {
  for (const j of await jobs.in(ctx).find({ Student_ID: student.id })) {
    j.mentor_id = student.mentor_id;
    j._audience = studentAudience(student);
    j.updated_at = time;
    jobs.in(ctx).put(j);
  }
}

type MaybePromise<T> = T | Promise<T>;

/** A change to a known student (events about other accounts change nothing), then its placement state. */
async function changeStudent(ctx: ProjectionContext, id: string, change: (student: StudentDoc) => MaybePromise<void>) {
  const student = await students.in(ctx).get(id);
  if (!student) return;
  await change(student);
  students.in(ctx).put(withPlacementState(student));
}

/**
 * A change to a known job (changed in place, docs/architecture.md#runner-memory), then its summary and the student;
 * `change` answers false when there is nothing to change. With `history` the signature history is written too.
 */
const changeJob =
  <T extends EventWith<{ studentId: string; jobId: string }>>(
    change: (
      job: JobDoc,
      student: StudentDoc,
      e: Recorded<T>,
      ctx: ProjectionContext,
      signatures: SignatureEntry[],
    ) => MaybePromise<void | false>,
    history = false,
  ) =>
  async (e: Recorded<T>, ctx: ProjectionContext) => {
    const [student, stored, kept] = await Promise.all([
      students.in(ctx).get(e.data.studentId),
      jobs.in(ctx).get(e.data.jobId),
      history ? jobSignatures.in(ctx).get(e.data.jobId) : null,
    ]);
    if (!student || !stored) return;
    const signatures = kept?.signatures ?? [];
    if ((await change(stored, student, e, ctx, signatures)) === false) return;
    if (history) {
      stored.Disputed_Count = openDisputeCount(signatures);
      jobSignatures.in(ctx).put({ id: stored.id, signatures });
    }
    stored.updated_at = e.time;
    jobs.in(ctx).put(withJobState(stored));
    putSummary(student, stored);
    students.in(ctx).put(withPlacementState(student));
  };

/** docs/rules.md#trainee-countersign: the trainee's answer, or an admin's resolution, marks the sign-off in the job's history. */
const answer = <T extends AnswerEvent>(
  change: (
    entry: SignatureEntry,
    e: Recorded<T>,
    job: JobDoc,
    student: StudentDoc,
    ctx: ProjectionContext,
    signatures: SignatureEntry[],
  ) => MaybePromise<void>,
) =>
  changeJob<T>(async (job, student, e, ctx, signatures) => {
    const entry = signatures.find((x) => x.signature_id === e.data.signatureId);
    if (!entry) return false;
    await change(entry, e, job, student, ctx, signatures);
  }, true);

/** A sign-off's evidence as the views show it (docs/rules.md#evidence); photos' flags are filled in by the query side. */
export function evidenceView(e: DataOf<'JobCardSigned'>['evidence']): CardEvidenceView | null {
  if (!e) return null;
  return {
    site_postcode: e.sitePostcode,
    appliance: { kind: e.appliance.kind, make: e.appliance.make, model: e.appliance.model },
    work_done: e.workDone,
    duration_minutes: e.durationMinutes,
    photos: e.photos.map((p) => ({ photo_id: p.photoId, possible_duplicate: null })),
  };
}

export const trainingProjection = defineProjection({
  name: 'training',
  version: 5, // versions and indexes: docs/read-models.md#training
  collections: {
    [STUDENTS]: [
      'centre_id+Created_At',
      'centre_id+Name',
      'mentor_id+Created_At',
      'mentor_id+Name',
      searchIndex('Name', 'Email', 'Phone_Number', 'Postcode', 'id'),
    ],
    [JOBS]: [
      'Student_ID',
      'mentor_id+Student_Name+Student_ID+Job_Type+Total_Count+student_email',
      'centre_id+Student_Name+Student_ID+Job_Type+Total_Count+student_email',
      'centre_id+opened_at',
      'centre_id+updated_at',
      'mentor_id+opened_at',
      'mentor_id+updated_at',
      'Student_Name',
    ],
    [centreStats.name]: [],
    [mentorStats.name]: [],
    [jobSignatures.name]: [],
  },
  on: {
    StudentRegistered: async ({ time, data: d }, ctx) => {
      students.in(ctx).put({
        id: d.accountId,
        First_Name: d.firstName,
        Last_Name: d.lastName,
        Name: `${d.firstName} ${d.lastName}`.trim(),
        Email: d.email,
        Phone_Number: d.phone,
        Postcode: d.postcode,
        Date_Of_Birth: d.dateOfBirth,
        centre_id: d.centreId,
        Created_At: time,
        requirements: toRequirements(d.requirements),
        additional_requirements: null,
        has_requirements: Object.values(d.requirements).some((n) => n > 0),
        Matched: false,
        placement_status: null,
        placement_id: null,
        active_placement_id: null,
        pending_placement_id: null,
        mentor_id: null,
        Placed_At: null,
        jobs: [],
        cards_signed: 0,
        invite_expires_at:
          d.temporaryPasswordExpiresAt ?? new Date(Date.parse(time) + TEMPORARY_PASSWORD_DAYS * DAY_MS).toISOString(),
        invite_accepted_at: null,
        _audience: audienceOf(d.accountId, d.centreId),
      });
      if (d.centreId)
        await countCentre(ctx, d.centreId, (stats) => {
          stats.total_students += 1;
          stats.latest_student_id = d.accountId;
        });
    },
    StudentInviteResent: ({ data: d }, ctx) =>
      changeStudent(ctx, d.accountId, (student) => void (student.invite_expires_at = d.temporaryPasswordExpiresAt)),
    // The student chose their own password: the invitation is used (later changes keep the first time).
    PasswordChanged: ({ time, data: d }, ctx) =>
      changeStudent(ctx, d.accountId, (student) => {
        student.invite_expires_at = null;
        student.invite_accepted_at ??= time;
      }),
    // The student's contact details are copied onto each of their jobs.
    ProfileChanged: ({ time, data: { accountId, changes: c } }, ctx) =>
      changeStudent(ctx, accountId, async (student) => {
        takeChanges(student, c);
        const found = await Promise.all(student.jobs.map((s) => jobs.in(ctx).get(s.id)));
        const contact: Partial<JobDoc> = {
          Student_Name: student.Name,
          student_email: student.Email,
          student_phone: student.Phone_Number,
          student_postcode: student.Postcode,
        };
        for (const j of found) {
          if (!j || Object.entries(contact).every(([k, v]) => j[k as keyof JobDoc] === v)) continue;
          jobs.in(ctx).put(Object.assign(j, contact, { updated_at: time }));
        }
      }),
    RequirementsSet: ({ data: d }, ctx) =>
      changeStudent(ctx, d.studentId, (student) => {
        student.requirements = toRequirements(d.requirements);
        student.additional_requirements = d.additionalRequirements;
        student.has_requirements = true;
      }),
    PlacementProposed: ({ data: d }, ctx) =>
      changeStudent(ctx, d.studentId, (student) => void (student.pending_placement_id = d.placementId)),
    PlacementDeclined: ({ data: d }, ctx) =>
      changeStudent(ctx, d.studentId, (student) => {
        if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
      }),
    // The mentor joins the audience of the student and their jobs; the counters follow.
    PlacementAccepted: ({ time, data: d }, ctx) =>
      changeStudent(ctx, d.studentId, async (student) => {
        if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
        if (student.active_placement_id === d.placementId) return;
        const wasPlaced = student.Matched;
        if (student.mentor_id && student.mentor_id !== d.mentorId)
          await countMentor(ctx, student.mentor_id, oneFewer('active_students'));
        Object.assign(student, {
          active_placement_id: d.placementId,
          mentor_id: d.mentorId,
          Matched: true,
          Placed_At: time,
        });
        await countMentor(ctx, d.mentorId, (s) => void (s.active_students += 1));
        if (student.centre_id && !wasPlaced)
          await countCentre(ctx, student.centre_id, (s) => void (s.placed_students += 1));
        await refreshJobs(ctx, student, time);
      }),
    // The mentor leaves the audience of the student and their jobs; signed cards stay.
    PlacementEnded: ({ time, data: d }, ctx) =>
      changeStudent(ctx, d.studentId, async (student) => {
        if (student.pending_placement_id === d.placementId) student.pending_placement_id = null;
        if (student.active_placement_id !== d.placementId) return;
        await countMentor(ctx, d.mentorId, oneFewer('active_students'));
        if (student.centre_id) await countCentre(ctx, student.centre_id, oneFewer('placed_students'));
        Object.assign(student, { active_placement_id: null, mentor_id: null, Matched: false, Placed_At: null });
        await refreshJobs(ctx, student, time);
      }),
    JobOpened: ({ time, data: d }, ctx) =>
      changeStudent(ctx, d.studentId, (student) => {
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
          Disputed_Count: 0,
          completed_at: null,
          mentor_signature: null,
          status: 'in_progress',
          percent: 0,
          opened_at: time,
          updated_at: time,
          _audience: studentAudience(student),
        });
        jobs.in(ctx).put(job);
        putSummary(student, job);
      }),
    JobReassigned: changeJob<'JobReassigned'>((job, _s, e) => void (job.placement_id = e.data.placementId)),
    JobTotalAdjusted: changeJob<'JobTotalAdjusted'>((job, _s, e) => void (job.Total_Count = e.data.totalCount)),
    JobCardSigned: changeJob<'JobCardSigned'>(async (job, student, { data: d, time: recordedAt }, ctx, signatures) => {
      job.Completed_Count = d.completedCount;
      job.completed_at = d.completedAt;
      job.mentor_signature = d.signature;
      // Field by field, not spread (docs/read-models.md#training); the schema strips any other field.
      const { signature, mentorName, date, time, timestamp } = d.signature;
      signatures.push({
        signature,
        mentorName,
        date,
        time,
        timestamp,
        signature_id: signatureIdOf(d),
        mentor_id: d.mentorId,
        completed_at: d.completedAt,
        content_hash: d.contentHash ?? null,
        dispute_until: disputeUntil(recordedAt),
        ...awaitingAnswer(),
        signed_at: d.signedAt ?? recordedAt,
        captured_at: d.capturedAt ?? null,
        evidence: evidenceView(d.evidence),
        evidence_note: d.evidence ? null : PRE_EVIDENCE_LABEL,
        reflection: null,
      });
      student.cards_signed += 1;
      await countMentor(ctx, d.mentorId, (s) => void (s.jobs_supervised += 1));
    }, true),
    SignatureConfirmed: answer<'SignatureConfirmed'>((entry, e) => {
      confirmed(entry, e.time);
      entry.reflection = e.data.reflection ?? null;
    }),
    SignatureDisputed: answer<'SignatureDisputed'>((entry, e) => disputed(entry, e.data, e.time)),
    DisputeResolved: answer<'DisputeResolved'>((entry, e) => resolved(entry, e.data, e.time)),
    // The job's count goes down; its latest sign-off is the latest one that still counts.
    SignatureRevoked: answer<'SignatureRevoked'>(async (entry, { data: d }, job, student, ctx, signatures) => {
      revoked(entry);
      job.Completed_Count = d.completedCount;
      const latest = signatures.filter((x) => !x.revoked).at(-1);
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
      await countMentor(ctx, d.mentorId, oneFewer('jobs_supervised'));
    }),
  },
});

/** A job as the API answers it (spec "Job" fields plus the student's contact details and the card history). */
export function jobView(j: JobDoc, signatures: SignatureEntry[]) {
  // One literal (docs/benchmarks.md, "Objects built per row").
  return {
    id: j.id,
    Student_ID: j.Student_ID,
    Student_Name: j.Student_Name,
    student_email: j.student_email,
    student_phone: j.student_phone,
    student_postcode: j.student_postcode,
    centre_id: j.centre_id,
    mentor_id: j.mentor_id,
    placement_id: j.placement_id,
    Job_Type: j.Job_Type,
    Total_Count: j.Total_Count,
    Completed_Count: j.Completed_Count,
    Disputed_Count: j.Disputed_Count,
    completed_at: j.completed_at,
    mentor_signature: j.mentor_signature,
    signatures,
    status: j.status,
    percent: j.percent,
    remaining: Math.max(0, j.Total_Count - j.Completed_Count),
    is_complete: isComplete(j),
    opened_at: j.opened_at,
  };
}
