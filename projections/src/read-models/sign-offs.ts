import type { RecordedEvent } from '@panda/events/envelope';
import { signatureIdOf, type JobType, type Signature } from '@panda/events/catalogue/training';
import type { Projection, ProjectionContext } from '../projection';
import { TRAINEE_STATUS_LABELS, type DisputeView, type TraineeStatus } from '@panda/contracts/signoff';

/**
 * `sign_offs`: one document per job-card sign-off (ruling 31), by its `signature_id`: which student's
 * stream holds it (so a confirm or dispute finds its stream), where it stands with the trainee, and
 * its dispute. The admin Disputes list reads the disputed ones. Audience: student, mentor, centre.
 */
export const SIGN_OFFS = 'sign_offs';
/** What a sign-off needs from earlier events: the job's type and the student's centre. */
const SIGN_OFF_REFS = 'sign_off_refs';

export interface SignOffDoc {
  id: string;
  job_id: string;
  student_id: string;
  mentor_id: string;
  centre_id: string | null;
  job_type: JobType | null;
  signature: Signature;
  completed_at: string;
  signed_at: string;
  content_hash: string | null;
  trainee_status: TraineeStatus;
  trainee_status_label: string;
  confirmed_at: string | null;
  dispute: DisputeView | null;
  /** Disputed and not yet resolved: what the admin Disputes list shows first. */
  open_dispute: boolean;
  disputed_at: string | null;
  revoked: boolean;
  _audience: string[];
  [k: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- not yet on the typed collection layer (issue 8): event data read loosely
type Data = Record<string, any>;

async function apply(e: RecordedEvent, ctx: ProjectionContext) {
  const d = e.data as Data;
  switch (e.type) {
    case 'StudentRegistered':
      ctx.put(SIGN_OFF_REFS, { id: `student:${d.accountId}`, centre_id: d.centreId });
      return;
    case 'JobOpened':
      ctx.put(SIGN_OFF_REFS, { id: `job:${d.jobId}`, job_type: d.jobType });
      return;
    case 'JobCardSigned': {
      const job = await ctx.get(SIGN_OFF_REFS, `job:${d.jobId}`);
      const student = await ctx.get(SIGN_OFF_REFS, `student:${d.studentId}`);
      const centreId = (student?.centre_id as string | null | undefined) ?? null;
      const doc: SignOffDoc = {
        id: signatureIdOf(d as { signatureId?: string; jobId: string; completedCount: number }),
        job_id: d.jobId,
        student_id: d.studentId,
        mentor_id: d.mentorId,
        centre_id: centreId,
        job_type: (job?.job_type as JobType | undefined) ?? null,
        signature: d.signature,
        completed_at: d.completedAt,
        signed_at: e.time,
        content_hash: d.contentHash ?? null,
        trainee_status: 'awaiting_confirmation',
        trainee_status_label: TRAINEE_STATUS_LABELS.awaiting_confirmation,
        confirmed_at: null,
        dispute: null,
        open_dispute: false,
        disputed_at: null,
        revoked: false,
        _audience: [...new Set([d.studentId, d.mentorId, ...(centreId ? [centreId] : [])])],
      };
      ctx.put(SIGN_OFFS, doc);
      return;
    }
    case 'SignatureConfirmed':
    case 'SignatureDisputed':
    case 'DisputeResolved':
    case 'SignatureRevoked': {
      const doc = (await ctx.get(SIGN_OFFS, d.signatureId)) as SignOffDoc | null;
      if (!doc) return;
      if (e.type === 'SignatureConfirmed') Object.assign(doc, { trainee_status: 'confirmed', confirmed_at: e.time });
      if (e.type === 'SignatureDisputed') {
        Object.assign(doc, { trainee_status: 'disputed', open_dispute: true, disputed_at: e.time });
        doc.dispute = {
          reason: d.reason,
          disputed_at: e.time,
          outcome: null,
          resolution_reason: null,
          resolved_at: null,
        };
      }
      if (e.type === 'DisputeResolved' && doc.dispute) {
        doc.dispute = { ...doc.dispute, outcome: d.outcome, resolution_reason: d.reason, resolved_at: e.time };
        doc.open_dispute = false;
      }
      if (e.type === 'SignatureRevoked') doc.revoked = true;
      doc.trainee_status_label = TRAINEE_STATUS_LABELS[doc.trainee_status];
      ctx.put(SIGN_OFFS, doc);
      return;
    }
  }
}

export const signOffsProjection: Projection = {
  name: 'sign_offs',
  collections: {
    [SIGN_OFFS]: ['student_id', 'mentor_id', 'centre_id', 'trainee_status', 'open_dispute', 'disputed_at'],
    [SIGN_OFF_REFS]: [],
  },
  handles: [
    'StudentRegistered',
    'JobOpened',
    'JobCardSigned',
    'SignatureConfirmed',
    'SignatureDisputed',
    'DisputeResolved',
    'SignatureRevoked',
  ],
  apply,
};
