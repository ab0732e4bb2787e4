import { Router, type Request, type Response } from 'express';
import { TICKET_STATUSES, type TicketDetail } from '@panda/contracts/support';
import { type TicketDoc, supportTickets, supportTicketRows } from '@panda/projections/read-models/support-tickets';
import type { Filter, ReadStore } from '@panda/projections/read-store';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import type { QueryDeps } from '../shared/deps';

const SENDER = { owner: 'user', support: 'support', assistant: 'assistant' } as const;
const ENTRY_TYPE = { owner: 'message', support: 'response', assistant: 'ai_response' } as const;

/** The ticket with its conversation, and its row's names (the list's item, as it is now). */
async function detail(rs: ReadStore, t: TicketDoc): Promise<TicketDetail> {
  const row = await rs.get(supportTicketRows, t.id);
  // The row is written in the same commit as the ticket.
  if (!row) throw notFound('Support ticket not found');
  return {
    ...row,
    conversation: t.conversation.map((c) => ({
      id: c.id,
      sender: SENDER[c.author],
      sender_name: c.author === 'assistant' ? 'AI Assistant' : c.author === 'support' ? 'Support Team' : row.owner_name,
      message: c.message,
      created_at: c.created_at,
      type: ENTRY_TYPE[c.author],
      links: c.links,
    })),
  };
}

/** docs/rules.md#list-paging: newest activity first (or by creation); search in subject and first message. */
export const TICKET_LIST: ListSpec = {
  sorts: { activity: 'activity_position', created: 'Created_At' },
  defaultSort: '-activity',
  search: ['Subject', 'Message'],
};

/** The rows as stored (docs/read-models.md#support-tickets), paged per docs/rules.md#list-paging. */
async function sendPage(req: Request, res: Response, rs: ReadStore, filter: Filter) {
  const page = await findPage(rs, supportTicketRows, filter, parsePaging(req.query, TICKET_LIST));
  setPageHeaders(req, res, page);
  res.json(page.items);
}

/** docs/api-support.md: the owner's own (others 404) and the admins'. */
export function supportQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const rs = deps.readStore;
  const user = [authenticate(deps.authenticator), requireRole('student', 'mentor', 'training_centre')];
  const admin = [authenticate(deps.authenticator), requireRole('admin')];

  r.get('/api/support', ...user, async (req, res) => {
    await sendPage(req, res, rs, { owner_id: authOf(req).id });
  });

  r.get('/api/support/:id', ...user, async (req, res) => {
    const t = await rs.get(supportTickets, String(req.params.id));
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
      TICKET_STATUSES.map((s) => rs.count(supportTicketRows, { Status: s })),
    );
    res.json({ open, responded, closed, total: open + responded + closed });
  });

  r.get('/api/admin/support/:id', ...admin, async (req, res) => {
    const t = await rs.get(supportTickets, String(req.params.id));
    if (!t) throw notFound('Support ticket not found');
    res.json(await detail(rs, t));
  });

  return r;
}
