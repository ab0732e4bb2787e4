import { searchIndex } from '../read-store';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/**
 * `support_tickets`: one document per support ticket with its conversation (rulings 16, 23),
 * built only from the ticket events. Seen by its owner (and admins, who are told of every change).
 * Names are joined at read time from `accounts`, so a renamed account shows its current name.
 */
export const SUPPORT_TICKETS = 'support_tickets';

export interface TicketEntryDoc {
  id: string;
  author: 'owner' | 'support' | 'assistant';
  author_id: string | null;
  message: string;
  created_at: string;
  links: { label: string; path: string }[];
}

export interface TicketDoc {
  id: string;
  owner_id: string;
  owner_role: 'student' | 'mentor' | 'training_centre';
  Subject: string;
  Message: string;
  Status: 'open' | 'responded' | 'closed';
  Created_At: string;
  last_activity: string;
  /** The latest answer from support or the AI Assistant. */
  response_text: string | null;
  /** Answers from support or the AI Assistant. */
  response_count: number;
  Student_ID: string | null;
  conversation: TicketEntryDoc[];
  /** Log position of the latest activity (newest-activity-first order and paging cursor). */
  activity_position: number;
  _audience: string[];
  [k: string]: unknown;
}

export const supportTickets = collection<TicketDoc>(SUPPORT_TICKETS);

/** Any activity on a ticket moves it up the newest-activity-first order. */
const touch = (doc: TicketDoc, e: { time: string; position: number }) =>
  Object.assign(doc, { last_activity: e.time, activity_position: e.position });

export const supportTicketsProjection = defineProjection({
  name: 'support-tickets',
  collections: {
    [SUPPORT_TICKETS]: [
      'owner_id',
      'Status',
      'activity_position',
      'owner_id+activity_position',
      'Status+activity_position',
      'Created_At',
      // `?q=` of the support lists.
      searchIndex('Subject'),
      searchIndex('Message'),
    ],
  },
  on: {
    TicketOpened: ({ eventId, time, position, data: d }, ctx) =>
      supportTickets.in(ctx).put({
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
        Student_ID: d.studentId,
        conversation: [
          { id: eventId, author: 'owner', author_id: d.ownerId, message: d.message, created_at: time, links: [] },
        ],
        activity_position: position,
        _audience: [d.ownerId],
      }),
    TicketReplied: async (e, ctx) => {
      const d = e.data;
      await supportTickets.in(ctx).update(d.ticketId, (doc) => {
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
        else
          Object.assign(doc, { Status: 'responded', response_text: d.message, response_count: doc.response_count + 1 });
      });
    },
    TicketClosed: async (e, ctx) => {
      await supportTickets.in(ctx).update(e.data.ticketId, (doc) => Object.assign(touch(doc, e), { Status: 'closed' }));
    },
  },
});
