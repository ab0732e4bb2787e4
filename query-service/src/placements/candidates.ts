import { ACCOUNTS, type AccountDoc } from '@panda/projections/read-models/accounts';
import { PLACEMENTS, PLACEMENT_PARTIES, STUDENT_PLACEMENTS, type PartyDoc, type PlacementDoc, type StudentPlacementDoc } from '@panda/projections/read-models/placements';
import type { ReadStore } from '@panda/projections/read-store';
import type { JobType } from '@panda/events/catalogue/training';
import { neededJobTypes, rankMentors, type Candidate } from './ranking';

export interface CandidateList {
  student: {
    id: string;
    name: string;
    email: string;
    Postcode: string | null;
    account_type: 'Independent' | 'Training Centre';
    training_centre_name: string | null;
    Matched: boolean;
    placement_status: StudentPlacementDoc['placement_status'];
    /** Job types with work still to do. */
    needs: JobType[];
    /** Why no placement can be proposed now, null when one can. */
    blocked: string | null;
  };
  candidates: Candidate[];
  /** Mentors left out, with why (ruling 4: vetted, unlocked, profile complete). */
  excluded: { id: string; name: string; email: string; reasons: string[] }[];
}

/** Eligible mentors for a student, ranked with reasons; null when there is no such student. */
export async function candidatesFor(readStore: ReadStore, studentId: string): Promise<CandidateList | null> {
  const student = (await readStore.get(ACCOUNTS, studentId)) as AccountDoc | null;
  if (!student || student.role !== 'student') return null;
  const [sp, studentParty, mentors, parties, history] = await Promise.all([
    readStore.get(STUDENT_PLACEMENTS, studentId) as Promise<StudentPlacementDoc | null>,
    readStore.get(PLACEMENT_PARTIES, studentId) as Promise<PartyDoc | null>,
    readStore.find(ACCOUNTS, { role: 'mentor' }) as Promise<AccountDoc[]>,
    readStore.find(PLACEMENT_PARTIES, { role: 'mentor' }) as Promise<PartyDoc[]>,
    readStore.find(PLACEMENTS, { student_id: studentId }) as Promise<PlacementDoc[]>,
  ]);
  const centre = student.centre_id ? ((await readStore.get(ACCOUNTS, student.centre_id)) as AccountDoc | null) : null;
  const partyOf = new Map(parties.map((p) => [p.id, p]));
  const declined = new Map(history.filter((p) => p.decline_reason).map((p) => [p.mentor_id, p.decline_reason as string]));
  const postcode = studentParty?.Postcode ?? student.Postcode ?? null;
  const required = sp?.required ?? { 'Boiler Installs': 0, 'Boiler Service': 0, Pipework: 0, Repair: 0 };
  const needs = neededJobTypes(required, sp?.completed ?? {});

  const excluded: CandidateList['excluded'] = [];
  const eligible = [];
  for (const m of mentors) {
    const party = partyOf.get(m.id);
    const reasons = [
      ...(m.locked ? ['Account locked'] : []),
      ...(!m.vetted ? ['Not vetted'] : []),
      ...(!party?.profile_complete ? ['Profile not complete'] : []),
    ];
    if (reasons.length) {
      excluded.push({ id: m.id, name: m.Name, email: m.Email, reasons });
      continue;
    }
    eligible.push({
      id: m.id,
      name: m.Name,
      email: m.Email,
      businessName: party!.Business_Name,
      businessPostcode: party!.Business_Postcode,
      qualifications: party!.qualifications,
      activeStudents: party!.active_students,
      pendingRequests: party!.pending_requests,
      declinedBefore: declined.get(m.id) ?? null,
    });
  }
  excluded.sort((a, b) => a.name.localeCompare(b.name));

  const blocked = student.locked
    ? "This student's account is locked"
    : sp?.Matched
      ? 'This student already has an active placement'
      : sp?.pending_placement_id
        ? 'This student already has a pending placement request'
        : null;
  return {
    student: {
      id: student.id,
      name: student.Name,
      email: student.Email,
      Postcode: postcode,
      account_type: student.centre_id ? 'Training Centre' : 'Independent',
      training_centre_name: centre?.Name ?? null,
      Matched: Boolean(sp?.Matched),
      placement_status: sp?.placement_status ?? null,
      needs,
      blocked,
    },
    candidates: rankMentors({ postcode, needs }, eligible),
    excluded,
  };
}
