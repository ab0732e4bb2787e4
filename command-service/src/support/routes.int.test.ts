import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTicketResponse,
  ticketCommandResponse,
  ticketDetail,
  ticketListResponse,
  type TicketDetail,
} from '@panda/contracts/support';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { SUPPORT_TICKETS } from '@panda/projections/read-models/support-tickets';
import { uniqueEmail, type Login } from '../admin/test-fixtures';
import { get, place, readyMentor, registeredStudent, vettedCentre } from '../training/test-fixtures';

let app: TestApp;
let mentor: Login;
let otherMentor: Login;
let centre: Login;
let otherCentre: Login;
let student: Login;
let otherCentresStudent: Login;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  otherMentor = await app.signUp('mentor', uniqueEmail('mentor'));
  centre = await vettedCentre(app, 'North Gas Training');
  otherCentre = await vettedCentre(app, 'South Gas Training');
  student = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond' });
  otherCentresStudent = await registeredStudent(app, otherCentre, { First_Name: 'Rory', Last_Name: 'Williams' });
  await place(app, student, mentor);
});
afterAll(() => app?.stop());

async function open(who: Login, body: Record<string, unknown>) {
  const r = await app.call('POST', '/api/support', body, who.token);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return createTicketResponse.parse(r.body);
}

/** The ticket once the log up to now is in the read models, parsed with the contract. */
async function ticket(id: string, token = mentor.token, path = `/api/support/${id}`): Promise<TicketDetail> {
  const r = await get(app, path, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return ticketDetail.parse(r.body);
}

/** Waits (on the log, not a timer) until the AI Assistant has answered the ticket. */
async function aiAnswered(id: string, token: string): Promise<TicketDetail> {
  for (;;) {
    const t = await ticket(id, token);
    if (t.conversation.some((c) => c.sender === 'assistant')) return t;
    await app.platform.store.waitForAppend(await app.platform.store.headPosition(), 5000);
  }
}

describe('support tickets (owner)', () => {
  it('opens a ticket; the AI Assistant answers it from the help knowledge base with links; the list shows it', async () => {
    const created = await open(mentor, {
      Subject: 'Signing cards',
      Message: 'How do I sign a job card for my student?',
    });
    expect(created).toMatchObject({ message: 'Support ticket created successfully', status: 'open' });
    const t = await aiAnswered(created.id, mentor.token);
    const ai = t.conversation.find((c) => c.sender === 'assistant')!;
    expect(ai.sender_name).toBe('AI Assistant');
    expect(ai.message).toMatch(/Mark Complete/);
    // Screens as the mentor's sidebar names them, once each (the article also names the student's Training Jobs).
    expect(ai.links).toEqual([{ label: 'Student Jobs', path: '/dashboard?view=jobs' }]);
    // The assistant's answer leaves the ticket awaiting staff, marked as answered by it.
    expect(t).toMatchObject({
      Status: 'open',
      ai_answered: true,
      response_count: 1,
      message_count: 2,
      Subject: 'Signing cards',
      Student_ID: null,
      owner_name: 'Dave Clarke',
    });
    expect(t.conversation[0]).toMatchObject({
      sender: 'user',
      message: 'How do I sign a job card for my student?',
      sender_name: 'Dave Clarke',
    });

    const list = await get(app, '/api/support', mentor.token);
    expect(list.status).toBe(200);
    const items = ticketListResponse.parse(list.body);
    expect(items.map((i) => i.id)).toContain(created.id);
    expect(list.headers.get('X-Total-Count')).toBe(String(items.length));
  });

  it('answers only once per ticket, even when the reactor sees the same event again', async () => {
    const created = await open(student, { Subject: 'Goals', Message: 'How many job cards do I need?' });
    await aiAnswered(created.id, student.token);
    const { supportFirstAnswerReactor } = await import('@panda/reactors/support/first-answer');
    const d = app.platform;
    const stream = await d.store.readStream(`ticket-${created.id}`);
    const head = await d.store.headPosition();
    // At-least-once delivery: the TicketOpened is handed to the reactor again.
    await supportFirstAnswerReactor(d.store, () => new Date()).react(stream[0], 'replay');
    expect((await d.store.readStream(`ticket-${created.id}`)).length).toBe(stream.length);
    expect(await d.store.headPosition()).toBe(head);
  });

  it('the owner is notified of answers from support and the AI Assistant (not of their own replies)', async () => {
    const created = await open(otherMentor, { Subject: 'Notify me', Message: 'How does mentor matching work?' });
    await aiAnswered(created.id, otherMentor.token);
    await app.call('POST', `/api/support/${created.id}/reply`, { message: 'My own reply' }, otherMentor.token);
    const r = await app.call('POST', `/api/admin/support/${created.id}/reply`, { message: 'Support here' }, admin);
    expect(r.status).toBe(200);
    const link = `/dashboard?view=support&id=${created.id}`;
    for (;;) {
      const list = (await get(app, '/api/notifications?type=message', otherMentor.token)).body as {
        title: string;
        message: string;
        link: string;
      }[];
      const mine = list.filter((n) => n.link === link);
      if (mine.some((n) => n.title === 'Support replied to your ticket')) {
        expect(mine.map((n) => n.title).sort()).toEqual([
          'Support replied to your ticket',
          'The AI Assistant answered your ticket',
        ]);
        expect(mine.find((n) => n.title === 'Support replied to your ticket')!.message).toBe('Support here');
        break;
      }
      await app.platform.store.waitForAppend(await app.platform.store.headPosition(), 5000);
    }
  });

  it("a user's reply reopens a responded ticket; the owner closes it; a closed ticket refuses replies", async () => {
    const created = await open(mentor, { Subject: 'Vetting', Message: 'When will my account be vetted?' });
    await aiAnswered(created.id, mentor.token);
    const reply = await app.call(
      'POST',
      `/api/support/${created.id}/reply`,
      { message: '  Still waiting  ' },
      mentor.token,
    );
    expect(reply.status).toBe(200);
    expect(ticketCommandResponse.parse(reply.body)).toMatchObject({
      message: 'Reply sent successfully',
      status: 'open',
    });
    const t = await ticket(created.id);
    expect(t.Status).toBe('open');
    expect(t.conversation.at(-1)).toMatchObject({ sender: 'user', message: 'Still waiting' });

    const closed = await app.call('PATCH', `/api/support/${created.id}`, { status: 'closed' }, mentor.token);
    expect(ticketCommandResponse.parse(closed.body)).toMatchObject({ message: 'Ticket updated', status: 'closed' });
    expect((await ticket(created.id)).Status).toBe('closed');
    const refused = await app.call('POST', `/api/support/${created.id}/reply`, { message: 'More' }, mentor.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/closed/);
  });

  it('bad input is a clear 400 and records nothing', async () => {
    const head = await app.platform.store.headPosition();
    const r = await app.call('POST', '/api/support', { Subject: '  ', Message: '' }, mentor.token);
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([
      { field: 'Subject', message: 'Please fill in all required fields' },
      { field: 'Message', message: 'Please fill in all required fields' },
    ]);
    expect(
      (
        await app.call(
          'POST',
          '/api/support',
          { Subject: 'x', Message: 'y', Student_ID: student.user.id },
          mentor.token,
        )
      ).status,
    ).toBe(400);
    const created = await open(mentor, { Subject: 'Blank reply', Message: 'Test' });
    // Once the reactors have answered the new ticket (the AI Assistant, the owner's notification), the
    // refused calls below must leave the log's head where it is.
    const settledHead = async (): Promise<number> => {
      for (;;) {
        const h = await app.platform.store.headPosition();
        await app.platform.commandDeps.waitForProjections(h);
        await app.platform.reactors.catchUp();
        if ((await app.platform.store.headPosition()) === h) return h;
      }
    };
    const before = await settledHead();
    expect((await app.call('POST', `/api/support/${created.id}/reply`, { message: '   ' }, mentor.token)).status).toBe(
      400,
    );
    expect((await app.call('PATCH', `/api/support/${created.id}`, { status: 'open' }, mentor.token)).status).toBe(400);
    expect(head).toBeLessThan(before);
    expect(await settledHead()).toBe(before);
  });

  it("someone else's ticket is 404 for reading, replying and closing; unknown ids too", async () => {
    const created = await open(mentor, { Subject: 'Mine', Message: 'Private question' });
    for (const who of [otherMentor, student, centre]) {
      expect((await get(app, `/api/support/${created.id}`, who.token)).status).toBe(404);
      expect((await app.call('POST', `/api/support/${created.id}/reply`, { message: 'hi' }, who.token)).status).toBe(
        404,
      );
      expect((await app.call('PATCH', `/api/support/${created.id}`, { status: 'closed' }, who.token)).status).toBe(404);
      const list = ticketListResponse.parse((await get(app, '/api/support', who.token)).body);
      expect(list.map((t) => t.id)).not.toContain(created.id);
    }
    expect((await get(app, '/api/support/no-such-ticket', mentor.token)).status).toBe(404);
    expect((await app.call('POST', '/api/support/no-such-ticket/reply', { message: 'hi' }, mentor.token)).status).toBe(
      404,
    );
    expect((await app.call('POST', '/api/support/bad%20id!/reply', { message: 'hi' }, mentor.token)).status).toBe(404);
  });

  it('a training centre picks one of its own students for a Student Issue', async () => {
    const missing = await app.call(
      'POST',
      '/api/support',
      { Subject: 'Student Issue', Message: 'Help', Student_ID: null },
      centre.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toEqual([
      { field: 'Student_ID', message: 'Please select a student for student issues' },
    ]);
    const foreign = await app.call(
      'POST',
      '/api/support',
      { Subject: 'Student Issue', Message: 'Help', Student_ID: otherCentresStudent.user.id },
      centre.token,
    );
    expect(foreign.status).toBe(404);
    const free = await app.call('POST', '/api/support', { Subject: 'Anything', Message: 'Help' }, centre.token);
    expect(free.status).toBe(400);
    const withStudentOnGeneral = await app.call(
      'POST',
      '/api/support',
      { Subject: 'General Issue', Message: 'Help', Student_ID: student.user.id },
      centre.token,
    );
    expect(withStudentOnGeneral.status).toBe(400);

    const ok = await open(centre, {
      Subject: 'Student Issue',
      Message: 'Amy cannot sign in',
      Student_ID: student.user.id,
    });
    const t = await ticket(ok.id, centre.token);
    expect(t).toMatchObject({
      Student_ID: student.user.id,
      student_name: 'Amy Pond',
      owner_role: 'training_centre',
      owner_name: 'North Gas Training',
    });
    const general = await open(centre, { Subject: 'Billing Issue', Message: 'Invoice question' });
    expect((await ticket(general.id, centre.token)).Student_ID).toBeNull();
  });

  it('401 without a session; admins and auditors do not open tickets (403)', async () => {
    expect((await app.call('GET', '/api/support')).status).toBe(401);
    expect((await app.call('POST', '/api/support', { Subject: 'a', Message: 'b' })).status).toBe(401);
    expect((await app.call('POST', '/api/support', { Subject: 'a', Message: 'b' }, admin)).status).toBe(403);
    expect((await app.call('GET', '/api/support', undefined, admin)).status).toBe(403);
  });
});

describe('admin support inbox', () => {
  it('is 403 for every other role and 401 without a session', async () => {
    for (const who of [mentor, student, centre]) {
      expect((await app.call('GET', '/api/admin/support', undefined, who.token)).status).toBe(403);
      expect((await app.call('GET', '/api/admin/support/x', undefined, who.token)).status).toBe(403);
      expect((await app.call('POST', '/api/admin/support/x/reply', { message: 'hi' }, who.token)).status).toBe(403);
      expect((await app.call('PATCH', '/api/admin/support/x', { status: 'closed' }, who.token)).status).toBe(403);
      expect((await app.call('GET', '/api/admin/support/counts', undefined, who.token)).status).toBe(403);
    }
    expect((await app.call('GET', '/api/admin/support')).status).toBe(401);
  });

  it('lists every ticket newest activity first with a status filter and paging; reads, replies and closes', async () => {
    const a = await open(student, { Subject: 'First', Message: 'Question one' });
    const b = await open(mentor, { Subject: 'Second', Message: 'Question two' });
    await aiAnswered(a.id, student.token);
    await aiAnswered(b.id, mentor.token);
    // Activity on the older ticket moves it to the top.
    const reply = await app.call('POST', `/api/admin/support/${a.id}/reply`, { message: 'We are on it' }, admin);
    expect(ticketCommandResponse.parse(reply.body)).toMatchObject({
      message: 'Reply sent successfully',
      status: 'responded',
    });
    const all = await get(app, '/api/admin/support', admin);
    const items = ticketListResponse.parse(all.body);
    expect(items[0].id).toBe(a.id);
    expect(items.findIndex((t) => t.id === b.id)).toBeGreaterThan(0);
    expect(Number(all.headers.get('X-Total-Count'))).toBe(items.length);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].last_activity >= items[i].last_activity).toBe(true);

    const page1 = await get(app, '/api/admin/support?limit=1', admin);
    expect(ticketListResponse.parse(page1.body).map((t) => t.id)).toEqual([a.id]);
    const next = /<([^>]+)>; rel="next"/.exec(page1.headers.get('Link') ?? '')?.[1];
    expect(next).toBeDefined();
    const page2 = ticketListResponse.parse((await get(app, next!, admin)).body);
    expect(page2.map((t) => t.id)).toEqual([items[1].id]);
    expect((await get(app, '/api/admin/support?limit=500', admin)).status).toBe(200);
    expect((await get(app, '/api/admin/support?status=pending', admin)).status).toBe(400);

    const detail = ticketDetail.parse((await get(app, `/api/admin/support/${a.id}`, admin)).body);
    expect(detail.conversation.map((c) => [c.sender, c.sender_name])).toEqual([
      ['user', 'Amy Pond'],
      ['assistant', 'AI Assistant'],
      ['support', 'Support Team'],
    ]);
    expect(detail).toMatchObject({
      Status: 'responded',
      response_text: 'We are on it',
      response_count: 2,
      owner_email: student.user.Email,
    });
    // The owner sees the support reply too.
    expect((await ticket(a.id, student.token)).conversation.at(-1)).toMatchObject({
      sender: 'support',
      message: 'We are on it',
    });

    const closed = await app.call('PATCH', `/api/admin/support/${a.id}`, { status: 'closed' }, admin);
    expect(ticketCommandResponse.parse(closed.body)).toMatchObject({ message: 'Ticket updated', status: 'closed' });
    const closedList = ticketListResponse.parse((await get(app, '/api/admin/support?status=closed', admin)).body);
    expect(closedList.map((t) => t.id)).toContain(a.id);
    expect(closedList.every((t) => t.Status === 'closed')).toBe(true);
    // b has only the AI Assistant's answer: it still awaits staff.
    const responded = ticketListResponse.parse((await get(app, '/api/admin/support?status=responded', admin)).body);
    expect(responded.map((t) => t.id)).not.toContain(b.id);
    expect(responded.map((t) => t.id)).not.toContain(a.id);
    const awaiting = ticketListResponse.parse((await get(app, '/api/admin/support?status=open', admin)).body);
    expect(awaiting.map((t) => t.id)).toContain(b.id);
    expect((await app.call('POST', `/api/admin/support/${a.id}/reply`, { message: 'late' }, admin)).status).toBe(409);
    expect((await get(app, '/api/admin/support/nope', admin)).status).toBe(404);
    expect((await app.call('POST', '/api/admin/support/nope/reply', { message: 'x' }, admin)).status).toBe(404);
  });

  it('counts new tickets for the admin dashboard counters', async () => {
    const before = (await get(app, '/api/admin/support/counts', admin)).body;
    const created = await open(otherMentor, { Subject: 'Counter', Message: 'zzzz qqqq' });
    // Still awaiting staff once the AI Assistant has answered: counted as open, and first in the open inbox.
    await aiAnswered(created.id, otherMentor.token);
    const after = (await get(app, '/api/admin/support/counts', admin)).body;
    expect(after.total).toBe(before.total + 1);
    expect(after.open).toBe(before.open + 1);
    const inbox = ticketListResponse.parse((await get(app, '/api/admin/support?status=open', admin)).body);
    expect(inbox[0]).toMatchObject({ id: created.id, Status: 'open', ai_answered: true });
    // Only a reply from support makes it responded; the owner's reply puts it back in the open inbox.
    await app.call('POST', `/api/admin/support/${created.id}/reply`, { message: 'Looking' }, admin);
    expect((await get(app, '/api/admin/support/counts', admin)).body.open).toBe(before.open);
    await app.call(
      'POST',
      `/api/support/${created.id}/reply`,
      { message: 'Thanks, one more thing' },
      otherMentor.token,
    );
    expect((await get(app, '/api/admin/support/counts', admin)).body.open).toBe(before.open + 1);
    expect(after.open + after.responded + after.closed).toBe(after.total);
    expect(await app.platform.readStore.count(SUPPORT_TICKETS)).toBe(after.total);
  });
});
