import { Router } from 'express';
import { completeJobRequest } from '@panda/contracts/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { jobView, jobs, signaturesOf } from '@panda/projections/read-models/training';
import { handle } from '../shared/decider';
import { logIndexOf } from '../shared/log-index';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { trainingDecider } from '../training/decider';
import { loadAccount } from '../accounts/service';

const isoOrNull = (v: string | null) => {
  if (!v) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw badRequest([{ field: 'completed_at', message: 'Please enter a valid date and time' }]);
  return new Date(t).toISOString();
};

export function jobRoutes(deps: CommandDeps): Router {
  const r = Router();

  r.put('/api/jobs/:id/complete', authenticate(deps.authenticator), requireRole('mentor'), async (req, res) => {
    const { id: mentorId } = authOf(req);
    const body = validate(completeJobRequest, req.body);
    // The write side's log index says which student's stream holds the job; the decision is the stream's.
    const jobId = String(req.params.id);
    const studentId = await logIndexOf(deps.store).studentOfJob(jobId);
    if (!studentId) throw notFound('Job not found');
    const now = deps.clock();
    const s = body.mentor_signature;
    const signature = {
      signature: s.signature,
      mentorName: s.mentorName,
      date: s.date ?? now.toISOString().slice(0, 10),
      time: s.time ?? now.toISOString().slice(11, 16),
      timestamp: s.timestamp ?? now.toISOString(),
    };
    const completedAt = isoOrNull(body.completed_at) ?? now.toISOString();
    // A card is signed for work done: a time more than a day ahead is a mistake (clocks may differ a little).
    const latest = now.getTime() + 24 * 3600_000;
    if (Date.parse(completedAt) > latest)
      throw badRequest([{ field: 'completed_at', message: 'The completion time cannot be in the future' }]);
    if (Date.parse(signature.timestamp) > latest)
      throw badRequest([
        { field: 'mentor_signature.timestamp', message: 'The signature time cannot be in the future' },
      ]);
    // Ruling 30: the mentor's Gas Safe categories come from their own account stream (the write side).
    const qualifications = (await loadAccount(deps, mentorId)).mentorProfile ?? null;
    const command = {
      type: 'SignJobCard' as const,
      jobId,
      mentorId,
      signature,
      completedAt,
      signatureId: deps.newId(),
      qualifications,
    };
    const result = await handle(deps.store, accountStream(studentId), trainingDecider, command, metaFor(req, deps));
    await deps.waitForProjections(result.position);
    const updated = await deps.readStore.get(jobs, jobId);
    if (!updated) throw new Error(`Job ${jobId} is not in the read model after its command`);
    const signatures = (await signaturesOf(deps.readStore, [updated]))(updated);
    sendResult(res, 200, result.position, {
      success: true,
      message: 'Job marked as complete!',
      job: jobView(updated, signatures),
    });
  });

  return r;
}
