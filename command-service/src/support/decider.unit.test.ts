import { describe, expect, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import { ticketDecider, type TicketEvent } from './decider';

const T = 't-1';
const OWNER = 'owner-1';
const opened: TicketEvent = {
  type: 'TicketOpened',
  data: {
    ticketId: T,
    ownerId: OWNER,
    ownerRole: 'mentor',
    subject: 'Help',
    message: 'How do I sign?',
    studentId: null,
  },
};
const reply = (
  author: 'owner' | 'support' | 'assistant',
  message = 'Reply',
  links: { label: string; path: string }[] = [],
): TicketEvent => ({
  type: 'TicketReplied',
  data: {
    ticketId: T,
    ownerId: OWNER,
    author,
    authorId: author === 'owner' ? OWNER : author === 'support' ? 'admin-1' : null,
    message,
    links,
  },
});
const closed = (by: 'owner' | 'support' = 'owner'): TicketEvent => ({
  type: 'TicketClosed',
  data: { ticketId: T, ownerId: OWNER, by },
});
const owner = { kind: 'owner' as const, accountId: OWNER };
const stranger = { kind: 'owner' as const, accountId: 'someone-else' };
const support = { kind: 'support' as const, accountId: 'admin-1' };

describe('support ticket decider', () => {
  it('opens a ticket', () => {
    spec(ticketDecider)
      .given([])
      .when({
        type: 'OpenTicket',
        ticketId: T,
        ownerId: OWNER,
        ownerRole: 'mentor',
        subject: 'Help',
        message: 'How do I sign?',
        studentId: null,
      })
      .then([opened]);
  });

  it('refuses to open the same ticket id twice', () => {
    spec(ticketDecider)
      .given([opened])
      .when({
        type: 'OpenTicket',
        ticketId: T,
        ownerId: OWNER,
        ownerRole: 'mentor',
        subject: 'x',
        message: 'y',
        studentId: null,
      })
      .thenThrows(409);
  });

  it('support replies: the ticket is responded', () => {
    spec(ticketDecider)
      .given([opened])
      .when({ type: 'ReplyTicket', ticketId: T, actor: support, message: 'Reply' })
      .then([reply('support')]);
  });

  it("the owner's reply is recorded (and reopens a responded ticket, see evolve)", () => {
    spec(ticketDecider)
      .given([opened, reply('support')])
      .when({ type: 'ReplyTicket', ticketId: T, actor: owner, message: 'Reply' })
      .then([reply('owner')]);
  });

  it('the AI Assistant answers once, with links', () => {
    const links = [{ label: 'Training Jobs', path: '/dashboard?view=jobs' }];
    spec(ticketDecider)
      .given([opened])
      .when({ type: 'ReplyTicket', ticketId: T, actor: { kind: 'assistant' }, message: 'Answer', links })
      .then([reply('assistant', 'Answer', links)]);
    spec(ticketDecider)
      .given([opened, reply('assistant')])
      .when({ type: 'ReplyTicket', ticketId: T, actor: { kind: 'assistant' }, message: 'Again' })
      .then([]);
  });

  it('the AI Assistant does not answer a closed ticket', () => {
    spec(ticketDecider)
      .given([opened, closed()])
      .when({ type: 'ReplyTicket', ticketId: T, actor: { kind: 'assistant' }, message: 'Answer' })
      .then([]);
  });

  it('a closed ticket refuses replies from the owner and from support', () => {
    spec(ticketDecider)
      .given([opened, closed()])
      .when({ type: 'ReplyTicket', ticketId: T, actor: owner, message: 'More' })
      .thenThrows(409, /closed/);
    spec(ticketDecider)
      .given([opened, closed('support')])
      .when({ type: 'ReplyTicket', ticketId: T, actor: support, message: 'More' })
      .thenThrows(409, /closed/);
  });

  it("someone else's ticket does not exist for them (404)", () => {
    spec(ticketDecider)
      .given([opened])
      .when({ type: 'ReplyTicket', ticketId: T, actor: stranger, message: 'Hi' })
      .thenThrows(404, 'Support ticket not found');
    spec(ticketDecider).given([opened]).when({ type: 'CloseTicket', ticketId: T, actor: stranger }).thenThrows(404);
  });

  it('an unknown ticket is 404', () => {
    spec(ticketDecider)
      .given([])
      .when({ type: 'ReplyTicket', ticketId: T, actor: support, message: 'Hi' })
      .thenThrows(404);
    spec(ticketDecider).given([]).when({ type: 'CloseTicket', ticketId: T, actor: owner }).thenThrows(404);
  });

  it('the owner or support closes a ticket; closing again changes nothing', () => {
    spec(ticketDecider)
      .given([opened, reply('support')])
      .when({ type: 'CloseTicket', ticketId: T, actor: owner })
      .then([closed('owner')]);
    spec(ticketDecider)
      .given([opened])
      .when({ type: 'CloseTicket', ticketId: T, actor: support })
      .then([closed('support')]);
    spec(ticketDecider).given([opened, closed()]).when({ type: 'CloseTicket', ticketId: T, actor: owner }).then([]);
  });

  it('states: open -> open (the assistant answered) -> open (owner reply) -> responded (support) -> open -> closed', () => {
    const events = [opened, reply('assistant'), reply('owner'), reply('support'), reply('owner'), closed()];
    const states = events.reduce<string[]>((acc, e, i, all) => {
      const s = all.slice(0, i + 1).reduce(ticketDecider.evolve, ticketDecider.initialState());
      return [...acc, s.status!];
    }, []);
    expect(states).toEqual(['open', 'open', 'open', 'responded', 'open', 'closed']);
  });
});
