import type { EventsOf } from '@panda/events/define';
import { supportEvents } from '@panda/events/catalogue/support';
import { conflict, notFound } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';

/**
 * A support ticket (stream `ticket-<id>`): open (awaiting staff) -> responded (a reply from support)
 * -> closed. The AI Assistant's first answer leaves it open, only marked as answered by the assistant
 * (docs/rules.md#support-status). The owner's reply on a responded ticket opens it again; a closed ticket
 * takes no replies. Only the owner or support (an admin) act on it; anyone else is told it does
 * not exist (docs/rules.md#support-inbox: someone else's ticket answers 404).
 */
export type TicketEvent = EventsOf<typeof supportEvents>;
export type TicketStatus = 'open' | 'responded' | 'closed';
export type TicketActor =
  { kind: 'owner'; accountId: string } | { kind: 'support'; accountId: string } | { kind: 'assistant' };

export interface TicketState {
  ticketId: string | null;
  ownerId: string | null;
  status: TicketStatus | null;
  assistantAnswered: boolean;
}

export type TicketCommand =
  | {
      type: 'OpenTicket';
      ticketId: string;
      ownerId: string;
      ownerRole: 'student' | 'mentor' | 'training_centre';
      subject: string;
      message: string;
      studentId: string | null;
    }
  | {
      type: 'ReplyTicket';
      ticketId: string;
      actor: TicketActor;
      message: string;
      links?: { label: string; path: string }[];
    }
  | { type: 'CloseTicket'; ticketId: string; actor: Exclude<TicketActor, { kind: 'assistant' }> };

export const initialTicketState = (): TicketState => ({
  ticketId: null,
  ownerId: null,
  status: null,
  assistantAnswered: false,
});

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  switch (event.type) {
    case 'TicketOpened':
      return { ticketId: event.data.ticketId, ownerId: event.data.ownerId, status: 'open', assistantAnswered: false };
    case 'TicketReplied':
      return {
        ...state,
        // docs/rules.md#support-status: the assistant's answer does not take a ticket off the staff's list.
        status: event.data.author === 'support' ? 'responded' : event.data.author === 'owner' ? 'open' : state.status,
        assistantAnswered: state.assistantAnswered || event.data.author === 'assistant',
      };
    case 'TicketClosed':
      return { ...state, status: 'closed' };
  }
}

const NOT_FOUND = 'Support ticket not found';

/** The ticket as the actor may see it: someone else's ticket does not exist for them. */
function visible(
  state: TicketState,
  actor: TicketActor,
): asserts state is TicketState & { ticketId: string; ownerId: string; status: TicketStatus } {
  if (!state.ticketId || !state.ownerId || !state.status) throw notFound(NOT_FOUND);
  if (actor.kind === 'owner' && actor.accountId !== state.ownerId) throw notFound(NOT_FOUND);
}

export function decideTicket(command: TicketCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
    case 'OpenTicket': {
      if (state.ticketId) throw conflict('A support ticket with this id already exists');
      const { ticketId, ownerId, ownerRole, subject, message, studentId } = command;
      return [{ type: 'TicketOpened', data: { ticketId, ownerId, ownerRole, subject, message, studentId } }];
    }
    case 'ReplyTicket': {
      visible(state, command.actor);
      if (command.actor.kind === 'assistant') {
        // The AI Assistant answers once, and only while nobody has closed the ticket.
        if (state.assistantAnswered || state.status === 'closed') return [];
      } else if (state.status === 'closed') {
        throw conflict('This ticket is closed; please open a new ticket');
      }
      const author = command.actor.kind;
      return [
        {
          type: 'TicketReplied',
          data: {
            ticketId: state.ticketId,
            ownerId: state.ownerId,
            author,
            authorId: command.actor.kind === 'assistant' ? null : command.actor.accountId,
            message: command.message,
            links: command.links ?? [],
          },
        },
      ];
    }
    case 'CloseTicket': {
      visible(state, command.actor);
      if (state.status === 'closed') return [];
      return [
        { type: 'TicketClosed', data: { ticketId: state.ticketId, ownerId: state.ownerId, by: command.actor.kind } },
      ];
    }
  }
}

export const ticketDecider: Decider<TicketCommand, TicketState, TicketEvent> = {
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
};
