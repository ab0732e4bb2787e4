import type { RecordedEvent } from '@panda/events/envelope';
import type { Projection, ProjectionContext } from '../projection';
import type { Doc } from '../read-store';
import { TRAINING_EVENT_TYPES } from './training-events';

/**
 * Placements and what matching needs, built only from events:
 * - `placements`: one document per placement as the admin Placements tab and the details modal
 *   show it (spec section 3 "Placement"). Audience: the student, the mentor, the student's centre.
 * - `student_placements`: per student, Matched / placement_status / placement_id / mentor, their
 *   requirements and job progress per job type (what they still need). Audience: the student,
 *   their centre and their (active or proposed) mentor.
 * - `placement_parties`: names, e-mails, centres and postcodes of every non-admin account, plus the
 *   mentor's business profile (postcode, qualifications, completeness) and placement counts, so
 *   that this projection never reads another projection's collections. Audience: the account.
 */
export const PLACEMENTS = 'placements';
export const STUDENT_PLACEMENTS = 'student_placements';
export const PLACEMENT_PARTIES = 'placement_parties';

const JOB_TYPES = ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'] as const;
type JobType = (typeof JOB_TYPES)[number];
const REQ_KEYS: Record<string, JobType> = { boilerInstalls: 'Boiler Installs', boilerService: 'Boiler Service', pipework: 'Pipework', repair: 'Repair' };

export const QUALIFICATION_FIELDS = [
  'Qualified_Boilers',
  'Qualified_Cookers',
  'Qualified_Gas_Fires',
  'Qualified_Gas_Meters',
  'Qualified_LPG',
  'Qualified_Commercial',
] as const;

export interface PartyDoc extends Doc {
  id: string;
  role: 'student' | 'mentor' | 'training_centre';
  First_Name: string;
  Last_Name: string;
  /** "First Last", or the centre's name for a training centre. */
  Name: string;
  Email: string;
  centre_id: string | null;
  Postcode: string | null;
  /** Mentors: business profile as last saved. */
  Business_Name: string | null;
  Business_Postcode: string | null;
  Gas_Safe_Registration_Number: string | null;
  qualifications: Partial<Record<(typeof QUALIFICATION_FIELDS)[number], boolean>>;
  profile_complete: boolean;
  /** Mentors: placements by status. */
  active_students: number;
  pending_requests: number;
  _audience: string[];
}

export interface PlacementDoc extends Doc {
  id: string;
  Status: 'pending' | 'active' | 'completed' | 'cancelled';
  /** When the mentor accepted (the student was placed); null while pending or if never accepted. */
  Placed_At: string | null;
  Proposed_At: string;
  Ended_At: string | null;
  /** The latest notes: the admin's end notes when it ended with some, else the proposal's. */
  Notes: string | null;
  proposal_notes: string | null;
  end_notes: string | null;
  decline_reason: string | null;
  reasons: string[];
  proposed_by: string | null;
  ended_by: string | null;
  student_id: string;
  mentor_id: string;
  training_centre_id: string | null;
  student_name: string;
  student_email: string;
  mentor_name: string;
  mentor_email: string;
  training_centre_name: string | null;
  training_centre_email: string | null;
  relationships: {
    student: { id: string; name: string; email: string };
    mentor: { id: string; name: string; email: string };
    training_centre: { id: string; name: string; email: string } | null;
  };
  Created_At: string;
  updated_at: string;
  _audience: string[];
}

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

const zeroes = (): Record<JobType, number> => ({ 'Boiler Installs': 0, 'Boiler Service': 0, Pipework: 0, Repair: 0 });
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => Boolean(x)))];

type Data = Record<string, unknown>;

function newParty(id: string, role: PartyDoc['role'], first: string, last: string, email: string): PartyDoc {
  return {
    id,
    role,
    First_Name: first,
    Last_Name: last,
    Name: `${first} ${last}`.trim(),
    Email: email,
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

function newStudent(id: string, centreId: string | null, time: string): StudentPlacementDoc {
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
    required: zeroes(),
    completed: zeroes(),
    jobs: {},
    updated_at: time,
    _audience: uniq([id, centreId]),
  };
}

const requiredFrom = (r: unknown): Record<JobType, number> => {
  const out = zeroes();
  for (const [k, t] of Object.entries(REQ_KEYS)) {
    const v = (r as Data | null)?.[k];
    if (typeof v === 'number') out[t] = v;
  }
  return out;
};

const person = (p: PartyDoc | null, id: string) => ({ id, name: p?.Name ?? 'Unknown', email: p?.Email ?? '' });

async function placementFromProposal(e: RecordedEvent, d: Data, ctx: ProjectionContext): Promise<PlacementDoc> {
  const studentId = d.studentId as string;
  const mentorId = d.mentorId as string;
  const centreId = (d.centreId as string | null) ?? null;
  const [student, mentor, centre] = (await Promise.all([
    ctx.get(PLACEMENT_PARTIES, studentId),
    ctx.get(PLACEMENT_PARTIES, mentorId),
    centreId ? ctx.get(PLACEMENT_PARTIES, centreId) : Promise.resolve(null),
  ])) as (PartyDoc | null)[];
  const s = person(student, studentId);
  const m = person(mentor, mentorId);
  const c = centreId ? person(centre, centreId) : null;
  return {
    id: d.placementId as string,
    Status: 'pending',
    Placed_At: null,
    Proposed_At: e.time,
    Ended_At: null,
    Notes: (d.notes as string | null) ?? null,
    proposal_notes: (d.notes as string | null) ?? null,
    end_notes: null,
    decline_reason: null,
    reasons: (d.reasons as string[]) ?? [],
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
    _audience: uniq([studentId, mentorId, centreId]),
  };
}

/** Re-derives the student's placement summary from their placements. */
async function refreshStudent(ctx: ProjectionContext, studentId: string, time: string, latest: PlacementDoc) {
  const doc = ((await ctx.get(STUDENT_PLACEMENTS, studentId)) as StudentPlacementDoc | null) ?? newStudent(studentId, latest.training_centre_id, time);
  const all = (await ctx.find(PLACEMENTS, { student_id: studentId })) as PlacementDoc[];
  const mine = [...all.filter((p) => p.id !== latest.id), latest];
  const active = mine.find((p) => p.Status === 'active') ?? null;
  const pending = mine.find((p) => p.Status === 'pending') ?? null;
  doc.Matched = Boolean(active);
  doc.placement_status = (active ?? pending ?? latest).Status;
  doc.placement_id = (active ?? pending ?? latest).id;
  doc.mentor = active?.mentor_id ?? null;
  doc.mentor_name = active?.mentor_name ?? null;
  doc.mentor_email = active?.mentor_email ?? null;
  doc.pending_placement_id = pending?.id ?? null;
  doc.pending_mentor_id = pending?.mentor_id ?? null;
  doc.updated_at = time;
  doc._audience = uniq([studentId, doc.training_centre_id, active?.mentor_id, pending?.mentor_id]);
  ctx.put(STUDENT_PLACEMENTS, doc);
}

async function refreshMentor(ctx: ProjectionContext, mentorId: string, latest: PlacementDoc) {
  const mentor = (await ctx.get(PLACEMENT_PARTIES, mentorId)) as PartyDoc | null;
  if (!mentor) return;
  const all = (await ctx.find(PLACEMENTS, { mentor_id: mentorId })) as PlacementDoc[];
  const mine = [...all.filter((p) => p.id !== latest.id), latest];
  mentor.active_students = mine.filter((p) => p.Status === 'active').length;
  mentor.pending_requests = mine.filter((p) => p.Status === 'pending').length;
  ctx.put(PLACEMENT_PARTIES, mentor);
}

/** A person's name or e-mail changed: every placement that shows it follows. */
async function renameInPlacements(ctx: ProjectionContext, party: PartyDoc, time: string) {
  const field = party.role === 'student' ? 'student_id' : party.role === 'mentor' ? 'mentor_id' : 'training_centre_id';
  for (const p of (await ctx.find(PLACEMENTS, { [field]: party.id })) as PlacementDoc[]) {
    const who = { id: party.id, name: party.Name, email: party.Email };
    if (party.role === 'student') Object.assign(p, { student_name: who.name, student_email: who.email }, { relationships: { ...p.relationships, student: who } });
    else if (party.role === 'mentor') Object.assign(p, { mentor_name: who.name, mentor_email: who.email }, { relationships: { ...p.relationships, mentor: who } });
    else Object.assign(p, { training_centre_name: who.name, training_centre_email: who.email }, { relationships: { ...p.relationships, training_centre: who } });
    p.updated_at = time;
    ctx.put(PLACEMENTS, p);
    if (party.role === 'mentor' && p.Status === 'active') {
      const s = (await ctx.get(STUDENT_PLACEMENTS, p.student_id)) as StudentPlacementDoc | null;
      if (s && s.mentor === party.id) {
        s.mentor_name = who.name;
        s.mentor_email = who.email;
        ctx.put(STUDENT_PLACEMENTS, s);
      }
    }
  }
}

/** The profile object of a MentorProfileSaved event (issue 4), tolerant of its exact shape. */
const profileOf = (d: Data): Data => ((d.profile && typeof d.profile === 'object' ? d.profile : d) as Data);

export const placementsProjection: Projection = {
  name: 'placements',
  collections: {
    [PLACEMENTS]: ['student_id', 'mentor_id', 'training_centre_id', 'Status', 'Created_At', 'mentor_id+Created_At', 'Status+Created_At', 'student_name', 'mentor_name'],
    [STUDENT_PLACEMENTS]: ['training_centre_id', 'mentor', 'Matched', 'pending_mentor_id'],
    [PLACEMENT_PARTIES]: ['role', 'centre_id'],
  },
  handles: ['AccountSignedUp', 'StudentRegistered', 'ProfileChanged', 'MentorProfileSaved', ...TRAINING_EVENT_TYPES],
  async apply(e, ctx) {
    const d = e.data as Data;
    switch (e.type) {
      case 'AccountSignedUp': {
        const p = newParty(d.accountId as string, d.role as PartyDoc['role'], d.firstName as string, d.lastName as string, d.email as string);
        if (d.centreName) p.Name = d.centreName as string;
        ctx.put(PLACEMENT_PARTIES, p);
        return;
      }
      case 'StudentRegistered': {
        const id = d.accountId as string;
        const p = newParty(id, 'student', d.firstName as string, d.lastName as string, d.email as string);
        p.centre_id = (d.centreId as string | null) ?? null;
        p.Postcode = (d.postcode as string | null) ?? null;
        ctx.put(PLACEMENT_PARTIES, p);
        const s = newStudent(id, p.centre_id, e.time);
        s.required = requiredFrom(d.requirements);
        ctx.put(STUDENT_PLACEMENTS, s);
        return;
      }
      case 'ProfileChanged': {
        // Profile Settings (catalogue/profiles.ts): `changes` holds only the fields that changed.
        const id = (d.accountId ?? d.id) as string | undefined;
        if (!id) return;
        const p = (await ctx.get(PLACEMENT_PARTIES, id)) as PartyDoc | null;
        if (!p) return;
        const src = ((d.changes && typeof d.changes === 'object' ? d.changes : d.profile && typeof d.profile === 'object' ? d.profile : d) as Data) ?? {};
        const pick = (...keys: string[]) => {
          for (const k of keys) if (k in src) return src[k];
          return undefined;
        };
        const first = pick('firstName', 'First_Name');
        const last = pick('lastName', 'Last_Name');
        const email = pick('email', 'Email');
        const postcode = pick('postcode', 'Postcode');
        const centreName = pick('centreName', 'Training_Centre_Name', 'Name');
        if (typeof first === 'string') p.First_Name = first;
        if (typeof last === 'string') p.Last_Name = last;
        if (typeof email === 'string') p.Email = email;
        if (typeof postcode === 'string' || postcode === null) p.Postcode = (postcode as string | null) ?? null;
        p.Name = p.role === 'training_centre' && typeof centreName === 'string' && centreName ? centreName : p.role === 'training_centre' ? p.Name : `${p.First_Name} ${p.Last_Name}`.trim();
        // A mentor's business fields count only once saved with the whole profile (MentorProfileSaved).
        ctx.put(PLACEMENT_PARTIES, p);
        await renameInPlacements(ctx, p, e.time);
        return;
      }
      case 'MentorProfileSaved': {
        const id = (d.accountId ?? d.mentorId) as string | undefined;
        if (!id) return;
        const p = (await ctx.get(PLACEMENT_PARTIES, id)) as PartyDoc | null;
        if (!p) return;
        const profile = profileOf(d);
        p.Business_Name = str(profile.Business_Name ?? profile.businessName);
        p.Business_Postcode = str(profile.Business_Postcode ?? profile.businessPostcode);
        p.Gas_Safe_Registration_Number = str(profile.Gas_Safe_Registration_Number ?? profile.gasSafeRegistrationNumber);
        p.qualifications = Object.fromEntries(QUALIFICATION_FIELDS.map((q) => [q, profile[q] === true]));
        for (const k of ['First_Name', 'Last_Name'] as const) if (typeof profile[k] === 'string' && profile[k]) p[k] = profile[k] as string;
        p.Name = `${p.First_Name} ${p.Last_Name}`.trim();
        // Complete once the profile form succeeded (spec section 4): the form requires these.
        p.profile_complete = Boolean(p.Business_Name && p.Business_Postcode && p.Gas_Safe_Registration_Number);
        ctx.put(PLACEMENT_PARTIES, p);
        await renameInPlacements(ctx, p, e.time);
        return;
      }
      case 'RequirementsSet': {
        const s = (await ctx.get(STUDENT_PLACEMENTS, d.studentId as string)) as StudentPlacementDoc | null;
        if (!s) return;
        s.required = requiredFrom(d.requirements);
        s.updated_at = e.time;
        ctx.put(STUDENT_PLACEMENTS, s);
        return;
      }
      case 'PlacementProposed': {
        const p = await placementFromProposal(e, d, ctx);
        ctx.put(PLACEMENTS, p);
        await refreshStudent(ctx, p.student_id, e.time, p);
        await refreshMentor(ctx, p.mentor_id, p);
        return;
      }
      case 'PlacementAccepted':
      case 'PlacementDeclined':
      case 'PlacementEnded': {
        const p = (await ctx.get(PLACEMENTS, d.placementId as string)) as PlacementDoc | null;
        if (!p) return;
        p.updated_at = e.time;
        if (e.type === 'PlacementAccepted') {
          p.Status = 'active';
          p.Placed_At = e.time;
        } else if (e.type === 'PlacementDeclined') {
          p.Status = 'cancelled';
          p.decline_reason = d.reason as string;
          p.Ended_At = e.time;
          p.ended_by = e.actorId;
        } else {
          p.Status = d.status as 'completed' | 'cancelled';
          p.end_notes = (d.notes as string | null) ?? null;
          p.Notes = p.end_notes ?? p.proposal_notes;
          p.Ended_At = e.time;
          p.ended_by = e.actorId;
        }
        ctx.put(PLACEMENTS, p);
        await refreshStudent(ctx, p.student_id, e.time, p);
        await refreshMentor(ctx, p.mentor_id, p);
        return;
      }
      case 'JobOpened':
      case 'JobReassigned':
      case 'JobTotalAdjusted':
      case 'JobCardSigned': {
        const s = (await ctx.get(STUDENT_PLACEMENTS, d.studentId as string)) as StudentPlacementDoc | null;
        if (!s) return;
        const jobId = d.jobId as string;
        if (e.type === 'JobOpened') s.jobs[jobId] = { type: d.jobType as JobType, total: d.totalCount as number, completed: 0, mentor_id: d.mentorId as string };
        const job = s.jobs[jobId];
        if (!job) return;
        if (e.type === 'JobReassigned') job.mentor_id = d.mentorId as string;
        if (e.type === 'JobTotalAdjusted') job.total = d.totalCount as number;
        if (e.type === 'JobCardSigned') job.completed = d.completedCount as number;
        s.completed = zeroes();
        for (const j of Object.values(s.jobs)) s.completed[j.type] += j.completed;
        s.updated_at = e.time;
        ctx.put(STUDENT_PLACEMENTS, s);
        return;
      }
    }
  },
};
