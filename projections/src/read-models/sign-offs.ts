import { signatureIdOf, type JobType, type Signature } from '@panda/events/catalogue/training';
import type { ProjectionContext } from '../projection';
import type { Doc } from '../read-store';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection, type Recorded } from '../typed-projection';
import {
  awaitingAnswer,
  confirmed,
  disputed,
  resolved,
  revoked,
  type AnswerEvent,
  type TraineeAnswer,
} from './sign-off-state';

/**
 * `sign_offs`: one document per job-card sign-off (ruling 31), by its `signature_id`: which student's
 * stream holds it (so a confirm or dispute finds its stream), where it stands with the trainee, and
 * its dispute. The admin Disputes list shows the disputed ones (its page comes from `disputes`).
 * Audience: student, mentor, centre.
 */
export const SIGN_OFFS = 'sign_offs';
/** What a sign-off needs from earlier events: the job's type and the student's centre. */
const SIGN_OFF_REFS = 'sign_off_refs';

export interface SignOffDoc extends TraineeAnswer {
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
  /** Disputed and not yet resolved: what the admin Disputes list shows first. */
  open_dispute: boolean;
  disputed_at: string | null;
  _audience: string[];
  [k: string]: unknown;
}

/** `student:<id>`: the student's centre. */
interface StudentRefDoc extends Doc {
  centre_id: string | null;
}
/** `job:<id>`: the job's type. */
interface JobRefDoc extends Doc {
  job_type: JobType;
}

export const signOffs = collection<SignOffDoc>(SIGN_OFFS);
// Two kinds of document in one collection, told apart by their id's prefix: each view reads only its own ids.
const studentRefs = collection<StudentRefDoc>(SIGN_OFF_REFS);
const jobRefs = collection<JobRefDoc>(SIGN_OFF_REFS);

/** The trainee's answer, or an admin's decision, on a known sign-off. */
const answer =
  <T extends AnswerEvent>(change: (doc: SignOffDoc, e: Recorded<T>) => void) =>
  async (e: Recorded<T>, ctx: ProjectionContext) => {
    await signOffs.in(ctx).update(e.data.signatureId, (doc) => change(doc, e));
  };

export const signOffsProjection = defineProjection({
  name: 'sign_offs',
  collections: {
    // Read by id only: no reader asks for a student's, mentor's or centre's sign-offs, and the Disputes list
    // pages through the `disputes` read model, so no secondary index is kept (each would be one more update
    // per signed card, and built over every card of the log on a rebuild).
    [SIGN_OFFS]: [],
    [SIGN_OFF_REFS]: [],
  },
  on: {
    StudentRegistered: ({ data: d }, ctx) =>
      studentRefs.in(ctx).put({ id: `student:${d.accountId}`, centre_id: d.centreId }),
    JobOpened: ({ data: d }, ctx) => jobRefs.in(ctx).put({ id: `job:${d.jobId}`, job_type: d.jobType }),
    JobCardSigned: async ({ time, data: d }, ctx) => {
      const job = await jobRefs.in(ctx).get(`job:${d.jobId}`);
      const student = await studentRefs.in(ctx).get(`student:${d.studentId}`);
      const centreId = student?.centre_id ?? null;
      signOffs.in(ctx).put({
        id: signatureIdOf(d),
        job_id: d.jobId,
        student_id: d.studentId,
        mentor_id: d.mentorId,
        centre_id: centreId,
        job_type: job?.job_type ?? null,
        signature: d.signature,
        completed_at: d.completedAt,
        signed_at: time,
        content_hash: d.contentHash ?? null,
        ...awaitingAnswer(),
        open_dispute: false,
        disputed_at: null,
        _audience: audienceOf(d.studentId, d.mentorId, centreId),
      });
    },
    SignatureConfirmed: answer<'SignatureConfirmed'>((doc, e) => confirmed(doc, e.time)),
    SignatureDisputed: answer<'SignatureDisputed'>((doc, e) => {
      disputed(doc, e.data, e.time);
      Object.assign(doc, { open_dispute: true, disputed_at: e.time });
    }),
    DisputeResolved: answer<'DisputeResolved'>((doc, e) => {
      resolved(doc, e.data, e.time);
      doc.open_dispute = false;
    }),
    SignatureRevoked: answer<'SignatureRevoked'>((doc) => revoked(doc)),
  },
});
