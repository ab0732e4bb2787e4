import type { DisputeListItem, SignOffView } from '@panda/contracts/signoff';
import { signatureIdOf, type JobType } from '@panda/events/catalogue/training';
import type { ProjectionContext } from '../projection';
import { registeredName, rename, signedUpName, type KeptName } from './names';
import { dueAt } from './reminder-timers';
import { searchIndex, type Doc } from '../read-store';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection, type Recorded } from '../typed-projection';
import { awaitingAnswer, confirmed, disputed, resolved, revoked, type AnswerEvent } from './sign-off-state';

/** `sign_offs` and `dispute_rows`: docs/read-models.md#sign-offs. */
/** What a sign-off needs from earlier events: the job's type, the student's centre, and people's names. */
const SIGN_OFF_REFS = 'sign_off_refs';

/** A sign-off as contracts `signOffView` shows it, without the names of its people (they are read as they are now). */
export type SignOffDoc = Omit<
  SignOffView,
  'signature_id' | 'job_type' | 'student_name' | 'mentor_name' | 'centre_name'
> & {
  id: string;
  job_type: JobType | null;
  /** When the trainee is reminded to answer, while no answer, revocation or reminder has come; else null. */
  confirmation_due_at: string | null;
  /** Disputed and not yet resolved: what the admin Disputes list shows first. */
  open_dispute: boolean;
  disputed_at: string | null;
  _audience: string[];
};

/** `student:<id>`: the student's centre. */
interface StudentRefDoc extends Doc {
  centre_id: string | null;
}
/** `job:<id>`: the job's type. */
interface JobRefDoc extends Doc {
  job_type: JobType;
}
/** `name:<id>`: an account's name as the product shows it. */
interface NameRefDoc extends Doc, KeptName {}

export type DisputeRowDoc = DisputeListItem;

export const signOffs = collection<SignOffDoc>('sign_offs');
// Two kinds of document in one collection, told apart by their id's prefix: each view reads only its own ids.
const studentRefs = collection<StudentRefDoc>(SIGN_OFF_REFS);
const jobRefs = collection<JobRefDoc>(SIGN_OFF_REFS);
const nameRefs = collection<NameRefDoc>(SIGN_OFF_REFS);
export const disputeRows = collection<DisputeRowDoc>('dispute_rows');

/** Contracts `signOffView` with its people's current names ('Unknown student'; a mentor's falls back to the signature's). */
export function signOffView(d: SignOffDoc, names: { student?: string; mentor?: string; centre?: string }): SignOffView {
  return {
    signature_id: d.id,
    job_id: d.job_id,
    job_type: d.job_type,
    student_id: d.student_id,
    student_name: names.student ?? 'Unknown student',
    mentor_id: d.mentor_id,
    mentor_name: names.mentor ?? d.signature.mentorName,
    centre_id: d.centre_id,
    centre_name: names.centre ?? null,
    signature: d.signature,
    completed_at: d.completed_at,
    signed_at: d.signed_at,
    content_hash: d.content_hash,
    trainee_status: d.trainee_status,
    trainee_status_label: d.trainee_status_label,
    confirmed_at: d.confirmed_at,
    dispute: d.dispute,
    revoked: d.revoked,
  };
}

async function putDisputeRow(ctx: ProjectionContext, d: SignOffDoc) {
  const [student, mentor, centre] = await Promise.all(
    [d.student_id, d.mentor_id, d.centre_id].map((id) => (id ? nameRefs.in(ctx).get(`name:${id}`) : null)),
  );
  disputeRows.in(ctx).put({
    id: d.id,
    ...signOffView(d, { student: student?.Name, mentor: mentor?.Name, centre: centre?.Name }),
    open_dispute: d.open_dispute,
    disputed_at: d.disputed_at,
  });
}

/** Answered or revoked: the trainee is no longer reminded to answer. */
const noReminder = (doc: SignOffDoc) => void (doc.confirmation_due_at = null);

/** The trainee's answer, or an admin's decision, on a known sign-off. */
const answer =
  <T extends AnswerEvent>(change: (doc: SignOffDoc, e: Recorded<T>) => void) =>
  async (e: Recorded<T>, ctx: ProjectionContext) => {
    const doc = await signOffs.in(ctx).update(e.data.signatureId, (doc) => change(doc, e));
    // Once disputed, listed: its row follows every later answer.
    if (doc?.disputed_at) await putDisputeRow(ctx, doc);
  };

export const signOffsProjection = defineProjection({
  name: 'sign_offs',
  // Versions and indexes: docs/read-models.md#sign-offs.
  version: 3,
  collections: {
    [signOffs.name]: ['confirmation_due_at'],
    [SIGN_OFF_REFS]: [],

    [disputeRows.name]: [
      'trainee_status+disputed_at',
      'open_dispute+trainee_status+disputed_at',
      'disputed_at',
      'student_id',
      'mentor_id',
      'centre_id',
      searchIndex('student_name', 'mentor_name', 'centre_name', 'job_type', 'dispute.reason'),
    ],
  },
  on: {
    AccountSignedUp: ({ data: d }, ctx) => nameRefs.in(ctx).put({ id: `name:${d.accountId}`, ...signedUpName(d) }),
    StudentRegistered: ({ data: d }, ctx) => {
      studentRefs.in(ctx).put({ id: `student:${d.accountId}`, centre_id: d.centreId });
      nameRefs.in(ctx).put({ id: `name:${d.accountId}`, ...registeredName(d) });
    },
    // A new name goes to the Disputes rows that show it.
    ProfileChanged: async ({ data: { accountId, changes } }, ctx) => {
      const kept = await rename(nameRefs.in(ctx), `name:${accountId}`, changes);
      if (!kept?.nameChanged) return;
      const n = kept.name;
      const field = { student: 'student_id', mentor: 'mentor_id', training_centre: 'centre_id' } as const;
      const shown = { student: 'student_name', mentor: 'mentor_name', training_centre: 'centre_name' } as const;
      for (const r of await disputeRows.in(ctx).find({ [field[n.role]]: accountId }))
        disputeRows.in(ctx).put(Object.assign(r, { [shown[n.role]]: n.Name }));
    },
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
        confirmation_due_at: dueAt('confirmation_reminder', time),
        open_dispute: false,
        disputed_at: null,
        _audience: audienceOf(d.studentId, d.mentorId, centreId),
      });
    },
    SignatureConfirmed: answer<'SignatureConfirmed'>((doc, e) => {
      confirmed(doc, e.time);
      noReminder(doc);
    }),
    SignatureDisputed: answer<'SignatureDisputed'>((doc, e) => {
      disputed(doc, e.data, e.time);
      Object.assign(doc, { open_dispute: true, disputed_at: e.time });
      noReminder(doc);
    }),
    DisputeResolved: answer<'DisputeResolved'>((doc, e) => {
      resolved(doc, e.data, e.time);
      doc.open_dispute = false;
    }),
    SignatureRevoked: answer<'SignatureRevoked'>((doc) => {
      revoked(doc);
      noReminder(doc);
    }),
    // The reminder to answer was sent: not due again.
    ReminderSent: async ({ data: d }, ctx) => {
      if (d.kind === 'confirmation_reminder' && d.signatureId) await signOffs.in(ctx).update(d.signatureId, noReminder);
    },
  },
});
