import { describe, expect, it } from 'vitest';
import { accountSignedUp, centreSignedUp, event, studentRegistered } from '@panda/events/testing/fixtures';
import { givenTime, projectionSpec, type GivenEvent } from '../testing/projection-spec';
import { accounts, accountsProjection } from './accounts';
import { supportTicketRows, supportTickets, supportTicketsProjection, type TicketDoc } from './support-tickets';

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
  ai_answered: false,
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

  it("the assistant's answer leaves a ticket open (awaiting staff), marked ai_answered", async () => {
    await spec
      .given([
        opened,
        {
          type: 'TicketReplied',
          data: { ticketId: 't1', ownerId: 'c1', author: 'assistant', authorId: null, message: 'Try Jobs', links: [] },
        },
      ])
      .then(
        supportTickets,
        't1',
        ticket({
          Status: 'open',
          ai_answered: true,
          response_text: 'Try Jobs',
          response_count: 1,
          last_activity: givenTime(2),
          activity_position: 2,
          conversation: [
            ...ticket().conversation,
            {
              id: 'e2',
              author: 'assistant',
              author_id: null,
              message: 'Try Jobs',
              created_at: givenTime(2),
              links: [],
            },
          ],
        }),
      );
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
        ai_answered: true,
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

describe('support-tickets projection: the lists’ rows', () => {
  const centre = centreSignedUp();
  const history: GivenEvent[] = [
    centre,
    accountSignedUp(),
    studentRegistered(),
    studentRegistered({ accountId: 's2', firstName: 'Rory', lastName: 'Williams', email: 'r@x.co' }),
    opened,
    { ...opened, data: { ...opened.data, ticketId: 't2', ownerId: 's2', ownerRole: 'student', studentId: null } },
    { ...opened, data: { ...opened.data, ticketId: 't3', ownerId: 'm1', ownerRole: 'mentor', studentId: null } },
    { ...opened, data: { ...opened.data, ticketId: 't4', ownerId: 'gone', ownerRole: 'student', studentId: 'nobody' } },
    event('TicketReplied', {
      ticketId: 't1',
      ownerId: 'c1',
      author: 'support',
      authorId: 'a1',
      message: 'On it',
      links: [],
    }),
    event('TicketReplied', {
      ticketId: 't1',
      ownerId: 'c1',
      author: 'owner',
      authorId: 'c1',
      message: 'Thanks',
      links: [],
    }),
    event('TicketClosed', { ticketId: 't3', ownerId: 'm1', by: 'owner' }),
    event('ProfileChanged', { accountId: 's1', changes: { Last_Name: 'Williams' } }),
    event('ProfileChanged', { accountId: 'c1', changes: { Name: 'North Gas Academy', Email: 'n@x.co' } }),
    event('ProfileChanged', { accountId: 'm1', changes: { Email: 'dave@new.co' } }),
    event('ProfileChanged', { accountId: 's2', changes: { Phone_Number: '07700900001' } }),
  ];

  it('each ticket as the lists show it, with the names as they are now', async () => {
    const given = spec.given(history);
    await given.then(supportTicketRows, 't1', {
      id: 't1',
      Subject: 'Student Issue',
      Message: 'Help with Amy',
      Status: 'open',
      Created_At: givenTime(5),
      last_activity: givenTime(10),
      response_text: 'On it',
      response_count: 1,
      ai_answered: false,
      message_count: 3,
      Student_ID: 's1',
      student_name: 'Amy Williams',
      owner_id: 'c1',
      owner_name: 'North Gas Academy',
      owner_email: 'n@x.co',
      owner_role: 'training_centre',
      activity_position: 10,
    });
  });

  it('equal the summaries joined from accounts that they replace', async () => {
    const rows = await spec.given(history).all(supportTicketRows);
    const tickets = await spec.given(history).all(supportTickets);
    const all = new Map((await projectionSpec(accountsProjection).given(history).all(accounts)).map((a) => [a.id, a]));
    expect(rows).toEqual(
      tickets.map((t) => ({
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
        student_name: t.Student_ID ? (all.get(t.Student_ID)?.Name ?? null) : null,
        owner_id: t.owner_id,
        owner_name: all.get(t.owner_id)?.Name ?? 'Unknown account',
        owner_email: all.get(t.owner_id)?.Email ?? '',
        owner_role: t.owner_role,
        activity_position: t.activity_position,
      })),
    );
    expect(rows.map((r) => [r.id, r.Status, r.owner_name])).toEqual([
      ['t1', 'open', 'North Gas Academy'],
      ['t2', 'open', 'Rory Williams'],
      ['t3', 'closed', 'Dave Clarke'],
      ['t4', 'open', 'Unknown account'],
    ]);
  });
});
