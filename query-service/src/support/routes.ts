import { Router, type Request, type Response } from 'express';
import { TICKET_STATUSES, type TicketDetail, type TicketSummary } from '@panda/contracts/support';
import { ACCOUNTS, type AccountDoc } from '@panda/projections/read-models/accounts';
import { SUPPORT_TICKETS, type TicketDoc } from '@panda/projections/read-models/support-tickets';
import type { Filter, ReadStore } from '@panda/projections/read-store';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import type { QueryDeps } from '../shared/deps';

const SENDER = { owner: 'user', support: 'support', assistant: 'assistant' } as const;
const ENTRY_TYPE = { owner: 'message', support: 'response', assistant: 'ai_response' } as const;

async function namesOf(rs: ReadStore, ids: (string | null)[]): Promise<Map<string, AccountDoc>> {
  const unique = [...new Set(ids.filter((x): x is string => !!x))];
  const docs = unique.length ? ((await rs.find(ACCOUNTS, { id: { $in: unique } })) as AccountDoc[]) : [];
  return new Map(docs.map((d) => [d.id, d]));
}

function summary(t: TicketDoc, names: Map<string, AccountDoc>): TicketSummary {
  const owner = names.get(t.owner_id);
  const student = t.Student_ID ? names.get(t.Student_ID) : undefined;
  return {
    id: t.id,
    Subject: t.Subject,
    Message: t.Message,
    Status: t.Status,
    Created_At: t.Created_At,
    last_activity: t.last_activity,
    response_text: t.response_text,
    response_count: t.response_count,
    message_count: t.conversation.length,
    Student_ID: t.Student_ID,
    student_name: student ? student.Name : null,
    owner_id: t.owner_id,
    owner_name: owner?.Name ?? 'Unknown account',
    owner_email: owner?.Email ?? '',
    owner_role: t.owner_role,
  };
}

async function detail(rs: ReadStore, t: TicketDoc): Promise<TicketDetail> {
  const names = await namesOf(rs, [t.owner_id, t.Student_ID]);
  const ownerName = names.get(t.owner_id)?.Name ?? 'You';
  return {
    ...summary(t, names),
    conversation: t.conversation.map((c) => ({
      id: c.id,
      sender: SENDER[c.author],
      sender_name: c.author === 'assistant' ? 'AI Assistant' : c.author === 'support' ? 'Support Team' : ownerName,
      message: c.message,
      created_at: c.created_at,
      type: ENTRY_TYPE[c.author],
      links: c.links,
    })),
  };
}

/** Ruling 24: newest activity first (or by creation); search in subject and first message. */
export const TICKET_LIST: ListSpec = {
  sorts: { activity: 'activity_position', created: 'Created_At' },
  defaultSort: '-activity',
  search: ['Subject', 'Message'],
};

/** One page of tickets, with X-Total-Count and a `rel="next"` Link when there is more. */
async function sendPage(req: Request, res: Response, rs: ReadStore, filter: Filter) {
  const page = await findPage<TicketDoc>(rs, SUPPORT_TICKETS, filter, parsePaging(req.query, TICKET_LIST));
  const names = await namesOf(
    rs,
    page.items.flatMap((t) => [t.owner_id, t.Student_ID]),
  );
  setPageHeaders(req, res, page);
  res.json(page.items.map((t) => summary(t, names)));
}

/**
 * Support tickets as their owner and the admins see them (spec §7 Support; rulings 23, 24):
 * - GET /api/support, /api/support/:id                       (the owner's own tickets; others 404)
 * - GET /api/admin/support?status=open|responded|closed       (admin inbox, newest activity first)
 * - GET /api/admin/support/counts                             ({open, responded, closed, total})
 * - GET /api/admin/support/:id
 */
export function supportQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const rs = deps.readStore;
  const user = [authenticate(deps.authenticator), requireRole('student', 'mentor', 'training_centre')];
  const admin = [authenticate(deps.authenticator), requireRole('admin')];

  r.get('/api/support', ...user, async (req, res) => {
    await sendPage(req, res, rs, { owner_id: authOf(req).id });
  });

  r.get('/api/support/:id', ...user, async (req, res) => {
    const t = (await rs.get(SUPPORT_TICKETS, String(req.params.id))) as TicketDoc | null;
    if (!t || t.owner_id !== authOf(req).id) throw notFound('Support ticket not found');
    res.json(await detail(rs, t));
  });

  r.get('/api/admin/support', ...admin, async (req, res) => {
    const status = req.query.status;
    if (
      status !== undefined &&
      (typeof status !== 'string' || !(TICKET_STATUSES as readonly string[]).includes(status))
    ) {
      throw badRequest([{ field: 'status', message: `status must be one of ${TICKET_STATUSES.join(', ')}` }]);
    }
    await sendPage(req, res, rs, status ? { Status: status } : {});
  });

  r.get('/api/admin/support/counts', ...admin, async (_req, res) => {
    const [open, responded, closed] = await Promise.all(
      TICKET_STATUSES.map((s) => rs.count(SUPPORT_TICKETS, { Status: s })),
    );
    res.json({ open, responded, closed, total: open + responded + closed });
  });

  r.get('/api/admin/support/:id', ...admin, async (req, res) => {
    const t = (await rs.get(SUPPORT_TICKETS, String(req.params.id))) as TicketDoc | null;
    if (!t) throw notFound('Support ticket not found');
    res.json(await detail(rs, t));
  });

  return r;
}
