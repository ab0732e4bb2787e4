import type { CandidateList } from '@panda/contracts/placements';
import { accounts } from '@panda/projections/read-models/accounts';
import { placementParties, placements, studentPlacements } from '@panda/projections/read-models/placements';
import type { ReadStore } from '@panda/projections/read-store';
import { neededJobTypes } from '@panda/events/domain/ranking';
import { blockedReason, matchMentors, type MentorForMatching } from '@panda/events/domain/candidates';

/** Eligible mentors for a student, ranked with reasons; null when there is no such student. */
export async function candidatesFor(readStore: ReadStore, studentId: string): Promise<CandidateList | null> {
  const [accountDocs, parties] = [accounts.from(readStore), placementParties.from(readStore)];
  const student = await accountDocs.get(studentId);
  if (!student || student.role !== 'student') return null;
  const [sp, studentParty, mentors, mentorParties, history] = await Promise.all([
    studentPlacements.from(readStore).get(studentId),
    parties.get(studentId),
    accountDocs.find({ role: 'mentor' }),
    parties.find({ role: 'mentor' }),
    placements.from(readStore).find({ student_id: studentId }),
  ]);
  const centre = student.centre_id ? await accountDocs.get(student.centre_id) : null;
  const partyOf = new Map(mentorParties.map((p) => [p.id, p]));
  const declined = new Map(
    history.flatMap((p) => (p.decline_reason ? [[p.mentor_id, p.decline_reason] as const] : [])),
  );
  const postcode = studentParty?.Postcode ?? student.Postcode ?? null;
  const required = sp?.required ?? { 'Boiler Installs': 0, 'Boiler Service': 0, Pipework: 0, Repair: 0 };
  const needs = neededJobTypes(required, sp?.completed ?? {});

  const forMatching = mentors.map((m): MentorForMatching => {
    const party = partyOf.get(m.id);
    return {
      id: m.id,
      name: m.Name,
      email: m.Email,
      locked: m.locked,
      vetted: m.vetted,
      profileComplete: Boolean(party?.profile_complete),
      businessName: party?.Business_Name ?? null,
      businessPostcode: party?.Business_Postcode ?? null,
      qualifications: party?.qualifications ?? {},
      activeStudents: party?.active_students ?? 0,
      pendingRequests: party?.pending_requests ?? 0,
      declinedBefore: declined.get(m.id) ?? null,
    };
  });
  const { candidates, excluded } = matchMentors({ postcode, needs }, forMatching);
  const blocked = blockedReason({
    locked: student.locked,
    placed: Boolean(sp?.Matched),
    pending: Boolean(sp?.pending_placement_id),
  });
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
    candidates,
    excluded,
  };
}
