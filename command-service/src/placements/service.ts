import type { AppendMeta } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { JOB_TYPES, type JobType } from '@panda/contracts/training';
import { matchMentors, proposalReasons } from '@panda/events/domain/candidates';
import { neededJobTypes, requiredPerJobType } from '@panda/events/domain/ranking';
import { handle, load } from '../shared/decider';
import type { CommandDeps } from '../shared/deps';
import { notFound } from '../shared/domain-errors';
import { logIndexOf, type PlacementRoute } from '../shared/log-index';
import { accountDecider, initialAccountState, type AccountEvent } from '../accounts/decider';
import { loadAccount } from '../accounts/service';
import { evolveTraining, initialTrainingState } from '../training/state';
import { placementDecider, type MentorFacts, type PlacementCommand } from './decider';

const trainingState = { initialState: initialTrainingState, evolve: evolveTraining };

/** The event type recorded when a mentor's profile form succeeds. */
export const MENTOR_PROFILE_SAVED = 'MentorProfileSaved';

/**
 * What a placement decision needs to know about a mentor: role, vetting and lock from the mentor's
 * own stream; profile completeness from that stream too (a MentorProfileSaved event).
 */
export async function mentorFacts(deps: Pick<CommandDeps, 'store'>, mentorId: string): Promise<MentorFacts> {
  const events = await deps.store.readStream(accountStream(mentorId));
  const state = events.reduce((s, e) => accountDecider.evolve(s, e as unknown as AccountEvent), initialAccountState());
  if (!state.exists || state.role !== 'mentor')
    return { isMentor: false, vetted: false, locked: false, profileComplete: false };
  const profileComplete = events.some((e) => e.type === MENTOR_PROFILE_SAVED);
  return { isMentor: true, vetted: state.vetted, locked: state.locked, profileComplete };
}

const run = (deps: CommandDeps, studentId: string, command: PlacementCommand, meta: AppendMeta) =>
  handle(deps.store, accountStream(studentId), placementDecider, command, meta);

/**
 * Why this mentor is suggested for the student, as the admin's Match list ranks them (rank among
 * the eligible mentors, then distance, capacity and qualifications), from the write side's own
 * facts: the student's stream, and the mentors and placements the log index folds from the log.
 */
async function rankingReasons(deps: CommandDeps, studentId: string, mentorId: string): Promise<string[]> {
  const [student, { state: training }] = await Promise.all([
    loadAccount(deps, studentId),
    load(deps.store, accountStream(studentId), trainingState),
  ]);
  const completed: Partial<Record<JobType, number>> = {};
  for (const j of Object.values(training.jobs)) completed[j.jobType] = (completed[j.jobType] ?? 0) + j.completedCount;
  const index = logIndexOf(deps.store);
  const declinedBy = new Map(
    (await index.placementsOf(studentId)).flatMap((p) =>
      p.declineReason ? [[p.mentorId, p.declineReason] as const] : [],
    ),
  );
  const needs = neededJobTypes(requiredPerJobType(training.requirements), completed);
  const { candidates } = matchMentors(
    { postcode: student.postcode, needs },
    await index.mentorsForMatching(declinedBy),
  );
  return proposalReasons(candidates.find((c) => c.id === mentorId));
}

/** An admin proposes placing a student with a mentor (pending until the mentor accepts). */
export async function proposePlacement(
  deps: CommandDeps,
  input: { studentId: string; mentorId: string; notes: string | null },
  meta: AppendMeta,
) {
  const mentor = await mentorFacts(deps, input.mentorId);
  const reasons = mentor.isMentor ? await rankingReasons(deps, input.studentId, input.mentorId) : [];
  const result = await run(
    deps,
    input.studentId,
    {
      type: 'ProposePlacement',
      placementId: deps.newId(),
      studentId: input.studentId,
      mentorId: input.mentorId,
      notes: input.notes,
      reasons,
      mentor,
    },
    meta,
  );
  let placementId = result.events.find((e) => e.type === 'PlacementProposed')?.data.placementId as string | undefined;
  if (!placementId) {
    // A retried command: answer with the placement the first attempt proposed.
    const earlier = (await deps.store.readStream(accountStream(input.studentId)))
      .filter((e) => e.type === 'PlacementProposed' && e.commandId === meta.commandId)
      .at(-1);
    placementId = (earlier?.data as { placementId: string } | undefined)?.placementId;
  }
  return { placementId: placementId!, position: result.position };
}

/** Which student's stream holds a placement: the write side's log index (the decider checks everything). */
async function placementStudent(deps: CommandDeps, placementId: string): Promise<PlacementRoute> {
  const placement = await logIndexOf(deps.store).placement(placementId);
  if (!placement) throw notFound('Placement not found');
  return placement;
}

export async function acceptPlacement(deps: CommandDeps, placementId: string, mentorId: string, meta: AppendMeta) {
  const placement = await placementStudent(deps, placementId);
  if (placement.mentorId !== mentorId) throw notFound('Placement request not found');
  const mentor = await mentorFacts(deps, mentorId);
  const result = await run(
    deps,
    placement.studentId,
    { type: 'AcceptPlacement', placementId, mentorId, mentor, newJobIds: JOB_TYPES.map(() => deps.newId()) },
    meta,
  );
  return { position: result.position, studentId: placement.studentId };
}

export async function declinePlacement(
  deps: CommandDeps,
  placementId: string,
  mentorId: string,
  reason: string,
  meta: AppendMeta,
) {
  const placement = await placementStudent(deps, placementId);
  if (placement.mentorId !== mentorId) throw notFound('Placement request not found');
  const result = await run(
    deps,
    placement.studentId,
    { type: 'DeclinePlacement', placementId, mentorId, reason },
    meta,
  );
  return { position: result.position };
}

export async function endPlacement(
  deps: CommandDeps,
  placementId: string,
  status: 'completed' | 'cancelled',
  notes: string | null,
  meta: AppendMeta,
) {
  const { studentId } = await placementStudent(deps, placementId);
  const result = await run(deps, studentId, { type: 'EndPlacement', placementId, status, notes }, meta);
  return { position: result.position };
}
