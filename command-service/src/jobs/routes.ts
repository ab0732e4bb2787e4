import { Router } from 'express';
import { completeJobRequest, isComplete, jobPercent, jobRemaining } from '@panda/contracts/training';
import { ukDateOf, ukTimeOf } from '@panda/contracts/evidence';
import { signatureIdOf } from '@panda/events/catalogue/training';
import { accountStream } from '@panda/events/catalogue/accounts';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
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
    // The server's time of signing is the request's arrival (docs/rules.md#evidence), never typed.
    const now = deps.clock();
    const { id: mentorId } = authOf(req);
    const body = validate(completeJobRequest, req.body);
    // The write side's log index says which student's stream holds the job; the decision is the stream's.
    const jobId = String(req.params.id);
    const studentId = await logIndexOf(deps.store).studentOfJob(jobId);
    if (!studentId) throw notFound('Job not found');
    const s = body.mentor_signature;
    const signature = {
      signature: s.signature,
      mentorName: s.mentorName,
      date: s.date ?? ukDateOf(now),
      time: s.time ?? ukTimeOf(now),
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
    // docs/rules.md#gas-safe-categories: the mentor's Gas Safe categories come from their own account stream (the write side).
    const qualifications = (await loadAccount(deps, mentorId)).mentorProfile ?? null;
    const photos = await logIndexOf(deps.store).uploadedPhotos(body.photo_ids);
    const command = {
      type: 'SignJobCard' as const,
      jobId,
      mentorId,
      signature,
      completedAt,
      signatureId: deps.newId(),
      qualifications,
      evidence: {
        sitePostcode: body.site_postcode,
        appliance: body.appliance,
        workDone: body.work_done,
        durationMinutes: body.duration_minutes,
        photoIds: body.photo_ids,
      },
      photos,
      signedAt: now.toISOString(),
      // The device's claimed time, kept as it was sent (docs/rules.md#evidence).
      capturedAt: s.timestamp ?? body.completed_at ?? null,
    };
    const result = await handle(deps.store, accountStream(studentId), trainingDecider, command, metaFor(req, deps));
    // The answer is what the stream says once the card is signed: the job's signed and required cards,
    // and the sign-off this call recorded (null when it repeats an earlier request, which recorded it).
    const job = result.state.jobs[jobId]!;
    const counts = { Completed_Count: job.completedCount, Total_Count: job.totalCount };
    const signed = result.events.find((e) => e.type === 'JobCardSigned');
    sendResult(res, 200, result.position, {
      success: true,
      message: 'Job marked as complete!',
      job: {
        id: job.jobId,
        Student_ID: studentId,
        Job_Type: job.jobType,
        ...counts,
        status: isComplete(counts) ? 'completed' : 'in_progress',
        percent: jobPercent(counts),
        remaining: jobRemaining(counts),
        is_complete: isComplete(counts),
      },
      signature: signed
        ? {
            signature_id: signatureIdOf(signed.data),
            mentor_id: signed.data.mentorId,
            completed_at: signed.data.completedAt,
            content_hash: signed.data.contentHash ?? null,
            ...signed.data.signature,
          }
        : null,
    });
  });

  return r;
}
