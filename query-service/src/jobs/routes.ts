import { Router } from 'express';
import { jobsQuery, type JobType } from '@panda/contracts/training';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { notFound } from '@panda/platform/errors';
import { jobView, signaturesOf, jobs } from '@panda/projections/read-models/training';
import type { QueryDeps } from '../shared/deps';
import { withPhotoFlags } from './photos';
import { canSeeStudent, narrowed, visibleFilter } from '../students/views';
import { categoriesDoNotCover, coversJobType } from '@panda/events/domain/gas-safe-categories';
import { mentorProfiles } from '@panda/projections/read-models/mentor-profiles';
import type { AuthContext } from '@panda/platform/http';

/** What the caller adds to each job (a mentor: whether they may sign it, docs/rules.md#gas-safe-categories). */
type JobExtra = (jobType: JobType) => { may_sign: boolean; sign_refusal: string | null };

/** For a mentor, whether their Gas Safe categories let them sign each job (docs/rules.md#gas-safe-categories), so the sign dialog says so first. */
async function signingFor(deps: QueryDeps, who: AuthContext): Promise<JobExtra | null> {
  if (who.role !== 'mentor') return null;
  const profile = await deps.readStore.get(mentorProfiles, who.id);
  return (jobType) => {
    const may = coversJobType(profile, jobType);
    return { may_sign: may, sign_refusal: may ? null : categoriesDoNotCover(jobType) };
  };
}

/** Jobs (docs/rules.md#list-paging): by student (a student's jobs together, in job-type order), or when opened or changed; search by student or job type. */
export const JOB_LIST: ListSpec = {
  sorts: { student: ['Student_Name', 'Student_ID', 'Job_Type'], opened: 'opened_at', updated: 'updated_at' },
  defaultSort: 'student',
  search: ['Student_Name', 'Job_Type', 'student_email'],
};

export function jobQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  /** docs/api-training.md (`GET /api/jobs`); jobs with a total of 0 (requirement removed unsigned) are left out. */
  r.get('/api/jobs', auth, async (req, res) => {
    const who = authOf(req);
    const studentId = validate(jobsQuery, req.query).student_id ?? null;
    // Another student than the caller may see simply matches nothing: no existence is revealed.
    const visible = studentId ? narrowed(who, 'Student_ID', 'Student_ID', studentId) : visibleFilter(who, 'Student_ID');
    const paging = parsePaging(req.query, JOB_LIST);
    if (!visible) {
      setPageHeaders(req, res, { total: 0, next: null });
      return void res.json([]);
    }
    const extra = await signingFor(deps, who);
    const page = await findPage(rs, jobs, { ...visible, Total_Count: { $gt: 0 } }, paging);
    const signatures = await signaturesOf(rs, page.items);
    const histories = await withPhotoFlags(rs, who, page.items.map(signatures));
    setPageHeaders(req, res, page);
    res.json(page.items.map((j, i) => Object.assign(jobView(j, histories[i]!), extra?.(j.Job_Type))));
  });

  /** Job detail: student info, job info, the full signature history (oldest first). */
  r.get('/api/jobs/:id', auth, async (req, res) => {
    const who = authOf(req);
    const doc = await rs.get(jobs, String(req.params.id));
    if (!doc || !canSeeStudent(who, { id: doc.Student_ID, centre_id: doc.centre_id, mentor_id: doc.mentor_id }))
      throw notFound('Job not found');
    const [signatures] = await withPhotoFlags(rs, who, [(await signaturesOf(rs, [doc]))(doc)]);
    const extra = await signingFor(deps, who);
    res.json({
      job: Object.assign(jobView(doc, signatures!), extra?.(doc.Job_Type)),
      student: {
        id: doc.Student_ID,
        Name: doc.Student_Name,
        Email: doc.student_email,
        Phone_Number: doc.student_phone,
        Postcode: doc.student_postcode,
      },
      signatures: signatures!,
    });
  });

  return r;
}
