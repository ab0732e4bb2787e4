import { Router, type Request } from 'express';
import { ticketStream } from '@panda/events/catalogue/support';
import { centreTicketRequest, closeRequest, createTicketRequest, replyRequest } from '@panda/contracts/support';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { loadAccount } from '../accounts/service';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { ticketDecider, type TicketActor, type TicketCommand } from './decider';

const TICKET_ID = /^[\w-]{1,100}$/;

/** The ticket id of the path; an id that cannot be a ticket's is simply not found. */
function ticketId(req: Request): string {
  const id = String(req.params.id);
  if (!TICKET_ID.test(id)) throw notFound('Support ticket not found');
  return id;
}

/**
 * Support tickets (spec §7 Support; docs/rules.md#support-tickets, docs/rules.md#support-inbox):
 * - POST  /api/support                   {Subject, Message, Student_ID?} -> 201 (student, mentor, training centre)
 * - POST  /api/support/:id/reply         {message}          (the owner; reopens a responded ticket)
 * - PATCH /api/support/:id               {status: 'closed'} (the owner)
 * - POST  /api/admin/support/:id/reply   {message}          (admin: the ticket is responded)
 * - PATCH /api/admin/support/:id         {status: 'closed'} (admin)
 * Someone else's ticket answers 404. A training centre's Student Issue names one of its own students.
 */
export function supportRoutes(deps: CommandDeps): Router {
  const r = Router();
  const user = [authenticate(deps.authenticator), requireRole('student', 'mentor', 'training_centre')];
  const admin = [authenticate(deps.authenticator), requireRole('admin')];

  const run = (req: Request, id: string, command: TicketCommand) =>
    handle(deps.store, ticketStream(id), ticketDecider, command, metaFor(req, deps));

  r.post('/api/support', ...user, async (req, res) => {
    const a = authOf(req);
    const body = validate(a.role === 'training_centre' ? centreTicketRequest : createTicketRequest, req.body);
    const studentId = body.Student_ID || null;
    if (a.role === 'training_centre') {
      if (studentId) {
        // The student's own account stream says whose student they are. Another centre's student
        // (or no student at all) is not one this centre may name (docs/rules.md#server-side-access).
        const student = await loadAccount(deps, studentId);
        if (student.role !== 'student' || student.centreId !== a.id) throw notFound('Student not found');
      }
    } else if (studentId) {
      throw badRequest([{ field: 'Student_ID', message: 'Only a training centre picks a student' }]);
    }
    const id = deps.newId();
    const role = a.role as 'student' | 'mentor' | 'training_centre';
    const { position } = await run(req, id, {
      type: 'OpenTicket',
      ticketId: id,
      ownerId: a.id,
      ownerRole: role,
      subject: body.Subject,
      message: body.Message,
      studentId,
    });
    sendResult(res, 201, position, {
      message: 'Support ticket created successfully',
      id,
      ticket_id: id,
      status: 'open',
    });
  });

  const reply = (actorOf: (req: Request) => TicketActor) => async (req: Request, res: import('express').Response) => {
    const id = ticketId(req);
    const body = validate(replyRequest, req.body);
    const { position, state } = await run(req, id, {
      type: 'ReplyTicket',
      ticketId: id,
      actor: actorOf(req),
      message: body.message,
    });
    sendResult(res, 200, position, { message: 'Reply sent successfully', id, status: state.status! });
  };
  const close =
    (actorOf: (req: Request) => TicketActor & { kind: 'owner' | 'support' }) =>
    async (req: Request, res: import('express').Response) => {
      const id = ticketId(req);
      validate(closeRequest, req.body);
      const { position } = await run(req, id, { type: 'CloseTicket', ticketId: id, actor: actorOf(req) });
      sendResult(res, 200, position, { message: 'Ticket updated', id, status: 'closed' });
    };
  const owner = (req: Request) => ({ kind: 'owner' as const, accountId: authOf(req).id });
  const support = (req: Request) => ({ kind: 'support' as const, accountId: authOf(req).id });

  r.post('/api/support/:id/reply', ...user, reply(owner));
  r.patch('/api/support/:id', ...user, close(owner));
  r.post('/api/admin/support/:id/reply', ...admin, reply(support));
  r.patch('/api/admin/support/:id', ...admin, close(support));
  return r;
}
