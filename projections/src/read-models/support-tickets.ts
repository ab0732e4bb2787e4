import type { TicketSummary } from '@panda/contracts/support';
import type { ProjectionContext } from '../projection';
import { registeredName, rename, signedUpName, type KeptName } from './names';
import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** docs/read-models.md#support-tickets */
export const SUPPORT_TICKETS = 'support_tickets';

export interface TicketEntryDoc {
  id: string;
  author: 'owner' | 'support' | 'assistant';
  author_id: string | null;
  message: string;
  created_at: string;
  links: { label: string; path: string }[];
}

/** A ticket as the lists show it (contracts `ticketSummary`) without the names, which the rows keep. */
export type TicketDoc = Omit<TicketSummary, 'message_count' | 'student_name' | 'owner_name' | 'owner_email'> & {
  conversation: TicketEntryDoc[];
  _audience: string[];
};

export type TicketRowDoc = TicketSummary;
interface NameDoc extends KeptName {
  id: string;
}

export const supportTickets = collection<TicketDoc>(SUPPORT_TICKETS);
export const supportTicketRows = collection<TicketRowDoc>('support_ticket_rows');
const names = collection<NameDoc>('support_ticket_names');

/** The ticket as the lists show it, with its owner's and student's names as they are now. */
function row(t: TicketDoc, owner: NameDoc | null, student: NameDoc | null): TicketRowDoc {
  return {
    id: t.id,
    Subject: t.Subject,
    Message: t.Message,
    Status: t.Status,
    Created_At: t.Created_At,
    last_activity: t.last_activity,
    response_text: t.response_text,
    response_count: t.response_count,
    ai_answered: t.ai_answered,
    message_count: t.conversation.length,
    Student_ID: t.Student_ID,
    student_name: student ? student.Name : null,
    owner_id: t.owner_id,
    owner_name: owner?.Name ?? 'Unknown account',
    owner_email: owner?.Email ?? '',
    owner_role: t.owner_role,
    activity_position: t.activity_position,
  };
}

async function putTicket(ctx: ProjectionContext, t: TicketDoc) {
  supportTickets.in(ctx).put(t);
  const [owner, student] = await Promise.all([
    names.in(ctx).get(t.owner_id),
    t.Student_ID ? names.in(ctx).get(t.Student_ID) : null,
  ]);
  supportTicketRows.in(ctx).put(row(t, owner, student));
}

const changeTicket = async (ctx: ProjectionContext, id: string, evolve: (doc: TicketDoc) => void) => {
  const doc = await supportTickets.in(ctx).get(id);
  if (!doc) return;
  evolve(doc);
  await putTicket(ctx, doc);
};

/** Any activity on a ticket moves it up the newest-activity-first order. */
const touch = (doc: TicketDoc, e: { time: string; position: number }) =>
  Object.assign(doc, { last_activity: e.time, activity_position: e.position });

export const supportTicketsProjection = defineProjection({
  name: 'support-tickets',
  // 2: `support_ticket_rows`, `support_ticket_names`. 3: the assistant's answer keeps a ticket open, `ai_answered`.
  version: 3,
  collections: {
    [SUPPORT_TICKETS]: [],
    // The lists: an owner's and the admin inbox (by status), newest activity first or by creation; `?q=`.
    [supportTicketRows.name]: [
      'Student_ID',
      'activity_position',
      // Also an owner's tickets and the status filter alone (see indexesServedByLonger).
      'owner_id+activity_position',
      'owner_id+Created_At',
      'Status+activity_position',
      'Status+Created_At',
      'Created_At',
      searchIndex('Subject', 'Message'),
    ],
    [names.name]: [],
  },
  on: {
    AccountSignedUp: ({ data: d }, ctx) => names.in(ctx).put({ id: d.accountId, ...signedUpName(d) }),
    StudentRegistered: ({ data: d }, ctx) => names.in(ctx).put({ id: d.accountId, ...registeredName(d) }),
    // A new name or e-mail goes to the rows that show it (their owner's, or their student's).
    ProfileChanged: async ({ data: { accountId, changes } }, ctx) => {
      const n = (await rename(names.in(ctx), accountId, changes))?.name;
      if (!n) return;
      const rows = supportTicketRows.in(ctx);
      for (const r of await rows.find({ owner_id: accountId }))
        rows.put(Object.assign(r, { owner_name: n.Name, owner_email: n.Email }));
      for (const r of await rows.find({ Student_ID: accountId })) rows.put(Object.assign(r, { student_name: n.Name }));
    },
    TicketOpened: ({ eventId, time, position, data: d }, ctx) =>
      putTicket(ctx, {
        id: d.ticketId,
        owner_id: d.ownerId,
        owner_role: d.ownerRole,
        Subject: d.subject,
        Message: d.message,
        Status: 'open',
        Created_At: time,
        last_activity: time,
        response_text: null,
        response_count: 0,
        ai_answered: false,
        Student_ID: d.studentId,
        conversation: [
          { id: eventId, author: 'owner', author_id: d.ownerId, message: d.message, created_at: time, links: [] },
        ],
        activity_position: position,
        _audience: [d.ownerId],
      }),
    TicketReplied: (e, ctx) =>
      changeTicket(ctx, e.data.ticketId, (doc) => {
        const d = e.data;
        touch(doc, e);
        // `links` has a schema default: a reply appended without links has none.
        doc.conversation.push({
          id: e.eventId,
          author: d.author,
          author_id: d.authorId,
          message: d.message,
          created_at: e.time,
          links: d.links ?? [],
        });
        if (d.author === 'owner') doc.Status = 'open';
        else {
          Object.assign(doc, { response_text: d.message, response_count: doc.response_count + 1 });
          // docs/rules.md#support-status: only a reply from support makes a ticket `responded`.
          if (d.author === 'support') doc.Status = 'responded';
          else doc.ai_answered = true;
        }
      }),
    TicketClosed: (e, ctx) =>
      changeTicket(ctx, e.data.ticketId, (doc) => Object.assign(touch(doc, e), { Status: 'closed' })),
  },
});
