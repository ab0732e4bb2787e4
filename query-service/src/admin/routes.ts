import { Router } from 'express';
import { authenticate, requireRole } from '@panda/platform/http';
import { badRequest, notFound } from '@panda/platform/errors';
import { ACCOUNTS, type AccountDoc } from '@panda/projections/read-models/accounts';
import { ACCOUNT_HISTORY, ADMIN_SIGNINS, type AccountHistoryDoc } from '@panda/projections/read-models/account-history';
import { PLACEMENTS, PLACEMENT_PARTIES, STUDENT_PLACEMENTS, type PartyDoc, type PlacementDoc, type StudentPlacementDoc } from '@panda/projections/read-models/placements';
import type { Doc } from '@panda/projections/read-store';
import { CENTRE_STATS, type CentreStatsDoc } from '@panda/projections/read-models/training';
import { candidatesFor } from '../placements/candidates';
import type { QueryDeps } from '../shared/deps';

const byNewest = { Created_At: -1 } as const;
const byId = <T extends Doc>(docs: T[]) => new Map(docs.map((d) => [d.id, d]));

/** Fields every admin list item has (spec section 3 "Admin list item"), in both spellings. */
const listItem = (a: AccountDoc) => ({
  id: a.id,
  First_Name: a.First_Name,
  Last_Name: a.Last_Name,
  first_name: a.First_Name,
  last_name: a.Last_Name,
  Email: a.Email,
  email: a.Email,
  Name: a.Name,
  Created_At: a.Created_At,
  created_at: a.Created_At,
  account_locked: a.locked,
});

/** The placement as the Placements tab and the details modal show it. */
export const placementView = (p: PlacementDoc) => {
  const { _audience, ...rest } = p;
  return rest;
};

/**
 * Admin portal queries (spec section 7 "Admin"), admins only:
 * - GET /api/admin/users/students            -> {students}
 * - GET /api/admin/users/mentors             -> {mentors}
 * - GET /api/admin/users/training-centres    -> {training_centres}
 * - GET /api/admin/placements                -> {placements}
 * - GET /api/admin/placements/candidates?student_id= -> ranked eligible mentors with reasons
 * - GET /api/admin/users/:role/:id/history   -> lock and vetting timeline
 * - GET /api/admin/signin-attempts           -> latest admin portal sign-in attempts
 */
export function adminQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const admin = [authenticate(deps.authenticator), requireRole('admin')];
  const rs = deps.readStore;

  r.get('/api/admin/users/students', ...admin, async (_req, res) => {
    const [students, placements, centres] = await Promise.all([
      rs.find(ACCOUNTS, { role: 'student' }, { sort: byNewest }) as Promise<AccountDoc[]>,
      rs.find(STUDENT_PLACEMENTS, {}) as Promise<StudentPlacementDoc[]>,
      rs.find(ACCOUNTS, { role: 'training_centre' }) as Promise<AccountDoc[]>,
    ]);
    const sp = byId(placements);
    const centre = byId(centres);
    res.json({
      students: students.map((s) => {
        const p = sp.get(s.id);
        return {
          ...listItem(s),
          Phone_Number: s.Phone_Number,
          Postcode: s.Postcode,
          training_centre_id: s.centre_id,
          training_centre_name: s.centre_id ? (centre.get(s.centre_id)?.Name ?? null) : null,
          account_type: s.centre_id ? 'Training Centre' : 'Independent',
          Matched: Boolean(p?.Matched),
          placement_status: p?.placement_status ?? null,
          placement_id: p?.placement_id ?? null,
          pending_placement_id: p?.pending_placement_id ?? null,
          mentor: p?.mentor ?? null,
          mentor_name: p?.mentor_name ?? null,
        };
      }),
    });
  });

  r.get('/api/admin/users/mentors', ...admin, async (_req, res) => {
    const [mentors, parties] = await Promise.all([
      rs.find(ACCOUNTS, { role: 'mentor' }, { sort: byNewest }) as Promise<AccountDoc[]>,
      rs.find(PLACEMENT_PARTIES, { role: 'mentor' }) as Promise<PartyDoc[]>,
    ]);
    const party = byId(parties);
    res.json({
      mentors: mentors.map((m) => {
        const p = party.get(m.id);
        return {
          ...listItem(m),
          vetted: m.vetted,
          Business_Name: p?.Business_Name ?? null,
          Business_Postcode: p?.Business_Postcode ?? null,
          profile_complete: Boolean(p?.profile_complete),
          student_count: p?.active_students ?? 0,
          pending_requests: p?.pending_requests ?? 0,
          Matched: (p?.active_students ?? 0) > 0,
        };
      }),
    });
  });

  r.get('/api/admin/users/training-centres', ...admin, async (_req, res) => {
    // Student counts come from the centres' precomputed stats, not from loading every student.
    const [centres, stats] = await Promise.all([
      rs.find(ACCOUNTS, { role: 'training_centre' }, { sort: byNewest }) as Promise<AccountDoc[]>,
      rs.find(CENTRE_STATS, {}) as Promise<CentreStatsDoc[]>,
    ]);
    const counts = byId(stats);
    res.json({ training_centres: centres.map((c) => ({ ...listItem(c), vetted: c.vetted, student_count: counts.get(c.id)?.total_students ?? 0 })) });
  });

  r.get('/api/admin/placements', ...admin, async (_req, res) => {
    const [placements, students] = await Promise.all([
      rs.find(PLACEMENTS, {}, { sort: byNewest }) as Promise<PlacementDoc[]>,
      rs.find(STUDENT_PLACEMENTS, {}) as Promise<StudentPlacementDoc[]>,
    ]);
    const sp = byId(students);
    // Progress at a glance (issue 13): the trainee's cards signed over cards required, over their open jobs.
    const progress = (studentId: string) => {
      const jobs = Object.values(sp.get(studentId)?.jobs ?? {}).filter((j) => j.total > 0);
      const signed = jobs.reduce((n, j) => n + Math.min(j.completed, j.total), 0);
      const required = jobs.reduce((n, j) => n + j.total, 0);
      return { cards_signed: signed, cards_required: required, progress_percent: required > 0 ? Math.round((signed / required) * 100) : 0 };
    };
    res.json({ placements: placements.map((p) => ({ ...placementView(p), ...progress(p.student_id) })) });
  });

  r.get('/api/admin/placements/candidates', ...admin, async (req, res) => {
    const studentId = typeof req.query.student_id === 'string' ? req.query.student_id.trim() : '';
    if (!studentId) throw badRequest([{ field: 'student_id', message: 'student_id is required' }]);
    const list = await candidatesFor(rs, studentId);
    if (!list) throw notFound(`No student account with id ${studentId}`);
    res.json(list);
  });

  r.get('/api/admin/users/:role/:id/history', ...admin, async (req, res) => {
    const role = String(req.params.role);
    if (!['student', 'mentor', 'training_centre'].includes(role)) throw notFound(`Unknown role '${role}': use student, mentor or training_centre`);
    const account = (await rs.get(ACCOUNTS, String(req.params.id))) as AccountDoc | null;
    if (!account || account.role !== role) throw notFound(`No ${role.replace('_', ' ')} account with id ${req.params.id}`);
    const entries = (await rs.find(ACCOUNT_HISTORY, { account_id: account.id }, { sort: { position: -1 } })) as AccountHistoryDoc[];
    const actorIds = [...new Set(entries.map((e) => e.actor_id).filter((x): x is string => Boolean(x)))];
    const actors = byId((actorIds.length ? await rs.find(ACCOUNTS, { id: { $in: actorIds } }) : []) as AccountDoc[]);
    res.json({
      account: { id: account.id, role: account.role, Name: account.Name, Email: account.Email, account_locked: account.locked, vetted: account.vetted, Created_At: account.Created_At },
      history: entries.map((e) => {
        const actor = e.actor_id ? actors.get(e.actor_id) : undefined;
        return {
          id: e.id,
          action: e.action,
          at: e.at,
          actor_id: e.actor_id,
          actor_name: actor ? actor.Name : e.actor_id ? 'Unknown account' : 'System',
          actor_email: actor?.Email ?? null,
          reason: e.reason,
        };
      }),
    });
  });

  r.get('/api/admin/signin-attempts', ...admin, async (req, res) => {
    const limit = Math.min(500, Math.max(1, Number(req.query.limit) || 100));
    const attempts = await rs.find(ADMIN_SIGNINS, {}, { sort: { position: -1 }, limit });
    res.json({ attempts: attempts.map(({ _audience, position, ...a }) => a) });
  });

  return r;
}
