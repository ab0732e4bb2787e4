import type { JobRequirements } from '../catalogue/accounts';
import { JOB_TYPES, REQUIREMENT_KEY, jobTypeName, perJobType, type JobType } from '@panda/contracts/training';
import { distanceKm, locate } from './outcodes';
import {
  QUALIFICATION_KEYS,
  QUALIFICATIONS_FOR_JOB,
  coversJobType,
  type QualificationKey,
} from './gas-safe-categories';

/**
 * Ranking of eligible mentors for a student (docs/rules.md#admin-matching: postcode proximity, free capacity,
 * qualifications). Pure: the caller has already kept only eligible mentors (vetted, unlocked,
 * profile complete). Every candidate carries the reasons for its rank.
 *
 * Score out of 100:
 * - distance, 50 points: 50 x (1 - km / 100), nothing from 100 km on or when a postcode is unknown.
 *   Distance is between outward-code centroids (`M1 1AE` -> `M1`), a few km of error. People are
 *   shown it in miles (`distance_miles`, the reasons), as every screen gives distances
 *   (docs/rules.md#one-unit-one-name).
 * - free capacity, 20 points: 20 x free places / MENTOR_CAPACITY. A mentor takes at most
 *   MENTOR_CAPACITY students at once; active placements and pending requests both take a place.
 * - qualifications, 30 points: 30 x the share of the job types the student still needs that the
 *   mentor is qualified for (the rule of docs/rules.md#gas-safe-categories, `coversJobType`). Full marks when the student needs nothing.
 * Ties: nearer first, then by name.
 */
export const MENTOR_CAPACITY = 3;
export const DISTANCE_POINTS = 50;
export const CAPACITY_POINTS = 20;
export const QUALIFICATION_POINTS = 30;
export const DISTANCE_HORIZON_KM = 100;

/** Which qualification covers which job type: the one rule of docs/rules.md#gas-safe-categories (gas-safe-categories.ts). */
export { QUALIFICATION_KEYS, QUALIFICATIONS_FOR_JOB, type QualificationKey };

const QUALIFICATION_LABEL: Record<QualificationKey, string> = {
  Qualified_Boilers: 'boilers',
  Qualified_Cookers: 'cookers',
  Qualified_Gas_Fires: 'gas fires',
  Qualified_Gas_Meters: 'gas meters',
  Qualified_LPG: 'LPG',
  Qualified_Commercial: 'commercial',
};

export interface StudentForRanking {
  postcode: string | null;
  /** Job types with work still to do (required > completed), in JOB_TYPES order. */
  needs: JobType[];
}

export interface MentorForRanking {
  id: string;
  name: string;
  email: string;
  businessName: string | null;
  businessPostcode: string | null;
  qualifications: Partial<Record<QualificationKey, boolean>>;
  activeStudents: number;
  pendingRequests: number;
  /** Set when this mentor declined this student before: shown to the admin, not scored. */
  declinedBefore?: string | null;
}

export interface Candidate {
  id: string;
  name: string;
  email: string;
  Business_Name: string | null;
  Business_Postcode: string | null;
  distance_km: number | null;
  /** The same distance in miles, as the screens show it. */
  distance_miles: number | null;
  active_students: number;
  pending_requests: number;
  capacity: number;
  free_capacity: number;
  qualified_for: JobType[];
  not_qualified_for: JobType[];
  score: number;
  score_parts: { distance: number; capacity: number; qualifications: number };
  rank: number;
  /** One line per factor, in the order distance, capacity, qualifications (then notes). */
  reasons: string[];
  /** Why this rank, in one sentence. */
  rank_reason: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
export const KM_PER_MILE = 1.609344;
const miles = (km: number) => round1(km / KM_PER_MILE);
const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
/** Job types by their one name on every screen (docs/rules.md#one-unit-one-name). */
const jobList = (xs: JobType[]) => list(xs.map(jobTypeName));

export function scoreMentor(
  student: StudentForRanking,
  mentor: MentorForRanking,
): Omit<Candidate, 'rank' | 'rank_reason'> {
  const reasons: string[] = [];
  const from = locate(student.postcode);
  const to = locate(mentor.businessPostcode);
  let distance: number | null = null;
  let distancePoints = 0;
  if (from.at && to.at) {
    distance = round1(distanceKm(from.at, to.at));
    distancePoints = DISTANCE_POINTS * Math.max(0, 1 - distance / DISTANCE_HORIZON_KM);
    reasons.push(
      from.outcode === to.outcode
        ? `Same postcode area as the student (${from.outcode}): within a few miles`
        : distance >= DISTANCE_HORIZON_KM
          ? `${miles(distance)} miles from the student (${from.outcode} to ${to.outcode}): too far for distance points`
          : `${miles(distance)} miles from the student (${from.outcode} to ${to.outcode})`,
    );
  } else if (!student.postcode) {
    reasons.push('Distance unknown: the student has no postcode');
  } else if (!from.at) {
    reasons.push(`Distance unknown: the student's postcode ${student.postcode} is not recognised`);
  } else {
    reasons.push(
      mentor.businessPostcode
        ? `Distance unknown: business postcode ${mentor.businessPostcode} is not recognised`
        : 'Distance unknown: no business postcode',
    );
  }

  const taken = mentor.activeStudents + mentor.pendingRequests;
  const free = Math.max(0, MENTOR_CAPACITY - taken);
  const capacityPoints = (CAPACITY_POINTS * free) / MENTOR_CAPACITY;
  const takenText = [
    `${mentor.activeStudents} active student${mentor.activeStudents === 1 ? '' : 's'}`,
    ...(mentor.pendingRequests
      ? [`${mentor.pendingRequests} pending request${mentor.pendingRequests === 1 ? '' : 's'}`]
      : []),
  ].join(', ');
  reasons.push(
    free > 0
      ? `${free} of ${MENTOR_CAPACITY} places free (${takenText})`
      : `No free places: ${takenText} of ${MENTOR_CAPACITY}`,
  );

  const asking = student.needs.filter((t) => QUALIFICATIONS_FOR_JOB[t].length > 0);
  const qualified = student.needs.filter((t) => coversJobType(mentor.qualifications, t));
  const missing = student.needs.filter((t) => !qualified.includes(t));
  const covered = asking.filter((t) => qualified.includes(t)).length;
  const qualificationPoints =
    asking.length === 0 ? QUALIFICATION_POINTS : (QUALIFICATION_POINTS * covered) / asking.length;
  if (student.needs.length === 0) reasons.push('The student needs no more jobs: qualifications not used');
  else if (missing.length === 0)
    reasons.push(`Qualified for every job type the student needs (${jobList(student.needs)})`);
  else
    reasons.push(
      `Qualified for ${qualified.length ? jobList(qualified) : 'none'} of the job types needed; not for ${jobList(missing)} (needs ${list(
        [...new Set(missing.flatMap((t) => QUALIFICATIONS_FOR_JOB[t].map((q) => QUALIFICATION_LABEL[q])))],
      )})`,
    );
  if (mentor.declinedBefore !== undefined && mentor.declinedBefore !== null)
    reasons.push(`Declined this student before: ${mentor.declinedBefore}`);

  const parts = {
    distance: round1(distancePoints),
    capacity: round1(capacityPoints),
    qualifications: round1(qualificationPoints),
  };
  return {
    id: mentor.id,
    name: mentor.name,
    email: mentor.email,
    Business_Name: mentor.businessName,
    Business_Postcode: mentor.businessPostcode,
    distance_km: distance,
    distance_miles: distance === null ? null : miles(distance),
    active_students: mentor.activeStudents,
    pending_requests: mentor.pendingRequests,
    capacity: MENTOR_CAPACITY,
    free_capacity: free,
    qualified_for: qualified,
    not_qualified_for: missing,
    score: Math.round(distancePoints + capacityPoints + qualificationPoints),
    score_parts: parts,
    reasons,
  };
}

/** Eligible mentors, best first, each with its rank and the reasons for it. */
export function rankMentors(student: StudentForRanking, mentors: MentorForRanking[]): Candidate[] {
  const scored = mentors.map((m) => scoreMentor(student, m));
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.distance_km ?? Number.POSITIVE_INFINITY) - (b.distance_km ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  return scored.map((c, i) => {
    const { distance, capacity, qualifications } = c.score_parts;
    const rank_reason = `Rank ${i + 1} of ${scored.length}: score ${c.score}/100 (distance ${distance}/${DISTANCE_POINTS}, free capacity ${capacity}/${CAPACITY_POINTS}, qualifications ${qualifications}/${QUALIFICATION_POINTS})`;
    return { ...c, rank: i + 1, rank_reason };
  });
}

/** Job types the student still needs: required above what is already signed off. */
export function neededJobTypes(
  required: Record<JobType, number>,
  completed: Partial<Record<JobType, number>>,
): JobType[] {
  return JOB_TYPES.filter((t) => (required[t] ?? 0) > (completed[t] ?? 0));
}

/** A student's requirements (the events' keys) per job type as the product names them. */
export const requiredPerJobType = (r: JobRequirements): Record<JobType, number> =>
  perJobType((t) => r[REQUIREMENT_KEY[t]]);
