import type { AppendMeta } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { JOB_TYPES } from '@panda/events/catalogue/training';
import { notFound } from '@panda/platform/errors';
import { PLACEMENTS, type PlacementDoc } from '@panda/projections/read-models/placements';
import { candidatesFor } from '@panda/query-service/placements/candidates';
import { handle } from '../shared/decider';
import type { CommandDeps } from '../shared/deps';
import { accountDecider, initialAccountState, type AccountEvent } from '../accounts/decider';
import { placementDecider, type MentorFacts, type PlacementCommand } from './decider';

/** The event type issue 4 records when a mentor's profile form succeeds. */
export const MENTOR_PROFILE_SAVED = 'MentorProfileSaved';

/**
 * What a placement decision needs to know about a mentor: role, vetting and lock from the mentor's
 * own stream; profile completeness from that stream too (a MentorProfileSaved event).
 */
export async function mentorFacts(deps: Pick<CommandDeps, 'store'>, mentorId: string): Promise<MentorFacts> {
  const events = await deps.store.readStream(accountStream(mentorId));
  const state = events.reduce((s, e) => accountDecider.evolve(s, e as unknown as AccountEvent), initialAccountState());
  if (!state.exists || state.role !== 'mentor') return { isMentor: false, vetted: false, locked: false, profileComplete: false };
  const profileComplete = events.some((e) => e.type === MENTOR_PROFILE_SAVED);
  return { isMentor: true, vetted: state.vetted, locked: state.locked, profileComplete };
}

const run = (deps: CommandDeps, studentId: string, command: PlacementCommand, meta: AppendMeta) =>
  handle(deps.store, accountStream(studentId), placementDecider, command, meta);

/** An admin proposes placing a student with a mentor (pending until the mentor accepts). */
export async function proposePlacement(deps: CommandDeps, input: { studentId: string; mentorId: string; notes: string | null }, meta: AppendMeta) {
  const mentor = await mentorFacts(deps, input.mentorId);
  const ranked = mentor.isMentor ? await candidatesFor(deps.readStore, input.studentId) : null;
  const candidate = ranked?.candidates.find((c) => c.id === input.mentorId);
  const reasons = candidate ? [candidate.rank_reason, ...candidate.reasons] : [];
  const result = await run(
    deps,
    input.studentId,
    { type: 'ProposePlacement', placementId: deps.newId(), studentId: input.studentId, mentorId: input.mentorId, notes: input.notes, reasons, mentor },
    meta,
  );
  let placementId = result.events.find((e) => e.type === 'PlacementProposed')?.data.placementId as string | undefined;
  if (!placementId) {
    // A retried command: answer with the placement the first attempt proposed.
    const earlier = (await deps.store.readStream(accountStream(input.studentId))).filter((e) => e.type === 'PlacementProposed' && e.commandId === meta.commandId).at(-1);
    placementId = (earlier?.data as { placementId: string } | undefined)?.placementId;
  }
  await deps.waitForProjections(result.position);
  return { placementId: placementId!, position: result.position };
}

/** Finds the student stream that holds a placement (routing only; the decider checks everything). */
async function placementStudent(deps: CommandDeps, placementId: string): Promise<PlacementDoc> {
  const doc = (await deps.readStore.get(PLACEMENTS, placementId)) as PlacementDoc | null;
  if (!doc) throw notFound('Placement not found');
  return doc;
}

export async function acceptPlacement(deps: CommandDeps, placementId: string, mentorId: string, meta: AppendMeta) {
  const doc = await placementStudent(deps, placementId);
  if (doc.mentor_id !== mentorId) throw notFound('Placement request not found');
  const mentor = await mentorFacts(deps, mentorId);
  const result = await run(deps, doc.student_id, { type: 'AcceptPlacement', placementId, mentorId, mentor, newJobIds: JOB_TYPES.map(() => deps.newId()) }, meta);
  await deps.waitForProjections(result.position);
  return { position: result.position, studentId: doc.student_id };
}

export async function declinePlacement(deps: CommandDeps, placementId: string, mentorId: string, reason: string, meta: AppendMeta) {
  const doc = await placementStudent(deps, placementId);
  if (doc.mentor_id !== mentorId) throw notFound('Placement request not found');
  const result = await run(deps, doc.student_id, { type: 'DeclinePlacement', placementId, mentorId, reason }, meta);
  await deps.waitForProjections(result.position);
  return { position: result.position };
}

export async function endPlacement(deps: CommandDeps, placementId: string, status: 'completed' | 'cancelled', notes: string | null, meta: AppendMeta) {
  const doc = await placementStudent(deps, placementId);
  const result = await run(deps, doc.student_id, { type: 'EndPlacement', placementId, status, notes }, meta);
  await deps.waitForProjections(result.position);
  return { position: result.position };
}
