import type { Projection } from '../projection';

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

type Data = Record<string, unknown> & { ticketId: string };

export const supportTicketsProjection: Projection = {
  name: 'support-tickets',
  collections: { [SUPPORT_TICKETS]: ['owner_id', 'Status', 'activity_position', 'owner_id+activity_position', 'Status+activity_position'] },
  handles: ['TicketOpened', 'TicketReplied', 'TicketClosed'],
  async apply(e, ctx) {
    const d = e.data as Data;
    if (e.type === 'TicketOpened') {
      const doc: TicketDoc = {
        id: d.ticketId,
        owner_id: d.ownerId as string,
        owner_role: d.ownerRole as TicketDoc['owner_role'],
        Subject: d.subject as string,
        Message: d.message as string,
        Status: 'open',
        Created_At: e.time,
        last_activity: e.time,
        response_text: null,
        response_count: 0,
        Student_ID: (d.studentId as string | null) ?? null,
        conversation: [{ id: e.eventId, author: 'owner', author_id: d.ownerId as string, message: d.message as string, created_at: e.time, links: [] }],
        activity_position: e.position,
        _audience: [d.ownerId as string],
      };
      ctx.put(SUPPORT_TICKETS, doc);
      return;
    }
    const doc = (await ctx.get(SUPPORT_TICKETS, d.ticketId)) as TicketDoc | null;
    if (!doc) return;
    doc.last_activity = e.time;
    doc.activity_position = e.position;
    if (e.type === 'TicketReplied') {
      const author = d.author as TicketEntryDoc['author'];
      doc.conversation.push({
        id: e.eventId,
        author,
        author_id: (d.authorId as string | null) ?? null,
        message: d.message as string,
        created_at: e.time,
        links: (d.links as TicketEntryDoc['links'] | undefined) ?? [],
      });
      if (author === 'owner') doc.Status = 'open';
      else {
        doc.Status = 'responded';
        doc.response_text = d.message as string;
        doc.response_count += 1;
      }
    } else if (e.type === 'TicketClosed') {
      doc.Status = 'closed';
    }
    ctx.put(SUPPORT_TICKETS, doc);
  },
};
