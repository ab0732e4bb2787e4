import { Router } from 'express';
import { authOf, authenticate, type AuthContext } from '@panda/platform/http';
import { HttpError, notFound } from '@panda/platform/errors';
import { mentorProfiles } from '@panda/projections/read-models/mentor-profiles';
import { placements } from '@panda/projections/read-models/placements';
import { type StudentDoc, centreStats, students, mentorStats } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { accountOf, jobProgress, narrowed, person, visibleStudent } from '../students/views';

const NOT_FOUND = 'Not found';

const brief = (s: StudentDoc) => ({
  ...pick(s, ['id', 'Name', 'Email', 'Matched']),
  status: s.Matched ? 'Matched' : 'Pending',
});

async function studentDetails(rs: ReadStore, auth: AuthContext, id: string) {
  const s = await visibleStudent(rs, auth, id);
  const [centre, mentor] = await Promise.all([accountOf(rs, s.centre_id), accountOf(rs, s.mentor_id)]);
  const jobs = jobProgress(s);
  return {
    type: 'student',
    ...pick(s, ['id', 'First_Name', 'Last_Name', 'Name', 'Email', 'Created_At', 'Matched']),
    status: s.Matched ? 'Matched' : 'Pending',
    ...pick(s, ['placement_status', 'placement_id']),
    account_type: s.centre_id ? 'Training Centre' : 'Independent',
    training_centre: person(centre),
    mentor: person(mentor),
    jobs,
    jobs_total: jobs.length,
  };
}

/** A mentor or centre with its students the caller may see: to itself, an admin, and whoever sees one of them. */
async function partyWithStudents(rs: ReadStore, auth: AuthContext, id: string, role: 'mentor' | 'training_centre') {
  const acc = await accountOf(rs, id);
  if (!acc || acc.role !== role) throw notFound(NOT_FOUND);
  const filter = narrowed(auth, 'id', role === 'mentor' ? 'mentor_id' : 'centre_id', id);
  const seen = filter ? await rs.find(students, filter, { sort: { Created_At: -1 } }) : [];
  if (auth.role !== 'admin' && auth.id !== id && seen.length === 0) throw notFound(NOT_FOUND);
  return { acc, students: seen };
}

async function mentorDetails(rs: ReadStore, auth: AuthContext, id: string) {
  const { acc, students } = await partyWithStudents(rs, auth, id, 'mentor');
  const [stats, profile] = await Promise.all([rs.get(mentorStats, id), rs.get(mentorProfiles, id)]);
  const count = stats?.active_students ?? 0;
  return {
    type: 'mentor',
    id,
    ...pick(acc, ['First_Name', 'Last_Name', 'Name', 'Email']),
    Business_Name: profile?.Business_Name ?? null,
    student_count: count,
    Matched: count > 0,
    status: count > 0 ? 'Active' : 'Available',
    students: students.map(brief),
  };
}

async function centreDetails(rs: ReadStore, auth: AuthContext, id: string) {
  const { acc, students } = await partyWithStudents(rs, auth, id, 'training_centre');
  const stats = await rs.get(centreStats, id);
  return {
    type: 'training_centre',
    id,
    Name: acc.Name,
    contact: `${acc.First_Name} ${acc.Last_Name}`.trim(),
    ...pick(acc, ['First_Name', 'Last_Name', 'Email']),
    student_count: stats?.total_students ?? 0,
    students: students.map(brief),
  };
}

async function placementDetails(rs: ReadStore, auth: AuthContext, id: string) {
  const p = await rs.get(placements, id);
  const party = p && (auth.role === 'admin' || [p.student_id, p.mentor_id, p.training_centre_id].includes(auth.id));
  if (!p || !party) throw notFound(NOT_FOUND);
  return {
    type: 'placement',
    ...pick(p, ['id', 'Status', 'Placed_At', 'Notes', 'Created_At', 'student_name', 'student_email']),
    ...pick(p, ['mentor_name', 'mentor_email', 'training_centre_name', 'training_centre_email', 'relationships']),
  };
}

const LOOKUPS: Record<string, (rs: ReadStore, auth: AuthContext, id: string) => Promise<object>> = {
  student: studentDetails,
  mentor: mentorDetails,
  training_centre: centreDetails,
  placement: placementDetails,
};

/** What the entity details modal shows (docs/rules.md#entity-lookup), only to callers who may see the entity; else 404. */
export function lookupQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get('/api/lookup/:entityType/:entityId', authenticate(deps.authenticator), async (req, res) => {
    const type = String(req.params.entityType);
    const lookup = Object.hasOwn(LOOKUPS, type) ? LOOKUPS[type] : null;
    if (!lookup) throw new HttpError(400, 'Unknown entity type');
    res.json(await lookup(deps.readStore, authOf(req), String(req.params.entityId)));
  });
  return r;
}
