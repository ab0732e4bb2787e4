import { Router } from 'express';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { notFound } from '@panda/platform/errors';
import { jobView, jobs, signaturesOf, students } from '@panda/projections/read-models/training';
import type { QueryDeps } from '../shared/deps';
import { withPhotoFlags } from '../jobs/photos';
import { accountOf, person, requirementProgress, studentCard, visibleStudent } from './views';

/** A centre's or mentor's students (docs/rules.md#list-paging): newest registration first; search by name, e-mail, phone, postcode or id. */
export const STUDENT_LIST: ListSpec = {
  sorts: { created: 'Created_At', name: 'Name' },
  defaultSort: '-created',
  search: ['Name', 'Email', 'Phone_Number', 'Postcode', 'id'],
};

export function studentQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  /** The centre's students, newest registration first. */
  r.get('/api/my-students', auth, requireRole('training_centre'), async (req, res) => {
    const paging = parsePaging(req.query, STUDENT_LIST);
    const page = await findPage(rs, students, { centre_id: authOf(req).id }, paging);
    setPageHeaders(req, res, page);
    res.json(page.items.map(studentCard));
  });

  /** The mentor's students: those placed with them (active placement). */
  r.get('/api/my-matches', auth, requireRole('mentor'), async (req, res) => {
    const paging = parsePaging(req.query, STUDENT_LIST);
    const page = await findPage(rs, students, { mentor_id: authOf(req).id }, paging);
    setPageHeaders(req, res, page);
    res.json(page.items.map(studentCard));
  });

  /** Student detail page (training centre; admins too). */
  r.get('/api/my-students/:id', auth, requireRole('training_centre', 'admin'), async (req, res) => {
    const s = await visibleStudent(rs, authOf(req), String(req.params.id));
    const [account, mentor, centre, studentJobs] = await Promise.all([
      accountOf(rs, s.id),
      accountOf(rs, s.mentor_id),
      accountOf(rs, s.centre_id),
      rs.find(jobs, { Student_ID: s.id }),
    ]);
    const counted = studentJobs.filter((j) => j.Total_Count > 0);
    const signatures = await signaturesOf(rs, counted);
    const histories = await withPhotoFlags(rs, authOf(req), counted.map(signatures));
    res.json({
      ...studentCard(s),
      mentor: person(mentor),
      training_centre: person(centre),
      // docs/rules.md#passwords-never-shown: the temporary password itself is never kept; only whether it is still unused.
      registration: {
        registered_at: s.Created_At,
        temporary_password_unused: account?.temporary_password_unused ?? false,
      },
      job_details: counted.map((j, i) => jobView(j, histories[i]!)),
    });
  });

  /** The signed-in student's goals (spec section 7). */
  r.get('/api/students/job-requirements', auth, requireRole('student'), async (req, res) => {
    const s = await rs.get(students, authOf(req).id);
    if (!s) throw notFound('Student not found');
    res.json({
      requirements: s.requirements,
      has_requirements: s.has_requirements,
      additional_requirements: s.additional_requirements,
      progress: requirementProgress(s),
    });
  });

  return r;
}
