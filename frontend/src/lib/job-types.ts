import type { DisputeView, TraineeStatus } from '@panda/contracts/signoff';

/**
 * Job types and progress arithmetic shared by the student and mentor screens (spec sections 3, 9).
 * A job is complete when Completed_Count reaches Total_Count; its percentage is completed over
 * total, rounded, capped at 100.
 */

export const JOB_TYPES = ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** The one name of each job type on every screen: the spec's progress card titles ("Student jobs view"). */
export const JOB_TYPE_CARD_TITLES: Record<JobType, string> = {
  'Boiler Installs': 'Boiler Installs',
  'Boiler Service': 'Boiler Services',
  Pipework: 'Pipework Jobs',
  Repair: 'Repair Jobs',
};

/** A job type's display name (an unknown type is shown as given). */
export const jobTypeName = (type: unknown): string => JOB_TYPE_CARD_TITLES[type as JobType] ?? String(type ?? '');

/** Display name of a requirement key ('Boiler_Service' -> 'Boiler Services'). */
export const requirementName = (key: string): string =>
  jobTypeName(JOB_TYPES.find((t) => REQUIREMENT_KEYS[t] === key) ?? key);

/** Requirement key in the `requirements` object of GET /api/students/job-requirements. */
export const REQUIREMENT_KEYS: Record<JobType, 'Boiler_Installs' | 'Boiler_Service' | 'Pipework' | 'Repair'> = {
  'Boiler Installs': 'Boiler_Installs',
  'Boiler Service': 'Boiler_Service',
  Pipework: 'Pipework',
  Repair: 'Repair',
};

/** Field of the requirements payload (PUT /api/students/job-requirements). */
export const REQUIREMENT_FIELDS: Record<
  JobType,
  'boiler_installs_required' | 'boiler_service_required' | 'pipework_required' | 'repair_required'
> = {
  'Boiler Installs': 'boiler_installs_required',
  'Boiler Service': 'boiler_service_required',
  Pipework: 'pipework_required',
  Repair: 'repair_required',
};

export interface JobRequirementCounts {
  Boiler_Installs: number;
  Boiler_Service: number;
  Pipework: number;
  Repair: number;
}

/** The typed sign-off of one job card (spec "Mentor signature"). */
export interface MentorSignature {
  signature: string;
  mentorName: string;
  date: string;
  time: string;
  timestamp: string;
}

export interface SignedCard extends MentorSignature {
  mentor_id?: string;
  completed_at?: string;
  /** Ruling 31: the sign-off's id and where it stands with the trainee (absent on old read models). */
  signature_id?: string;
  trainee_status?: TraineeStatus;
  trainee_status_label?: string;
  confirmed_at?: string | null;
  dispute?: DisputeView | null;
  revoked?: boolean;
}

/** A job as GET /api/jobs answers it (spec "Job" plus the student's contact details). */
export interface Job {
  id: string;
  Student_ID: string;
  Student_Name?: string;
  student_email?: string | null;
  student_phone?: string | null;
  student_postcode?: string | null;
  Job_Type: JobType | string;
  Total_Count: number;
  Completed_Count: number;
  completed_at?: string | null;
  mentor_signature?: MentorSignature | null;
  /** Every signed card, oldest first (ruling 7). */
  signatures?: SignedCard[];
  status?: 'in_progress' | 'completed' | string;
  percent?: number;
  remaining?: number;
  is_complete?: boolean;
  opened_at?: string;
  mentor_id?: string | null;
  placement_id?: string | null;
  /** Mentor lists only (ruling 30): whether the mentor's Gas Safe categories cover this job type, and why not. */
  may_sign?: boolean;
  sign_refusal?: string | null;
}

export function percentOf(completed: number, total: number): number {
  if (!(total > 0)) return completed > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((completed / total) * 100)));
}

export function jobPercent(job: Pick<Job, 'Completed_Count' | 'Total_Count'>): number {
  return percentOf(job.Completed_Count, job.Total_Count);
}

export function jobIsComplete(job: Pick<Job, 'Completed_Count' | 'Total_Count'>): boolean {
  return job.Total_Count > 0 && job.Completed_Count >= job.Total_Count;
}

export function jobRemaining(job: Pick<Job, 'Completed_Count' | 'Total_Count'>): number {
  return Math.max(0, job.Total_Count - job.Completed_Count);
}

/** Orders jobs by the product's job type order, then by student name. */
export function compareJobs(a: Job, b: Job): number {
  const ta = JOB_TYPES.indexOf(a.Job_Type as JobType);
  const tb = JOB_TYPES.indexOf(b.Job_Type as JobType);
  return (ta < 0 ? 99 : ta) - (tb < 0 ? 99 : tb);
}

/** GET /api/jobs answers a list; tolerate `{ jobs: [...] }` too. */
export function jobsFromResponse(response: unknown): Job[] {
  const list = Array.isArray(response)
    ? response
    : response && typeof response === 'object' && Array.isArray((response as { jobs?: unknown }).jobs)
      ? (response as { jobs: unknown[] }).jobs
      : [];
  return list.filter((j): j is Job => !!j && typeof j === 'object' && typeof (j as Job).id === 'string');
}
