import { Router, type Request } from 'express';
import { authenticate, requireRole, validate } from '@panda/platform/http';
import { allOf, findPage, parsePaging, setPageHeaders, type ListSpec, type PageFilter } from '@panda/platform/paging';
import { adminAccountsQuerySchema, adminPlacementsQuerySchema, adminStudentsQuerySchema } from '@panda/contracts/admin';
import { candidatesQuery } from '@panda/contracts/placements';
import { badRequest, notFound } from '@panda/platform/errors';
import { type AccountDoc, accounts } from '@panda/projections/read-models/accounts';
import { adminStudentRows } from '@panda/projections/read-models/admin-student-rows';
import { adminMentorRows } from '@panda/projections/read-models/admin-mentor-rows';
import { adminSignIns, accountHistory } from '@panda/projections/read-models/account-history';
import { studentProgress, placements } from '@panda/projections/read-models/placements';
import { centreStats } from '@panda/projections/read-models/training';
import { candidatesFor } from '../placements/candidates';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { docsById } from '../shared/docs-by-id';

/** Admin user tables (docs/rules.md#list-paging): newest first, sortable by name and e-mail, searched by name or e-mail. */
export const ADMIN_USER_LIST: ListSpec = {
  sorts: { created: 'Created_At', name: 'Name', email: 'Email' },
  defaultSort: '-created',
  search: ['Name', 'Email'],
};
/** Admin placements table: newest first, sortable by student or mentor, searched by any party's name or e-mail. */
export const ADMIN_PLACEMENT_LIST: ListSpec = {
  sorts: { created: 'Created_At', student: 'student_name', mentor: 'mentor_name' },
  defaultSort: '-created',
  search: ['student_name', 'mentor_name', 'training_centre_name', 'student_email', 'mentor_email'],
};
/** An account's lock and vetting history, newest first; `?q`: the action or the admin's reason (docs/rules.md#list-search). */
const HISTORY_LIST: ListSpec = {
  sorts: { position: 'position' },
  defaultSort: '-position',
  search: ['action', 'reason'],
};
/** The admin portal's sign-in attempts, newest first; `?q`: the e-mail typed, the address, the outcome or the browser. */
const SIGNIN_LIST: ListSpec = {
  sorts: { position: 'position' },
  defaultSort: '-position',
  search: ['email', 'source_address', 'outcome', 'user_agent'],
};

/** Spec "Admin list item", then `extra` by Object.assign, never after a spread (docs/benchmarks.md, "Objects built per row"). */
const listItem = <Extra extends object>(a: AccountDoc, extra: Extra) =>
  Object.assign(
    {
      ...pick(a, ['id', 'First_Name', 'Last_Name', 'Email', 'Name', 'Created_At']),
      account_locked: a.locked,
    },
    extra,
  );

/** Admins only (docs/api-conventions.md, "Admin portal, vetting and placements"; contracts/src/admin.ts). */
export function adminQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const admin = [authenticate(deps.authenticator), requireRole('admin')];
  const rs = deps.readStore;

  r.get('/api/admin/users/students', ...admin, async (req, res) => {
    const f = validate(adminStudentsQuerySchema, req.query);
    const paging = parsePaging(req.query, ADMIN_USER_LIST);
    const filter: PageFilter = allOf(
      f.placed ? { Matched: f.placed === 'true' } : null,
      f.locked ? { account_locked: f.locked === 'true' } : null,
    );
    // Each row is stored as the table shows it (read-models/admin-student-rows): its text is the answer's item.
    const page = await findPage(rs, adminStudentRows, filter, paging);
    setPageHeaders(req, res, page);
    res.json({ students: page.items });
  });

  /** A mentor or centre table's paging and its locked and vetted filters (`locked` named as its documents name it). */
  const accountList = (req: Request, locked: 'locked' | 'account_locked') => {
    const f = validate(adminAccountsQuerySchema, req.query);
    const paging = parsePaging(req.query, ADMIN_USER_LIST);
    if (req.query.placed !== undefined)
      throw badRequest([{ field: 'placed', message: 'placed filters students only' }]);
    const filter: PageFilter = {
      ...(f.locked ? { [locked]: f.locked === 'true' } : {}),
      ...(f.vetted ? { vetted: f.vetted === 'true' } : {}),
    };
    return { filter, paging };
  };

  r.get('/api/admin/users/mentors', ...admin, async (req, res) => {
    const { filter, paging } = accountList(req, 'account_locked');
    // Each row is stored as the table shows it (read-models/admin-mentor-rows): its text is the answer's item.
    const page = await findPage(rs, adminMentorRows, filter, paging);
    setPageHeaders(req, res, page);
    res.json({ mentors: page.items });
  });

  r.get('/api/admin/users/training-centres', ...admin, async (req, res) => {
    // Student counts come from the centres' precomputed stats, not from loading every student.
    const { filter, paging } = accountList(req, 'locked');
    const page = await findPage(rs, accounts, { role: 'training_centre', ...filter }, paging);
    const ids = page.items.map((c) => c.id);
    const counts = await docsById(rs, centreStats, ids);
    setPageHeaders(req, res, page);
    res.json({
      training_centres: page.items.map((c) =>
        listItem(c, { vetted: c.vetted, student_count: counts.get(c.id)?.total_students ?? 0 }),
      ),
    });
  });

  r.get('/api/admin/placements', ...admin, async (req, res) => {
    const f = validate(adminPlacementsQuerySchema, req.query);
    const paging = parsePaging(req.query, ADMIN_PLACEMENT_LIST);
    const page = await findPage(rs, placements, f.status ? { Status: f.status } : {}, paging);
    const students = page.items.map((p) => p.student_id);
    // Progress at a glance (docs/rules.md#progress-at-a-glance): the trainee's cards signed over cards required, over their open jobs.
    const progress = await docsById(rs, studentProgress, students);
    const none = { cards_signed: 0, cards_required: 0, progress_percent: 0 };
    setPageHeaders(req, res, page);
    const rows = page.items.map(({ _audience, ...placement }) => {
      const p = progress.get(placement.student_id);
      const shown = p
        ? { cards_signed: p.cards_signed, cards_required: p.cards_required, progress_percent: p.progress_percent }
        : none;
      return { ...placement, ...shown };
    });
    res.json({ placements: rows });
  });

  r.get('/api/admin/placements/candidates', ...admin, async (req, res) => {
    const { student_id: studentId } = validate(candidatesQuery, req.query);
    const list = await candidatesFor(rs, studentId);
    if (!list) throw notFound(`No student account with id ${studentId}`);
    res.json(list);
  });

  r.get('/api/admin/users/:role/:id/history', ...admin, async (req, res) => {
    const role = String(req.params.role);
    if (!['student', 'mentor', 'training_centre'].includes(role))
      throw notFound(`Unknown role '${role}': use student, mentor or training_centre`);
    const account = await rs.get(accounts, String(req.params.id));
    if (!account || account.role !== role)
      throw notFound(`No ${role.replace('_', ' ')} account with id ${req.params.id}`);
    const page = await findPage(rs, accountHistory, { account_id: account.id }, parsePaging(req.query, HISTORY_LIST));
    const entries = page.items;
    setPageHeaders(req, res, page);
    const people = entries.flatMap((e) => [e.actor_id, e.student_id, e.mentor_id]);
    const actors = await docsById(rs, accounts, people);
    res.json({
      account: {
        ...pick(account, ['id', 'role', 'Name', 'Email']),
        account_locked: account.locked,
        ...pick(account, ['vetted', 'Created_At']),
      },
      history: entries.map((e) => {
        const actor = e.actor_id ? actors.get(e.actor_id) : undefined;
        return {
          ...pick(e, ['id', 'action', 'at', 'actor_id']),
          actor_name: actor ? actor.Name : e.actor_id ? 'Unknown account' : 'System',
          actor_email: actor?.Email ?? null,
          reason: e.reason,
          placement: e.placement_id
            ? {
                id: e.placement_id,
                student_id: e.student_id ?? '',
                student_name: actors.get(e.student_id ?? '')?.Name ?? 'Unknown account',
                mentor_id: e.mentor_id ?? '',
                mentor_name: actors.get(e.mentor_id ?? '')?.Name ?? 'Unknown account',
                status: e.status ?? null,
              }
            : null,
        };
      }),
    });
  });

  r.get('/api/admin/signin-attempts', ...admin, async (req, res) => {
    const page = await findPage(rs, adminSignIns, {}, parsePaging(req.query, SIGNIN_LIST));
    setPageHeaders(req, res, page);
    res.json({ attempts: page.items.map(({ _audience, position, ...a }) => a) });
  });

  return r;
}
