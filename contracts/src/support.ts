import { z } from 'zod';
import { multiLineText, singleLineText } from './fields';
import { defineRoutes } from './route-contract';

/** Support tickets (spec §7 Support; docs/rules.md#support-tickets, docs/rules.md#support-inbox, docs/rules.md#list-paging). Requests are validated with these at the edge. */

export const TICKET_STATUSES = ['open', 'responded', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** The subjects a training centre chooses from (spec §5). */
export const CENTRE_SUBJECTS = ['Student Issue', 'General Issue', 'Billing Issue'] as const;

/** The longest subject and message (a ticket's or a reply's) the server takes. */
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

const required = (max: number, text = singleLineText) =>
  text('Please fill in all required fields')
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(max, `Must be at most ${max} characters`);

export const createTicketRequest = z.object({
  Subject: required(SUPPORT_SUBJECT_MAX),
  Message: required(SUPPORT_MESSAGE_MAX, multiLineText),
  Student_ID: singleLineText().trim().max(100).nullish(),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequest>;

/**
 * A training centre's ticket (spec §5): its subject is one of CENTRE_SUBJECTS, and a student is
 * chosen exactly for a Student Issue.
 */
export const centreTicketRequest = createTicketRequest.superRefine((v, ctx) => {
  if (!(CENTRE_SUBJECTS as readonly string[]).includes(v.Subject))
    ctx.addIssue({
      code: 'custom',
      path: ['Subject'],
      message: `Please choose a subject: ${CENTRE_SUBJECTS.join(', ')}`,
    });
  else if (v.Subject === 'Student Issue' && !v.Student_ID)
    ctx.addIssue({ code: 'custom', path: ['Student_ID'], message: 'Please select a student for student issues' });
  else if (v.Subject !== 'Student Issue' && v.Student_ID)
    ctx.addIssue({ code: 'custom', path: ['Student_ID'], message: 'A student is chosen only for student issues' });
});

export const replyRequest = z.object({
  message: multiLineText('Please enter a reply')
    .trim()
    .min(1, 'Please enter a reply')
    .max(SUPPORT_MESSAGE_MAX, `Must be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export type ReplyRequest = z.infer<typeof replyRequest>;

export const closeRequest = z.object({ status: z.literal('closed', { error: "Status must be 'closed'" }) });

export const conversationEntry = z.object({
  id: z.string(),
  /** user: the ticket's owner; support: an admin; assistant: the AI Assistant. */
  sender: z.enum(['user', 'support', 'assistant']),
  sender_name: z.string(),
  message: z.string(),
  created_at: z.string(),
  type: z.enum(['message', 'response', 'ai_response']),
  links: z.array(z.object({ label: z.string(), path: z.string() })),
});
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const ticketSummary = z.object({
  id: z.string(),
  Subject: z.string(),
  Message: z.string(),
  Status: ticketStatusSchema,
  Created_At: z.string(),
  last_activity: z.string(),
  response_text: z.string().nullable(),
  response_count: z.number().int(),
  /** The AI Assistant has answered; an `open` ticket still awaits staff ("AI answered" in the lists). */
  ai_answered: z.boolean(),
  message_count: z.number().int(),
  Student_ID: z.string().nullable(),
  student_name: z.string().nullable(),
  owner_id: z.string(),
  owner_name: z.string(),
  owner_email: z.string(),
  owner_role: z.enum(['student', 'mentor', 'training_centre']),
  /** The log position of the ticket's latest activity: the lists' newest-activity-first order. */
  activity_position: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketDetail = ticketSummary.extend({ conversation: z.array(conversationEntry) });
export type TicketDetail = z.infer<typeof ticketDetail>;

export const ticketListResponse = z.array(ticketSummary);
export const ticketCommandResponse = z.object({
  message: z.string(),
  id: z.string(),
  status: ticketStatusSchema,
  position: z.number().int(),
});
export const createTicketResponse = ticketCommandResponse.extend({ ticket_id: z.string() });

/** `GET /api/admin/support/counts`: tickets per status. */
export const supportCountsResponse = z.object({
  open: z.number().int().min(0),
  responded: z.number().int().min(0),
  closed: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SupportCounts = z.infer<typeof supportCountsResponse>;

/** The HTTP routes of support tickets (spec §8). Route contracts: see ./route-contract. */
export const supportRoutes = defineRoutes([
  { method: 'POST', path: '/api/support', body: createTicketRequest, responses: { 201: createTicketResponse } },
  { method: 'POST', path: '/api/support/:id/reply', body: replyRequest, responses: { 200: ticketCommandResponse } },
  { method: 'PATCH', path: '/api/support/:id', body: closeRequest, responses: { 200: ticketCommandResponse } },
  {
    method: 'POST',
    path: '/api/admin/support/:id/reply',
    body: replyRequest,
    responses: { 200: ticketCommandResponse },
  },
  { method: 'PATCH', path: '/api/admin/support/:id', body: closeRequest, responses: { 200: ticketCommandResponse } },
  { method: 'GET', path: '/api/support', responses: { 200: ticketListResponse } },
  { method: 'GET', path: '/api/support/:id', responses: { 200: ticketDetail } },
  { method: 'GET', path: '/api/admin/support', responses: { 200: ticketListResponse } },
  { method: 'GET', path: '/api/admin/support/counts', responses: { 200: supportCountsResponse } },
  { method: 'GET', path: '/api/admin/support/:id', responses: { 200: ticketDetail } },
]);
