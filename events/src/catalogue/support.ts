import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Support tickets (spec §2 Support Center, §4 ticket states; docs/rules.md#support-tickets, docs/rules.md#support-inbox). One stream per
 * ticket: `ticket-<ticketId>`. The events carry what a notification to the owner needs (owner id,
 * subject, who replied), so a reactor can notify without reading other streams.
 */
export const ticketStream = (ticketId: string) => `ticket-${ticketId}`;

export const ticketAuthorSchema = z.enum(['owner', 'support', 'assistant']);
export type TicketAuthor = z.infer<typeof ticketAuthorSchema>;

export const TicketOpened = defineEvent(
  'TicketOpened',
  z.object({
    ticketId: z.string(),
    ownerId: z.string(),
    ownerRole: z.enum(['student', 'mentor', 'training_centre']),
    subject: z.string(),
    message: z.string(),
    /** A training centre's ticket about one of its own students (Student Issue), else null. */
    studentId: z.string().nullable(),
  }),
);

export const TicketReplied = defineEvent(
  'TicketReplied',
  z.object({
    ticketId: z.string(),
    ownerId: z.string(),
    /** owner: the ticket's owner; support: an admin; assistant: the AI Assistant's first answer. */
    author: ticketAuthorSchema,
    /** The replying account (null for the AI Assistant). */
    authorId: z.string().nullable(),
    message: z.string(),
    /** Screens the answer links to (AI Assistant), as dashboard paths with a label. */
    links: z.array(z.object({ label: z.string(), path: z.string() })).default([]),
  }),
);

export const TicketClosed = defineEvent(
  'TicketClosed',
  z.object({
    ticketId: z.string(),
    ownerId: z.string(),
    /** Who closed it: the owner or support (an admin). */
    by: z.enum(['owner', 'support']),
  }),
);

export const supportEvents = [TicketOpened, TicketReplied, TicketClosed] as const;
