import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantChatResponse } from '@panda/contracts/assistant';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import type { Login } from '@panda/command-service/admin/test-fixtures';
import {
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';

let app: TestApp;
let mentor: Login;
let otherMentor: Login;
let centre: Login;
let amy: Login;
let rory: Login;

/** Requirements at registration: 3 Boiler Installs and 2 Repair. */
const GOALS = { Boiler_Installs: 3, Boiler_Service: 0, Pipework: 0, Repair: 2 };

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  otherMentor = await readyMentor(app, { First_Name: 'Olga', Last_Name: 'Other' });
  centre = await vettedCentre(app, 'North Gas Training');
  amy = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond', ...GOALS });
  rory = await registeredStudent(app, centre, { First_Name: 'Rory', Last_Name: 'Williams', ...GOALS });
  await place(app, amy, mentor);
  // One Boiler Installs card signed for Amy: 4 of 5 cards left.
  const boiler = await jobOfType(app, mentor.token, 'Boiler Installs', amy.user.id);
  const signed = await app.call('PUT', `/api/jobs/${boiler.id}/complete`, signature(1), mentor.token);
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  await app.platform.commandDeps.waitForProjections(signed.body.position);
});
afterAll(() => app?.stop());

async function ask(
  who: Login | null,
  message: string,
  history: { role: 'user' | 'assistant'; content: string }[] = [],
) {
  const r = await app.call(
    'POST',
    '/api/assistant/chat',
    { message, user_role: 'admin', conversation_history: history },
    who?.token,
  );
  return r;
}
async function answer(who: Login, message: string, history: { role: 'user' | 'assistant'; content: string }[] = []) {
  const r = await ask(who, message, history);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return assistantChatResponse.parse(r.body);
}

describe('Smart Assistant: POST /api/assistant/chat', () => {
  it('401 without a session; 400 for a blank message or more than 5 history entries', async () => {
    expect((await ask(null, 'hello')).status).toBe(401);
    expect((await ask(amy, '   ')).status).toBe(400);
    const six = Array.from({ length: 6 }, () => ({ role: 'user' as const, content: 'x' }));
    expect((await ask(amy, 'hello', six)).status).toBe(400);
  });

  it('a student asking how many cards are left gets their real numbers', async () => {
    const a = await answer(amy, 'How many job cards do I have left?');
    expect(a.source).toBe('data');
    expect(a.response).toMatch(/You have 4 job cards left to get signed \(1 card signed so far\)/);
    expect(a.response).toMatch(/Boiler Installs: 2 of 3 left; Repair: 2 of 2 left/);
    expect(a.links).toContainEqual({ label: 'Training Jobs', path: '/dashboard?view=jobs' });
    const unplaced = await answer(rory, 'how many cards remaining?');
    expect(unplaced.response).toMatch(/You have 5 job cards left/);
    expect(unplaced.response).toMatch(/once you are matched/);
    const mine = await answer(amy, 'Who is my mentor?');
    expect(mine.response).toBe('You are matched with your mentor Dave Clarke.');
  });

  it('a mentor asking which students are placed with them gets their names, and about a student of theirs their numbers', async () => {
    const a = await answer(mentor, 'Which students are placed with me?');
    expect(a).toMatchObject({ source: 'data', response: '1 student is placed with you: Amy Pond.' });
    const b = await answer(mentor, 'How many cards does Amy have left?');
    expect(b.response).toMatch(/Amy Pond has 4 job cards left/);
  });

  it('no leak: a mentor asking about a student not placed with them gets nothing about that student', async () => {
    const a = await answer(otherMentor, 'How many cards does Amy Pond have left?');
    expect(a.response).not.toMatch(/Amy|Pond|4 job cards|Boiler/);
    expect(a.response).toMatch(/I can only share the progress of students placed with you/);
    const b = await answer(otherMentor, 'Which students are placed with me?');
    expect(b.response).toBe(
      'No students are placed with you at the moment. New placement requests appear on your Overview.',
    );
    expect(b.response).not.toMatch(/Amy/);
    // The user_role in the body (admin) is ignored: the session's role decides.
  });

  it('a training centre gets its placement rate and its own students', async () => {
    const a = await answer(centre, "What's my placement rate?");
    expect(a.response).toBe('Your placement rate is 50%: 1 of 2 students placed, 1 awaiting placement.');
    const b = await answer(centre, 'List my students');
    expect(b.response).toBe('You have 2 students: Amy Pond and Rory Williams.');
  });

  it('a how-to from the help knowledge base, with links to the screens it mentions', async () => {
    const a = await answer(centre, 'How do I register a student?');
    expect(a.source).toBe('knowledge_base');
    expect(a.articles[0]).toEqual({ id: 'registering-students', title: 'Registering a student' });
    expect(a.response).toMatch(/Register Student/);
    expect(a.links).toContainEqual({ label: 'Register Student', path: '/dashboard?view=register' });
    const m = await answer(mentor, 'How does mentor matching work?');
    expect(m.articles[0].id).toBe('mentor-matching');
    const f = await answer(amy, 'xyzzy plugh');
    expect(f.source).toBe('fallback');
  });

  it('the chat question (a quick-question chip) leads to the Messages view', async () => {
    const a = await answer(amy, 'How does the chat system work?');
    expect(a.articles[0].id).toBe('chat');
    expect(a.links).toContainEqual({ label: 'Messages', path: '/dashboard?view=chat' });
  });

  it("role-aware: a mentor asking for another trainee is told how matching works, not the trainee's help", async () => {
    const a = await answer(mentor, 'How do I add a second trainee?');
    expect(a.articles.map((x) => x.id)).not.toContain('confirming-a-sign-off');
    expect(a.articles[0].id).toBe('mentor-matching');
    expect(a.response).not.toMatch(/your mentor signs/i);
  });

  it('role-aware: centre-only articles are not given to a mentor', async () => {
    const a = await answer(mentor, 'How do I register a student?');
    expect(a.articles.map((x) => x.id)).not.toContain('registering-students');
  });
});

describe('Smart Assistant: intent before data', () => {
  it('a how-to question that names data gets the help article, not the numbers', async () => {
    const a = await answer(amy, 'How do I dispute a job card my mentor signed?');
    expect(a.source).toBe('knowledge_base');
    expect(a.articles[0].id).toBe('disputing-a-sign-off');
    expect(a.response).not.toMatch(/You are matched with your mentor/);
    expect(a.response).toMatch(/Dispute/);
    const c = await answer(amy, 'how do i confrim the card my mentor signed');
    expect(c.articles[0].id).toBe('confirming-a-sign-off');
    const g = await answer(mentor, 'What Gas Safe categories do I need to sign boiler jobs?');
    expect(g.articles[0].id).toBe('gas-safe-categories');
    const n = await answer(centre, 'how do I send an anouncement to my students');
    expect(n.articles[0].id).toBe('announcements');
    const e = await answer(centre, 'How do I get an evidence pack?');
    expect(e.articles[0].id).toBe('evidence-pack');
  });

  it('a data question still gets the numbers', async () => {
    const a = await answer(amy, 'how many cards have I got left?');
    expect(a.source).toBe('data');
    expect(a.response).toMatch(/You have 4 job cards left/);
  });
});
