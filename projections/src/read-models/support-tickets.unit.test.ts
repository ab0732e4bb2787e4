import { describe, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { supportTickets, supportTicketsProjection, type TicketDoc } from './support-tickets';

const spec = projectionSpec(supportTicketsProjection);

const opened = {
  type: 'TicketOpened',
  data: {
    ticketId: 't1',
    ownerId: 'c1',
    ownerRole: 'training_centre',
    subject: 'Student Issue',
    message: 'Help with Amy',
    studentId: 's1',
  },
} as const;

const ticket = (over: Partial<TicketDoc> = {}): TicketDoc => ({
  id: 't1',
  owner_id: 'c1',
  owner_role: 'training_centre',
  Subject: 'Student Issue',
  Message: 'Help with Amy',
  Status: 'open',
  Created_At: givenTime(1),
  last_activity: givenTime(1),
  response_text: null,
  response_count: 0,
  Student_ID: 's1',
  conversation: [
    { id: 'e1', author: 'owner', author_id: 'c1', message: 'Help with Amy', created_at: givenTime(1), links: [] },
  ],
  activity_position: 1,
  _audience: ['c1'],
  ...over,
});

describe('support-tickets projection', () => {
  it('opens a ticket with its first message, seen by its owner', async () => {
    await spec.given([opened]).then(supportTickets, 't1', ticket());
  });

  it('counts answers from support and the assistant, reopens on an owner reply, closes; activity moves it up', async () => {
    const links = [{ label: 'Jobs', path: '/student/jobs' }];
    const given = spec.given([
      opened,
      {
        type: 'TicketReplied',
        data: { ticketId: 't1', ownerId: 'c1', author: 'assistant', authorId: null, message: 'Try Jobs', links },
      },
      {
        type: 'TicketReplied',
        data: { ticketId: 't1', ownerId: 'c1', author: 'owner', authorId: 'c1', message: 'Still stuck' },
      },
      {
        type: 'TicketReplied',
        data: { ticketId: 't1', ownerId: 'c1', author: 'support', authorId: 'a1', message: 'Fixed', links: [] },
      },
      { type: 'TicketClosed', data: { ticketId: 't1', ownerId: 'c1', by: 'owner' } },
    ]);
    await given.then(
      supportTickets,
      't1',
      ticket({
        Status: 'closed',
        last_activity: givenTime(5),
        activity_position: 5,
        response_text: 'Fixed',
        response_count: 2,
        conversation: [
          ...ticket().conversation,
          { id: 'e2', author: 'assistant', author_id: null, message: 'Try Jobs', created_at: givenTime(2), links },
          { id: 'e3', author: 'owner', author_id: 'c1', message: 'Still stuck', created_at: givenTime(3), links: [] },
          { id: 'e4', author: 'support', author_id: 'a1', message: 'Fixed', created_at: givenTime(4), links: [] },
        ],
      }),
    );
    await spec
      .given([
        opened,
        {
          type: 'TicketReplied',
          data: { ticketId: 't1', ownerId: 'c1', author: 'owner', authorId: 'c1', message: 'More', links: [] },
        },
      ])
      .then(
        supportTickets,
        't1',
        ticket({
          last_activity: givenTime(2),
          activity_position: 2,
          conversation: [
            ...ticket().conversation,
            { id: 'e2', author: 'owner', author_id: 'c1', message: 'More', created_at: givenTime(2), links: [] },
          ],
        }),
      );
  });

  it('ignores replies to a ticket it never saw opened', async () => {
    await spec
      .given([{ type: 'TicketClosed', data: { ticketId: 't9', ownerId: 'c1', by: 'support' } }])
      .then(supportTickets, 't9', null);
  });
});
