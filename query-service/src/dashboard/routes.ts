import { Router } from 'express';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { notFound } from '@panda/platform/errors';
import { students, centreStats, jobs, mentorStats } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';
import { accounts } from '@panda/projections/read-models/accounts';
import { mentorProfiles } from '@panda/projections/read-models/mentor-profiles';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { jobProgress } from '../students/views';
import { unreadNotifications } from '../notifications/routes';

/** Overview lists show 4 items before the view-all link (spec section 9). */
export const OVERVIEW_ITEMS = 4;

/** The student's active mentor as they may contact them: business contact details, else the account's. */
async function mentorContact(rs: ReadStore, mentorId: string | null) {
  if (!mentorId) return null;
  const [account, profile] = await Promise.all([rs.get(accounts, mentorId), rs.get(mentorProfiles, mentorId)]);
  if (!account) return null;
  return {
    id: account.id,
    name: account.Name,
    business_name: profile?.Business_Name ?? null,
    phone: profile?.Business_Phone_Number ?? account.Phone_Number ?? null,
    email: profile?.Business_Email ?? account.Email,
  };
}

async function studentOverview(rs: ReadStore, id: string) {
  const s = await rs.get(students, id);
  if (!s) throw notFound('Student not found');
  const jobs = jobProgress(s);
  const mentor = s.Matched ? await mentorContact(rs, s.mentor_id) : null;
  return {
    role: 'student',
    matched: s.Matched,
    jobs_count: jobs.length,
    placement_status: s.Matched ? 'Matched' : 'Pending',
    active_jobs: jobs.filter((j) => !j.is_complete).length,
    account_type: s.centre_id ? 'Training Centre' : 'Independent',
    has_requirements: s.has_requirements,
    current_jobs: jobs.slice(0, OVERVIEW_ITEMS),
    mentor,
  };
}

async function mentorOverview(rs: ReadStore, id: string) {
  const filter = { mentor_id: id, Total_Count: { $gt: 0 } };
  const [stats, progress, total] = await Promise.all([
    rs.get(mentorStats, id),
    rs.find(jobs, filter, { sort: { opened_at: 1, Job_Type: 1 }, limit: OVERVIEW_ITEMS }),
    rs.count(jobs, filter),
  ]);
  const active = stats?.active_students ?? 0;
  const supervised = stats?.jobs_supervised ?? 0;
  return {
    role: 'mentor',
    matched: active > 0,
    jobs_completed: supervised,
    status: active > 0 ? 'Active Students' : 'No Active Students',
    active_students: active,
    student_progress: progress.map((j) =>
      pick(j, ['id', 'Student_ID', 'Student_Name', 'Job_Type', 'Total_Count', 'Completed_Count', 'percent', 'status']),
    ),
    jobs_total: total,
  };
}

async function centreOverview(rs: ReadStore, id: string) {
  const stats = await rs.get(centreStats, id);
  const total = stats?.total_students ?? 0;
  const placed = stats?.placed_students ?? 0;
  const latest = stats?.latest_student_id ? await rs.get(students, stats.latest_student_id) : null;
  return {
    role: 'training_centre',
    student_count: total,
    placed_students: placed,
    awaiting_placement: total - placed,
    placement_rate: total ? Math.round((placed / total) * 100) : 0,
    latest_registration: latest
      ? pick(latest, ['id', 'First_Name', 'Last_Name', 'Name', 'Email', 'Created_At', 'Matched'])
      : null,
  };
}

export function dashboardQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get(
    '/api/dashboard/overview',
    authenticate(deps.authenticator),
    requireRole('student', 'mentor', 'training_centre'),
    async (req, res) => {
      const { id, role } = authOf(req);
      const rs = deps.readStore;
      const [overview, notifications] = await Promise.all([
        role === 'student'
          ? studentOverview(rs, id)
          : role === 'mentor'
            ? mentorOverview(rs, id)
            : centreOverview(rs, id),
        unreadNotifications(rs, id),
      ]);
      res.json({ ...overview, notifications });
    },
  );
  return r;
}
