/**
 * The job-type catalogue and the progress maths as plain values with no schema: the server and the
 * web app share them, and a first screen of the web app uses them without loading zod
 * (docs/rules.md#light-first-screens). `./training` re-exports them beside its schemas.
 */

// ---------------------------------------------------------------------------------------------
// The job-type catalogue (spec §3 "Job", §9)

export const JOB_TYPES = ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/**
 * Each job type's names: `title` on every screen (the spec's progress card titles, "Student jobs
 * view"), `key` in requirement counts (`requirements`, `job_requirements`, the registration payload),
 * `field` in the goals payload (PUT /api/students/job-requirements), `eventKey` in the events.
 */
export const JOB_TYPE_CATALOGUE = {
  'Boiler Installs': {
    title: 'Boiler Installs',
    key: 'Boiler_Installs',
    field: 'boiler_installs_required',
    eventKey: 'boilerInstalls',
  },
  'Boiler Service': {
    title: 'Boiler Service',
    key: 'Boiler_Service',
    field: 'boiler_service_required',
    eventKey: 'boilerService',
  },
  Pipework: { title: 'Pipework', key: 'Pipework', field: 'pipework_required', eventKey: 'pipework' },
  Repair: { title: 'Repair', key: 'Repair', field: 'repair_required', eventKey: 'repair' },
} as const;
type Catalogue = typeof JOB_TYPE_CATALOGUE;
type NameKind = keyof Catalogue[JobType];
export type RequirementKey = Catalogue[JobType]['key'];
export type RequirementField = Catalogue[JobType]['field'];
export type RequirementEventKey = Catalogue[JobType]['eventKey'];

const namesOf = <K extends NameKind>(kind: K) =>
  Object.fromEntries(JOB_TYPES.map((t) => [t, JOB_TYPE_CATALOGUE[t][kind]])) as { [T in JobType]: Catalogue[T][K] };

/** The one name of each job type on every screen. */
export const JOB_TYPE_CARD_TITLES = namesOf('title');
/** Job type -> its key in requirement counts (`Boiler_Service`). */
export const REQUIREMENT_KEYS = namesOf('key');
/** Job type -> its field in the goals payload (`boiler_service_required`). */
export const REQUIREMENT_FIELDS = namesOf('field');
/** Job type -> its key in the events' requirements (`boilerService`). */
export const REQUIREMENT_KEY = namesOf('eventKey');

/** A job type's display name (an unknown type is shown as given, none as ''). */
export const jobTypeName = (type: string | null): string =>
  type === null ? '' : (JOB_TYPES as readonly string[]).includes(type) ? JOB_TYPE_CARD_TITLES[type as JobType] : type;

/** Display name of a requirement key ('Boiler_Service' -> 'Boiler Service'). */
export const requirementName = (key: string): string =>
  jobTypeName(JOB_TYPES.find((t) => REQUIREMENT_KEYS[t] === key) ?? key);

/** A count per job type, keyed by the job type or by one of its names (`perJobType(f, REQUIREMENT_KEYS)`). */
export function perJobType(count: (t: JobType) => number): Record<JobType, number>;
export function perJobType<K extends string>(
  count: (t: JobType) => number,
  keyOf: Record<JobType, K>,
): Record<K, number>;
export function perJobType(count: (t: JobType) => number, keyOf?: Record<JobType, string>) {
  return Object.fromEntries(JOB_TYPES.map((t) => [keyOf ? keyOf[t] : t, count(t)]));
}

// ---------------------------------------------------------------------------------------------
// Progress maths (spec §9: completed over total, rounded, capped at 100)

/**
 * A percentage of `completed` over `total`, rounded, within 0-100. Nothing required (0 of 0) is 0%:
 * the spec and docs/rules.md are silent, and a screen showing 100% for a job nobody asked for would
 * claim work that was never done.
 */
export function percentOf(completed: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((completed / total) * 100)));
}

type Counts = { Completed_Count: number; Total_Count: number };
/** Spec §3 "Job": complete when completed >= total. */
export const isComplete = (j: Counts) => j.Completed_Count >= j.Total_Count;
export const jobPercent = (j: Counts) => percentOf(j.Completed_Count, j.Total_Count);
export const jobRemaining = (j: Counts) => Math.max(0, j.Total_Count - j.Completed_Count);

/** Orders jobs by the catalogue's job-type order. */
export const compareJobTypes = (a: { Job_Type: JobType }, b: { Job_Type: JobType }) =>
  JOB_TYPES.indexOf(a.Job_Type) - JOB_TYPES.indexOf(b.Job_Type);

/**
 * A job's sign-offs that still count and that their trainee disputed with no admin decision yet
 * (docs/rules.md#dispute-visibility): the read model keeps this count on each job as `Disputed_Count`,
 * and every screen shows a job with one as 'Disputed', never complete.
 */
export const openDisputeCount = (
  signatures: { revoked: boolean; trainee_status: string; dispute: { outcome: string | null } | null }[],
) => signatures.filter((s) => !s.revoked && s.trainee_status === 'disputed' && !s.dispute?.outcome).length;
