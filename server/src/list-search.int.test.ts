import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeJobResponse } from '@panda/contracts/training';
import { type Login } from '@panda/command-service/admin/test-fixtures';
import {
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';
import { startTestApp, TEST_ADMIN, type TestApp } from './testing/harness';

/**
 * Every list searches on the server with `?q` (docs/rules.md#list-search): the lists that answered
 * 400 "This list has no search" (messages, chat contacts, admin disputes, the access log, the sign-in
 * attempts, an account's history) now find what they hold; a limit above 200 answers 200 items.
 */

let app: TestApp;
let admin: string;
let centre: Login;
let dave: Login;
let amy: Login;

const list = async (path: string, token = admin) => {
  const r = await app.call('GET', path, undefined, token);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r;
};

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
  centre = await vettedCentre(app, 'Northfield Gas Academy');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond', Repair: 2 });
  await place(app, amy, dave);
  for (const [from, to, text] of [
    [dave, amy, 'Check the boiler pressure gauge before Tuesday'],
    [amy, dave, 'Thanks, see you on Tuesday'],
    [dave, amy, 'Bring your own multimeter'],
    [centre, amy, 'Your assessment is booked'],
  ] as const)
    expect(
      (await app.call('POST', '/api/messages', { Receiver_ID: to.user.id, Message: text }, from.token)).status,
    ).toBe(201);
  const job = await jobOfType(app, dave.token, 'Repair', amy.user.id);
  const signed = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), dave.token);
  expect(signed.status).toBe(200);
  const signature_id = completeJobResponse.parse(signed.body).signature!.signature_id;
  const disputed = await app.call(
    'POST',
    `/api/signatures/${signature_id}/dispute`,
    { reason: 'I was never on that site' },
    amy.token,
  );
  expect(disputed.status).toBe(200);
});
afterAll(async () => {
  await app.stop();
});

describe('?q on every list', () => {
  it('messages: the text, in every conversation or in one', async () => {
    const texts = async (path: string) =>
      (await list(path, amy.token)).body.map((m: { Message: string }) => m.Message) as string[];
    expect(await texts('/api/messages?q=tuesday')).toEqual([
      'Thanks, see you on Tuesday',
      'Check the boiler pressure gauge before Tuesday',
    ]);
    expect(await texts(`/api/messages?with=${dave.user.id}&q=MULTI`)).toEqual(['Bring your own multimeter']);
    expect(await texts(`/api/messages?with=${centre.user.id}&q=multimeter`)).toEqual([]);
    const found = await list('/api/messages?q=tuesday&limit=1', amy.token);
    expect(found.headers.get('x-total-count')).toBe('2');
    const next = /<([^>]+)>; rel="next"/.exec(found.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect((await list(next!, amy.token)).body.map((m: { Message: string }) => m.Message)).toEqual([
      'Check the boiler pressure gauge before Tuesday',
    ]);
  });

  it('chat contacts: the name, for a student and for a mentor', async () => {
    const names = async (path: string, token: string) =>
      (await list(path, token)).body.map((c: { name: string }) => c.name) as string[];
    expect(await names('/api/chat-contacts?q=clarke', amy.token)).toEqual(['Dave Clarke']);
    expect(await names('/api/chat-contacts?q=northfield', amy.token)).toEqual(['Northfield Gas Academy']);
    expect(await names('/api/chat-contacts?q=pond', dave.token)).toEqual(['Amy Pond']);
    expect(await names('/api/chat-contacts?q=nobody', dave.token)).toEqual([]);
  });

  it('admin disputes: names, job type or the reason', async () => {
    const ids = async (q: string) => (await list(`/api/admin/disputes?status=all&q=${q}`)).body.length as number;
    expect(await ids('never%20on%20that')).toBe(1);
    expect(await ids('clarke')).toBe(1);
    expect(await ids('pond')).toBe(1);
    expect(await ids('no-such-dispute')).toBe(0);
  });

  it('the audit access log: who and what', async () => {
    await list('/api/audit/subjects?q=pond');
    const found = (await list('/api/audit/access-log?q=subject_search')).body as { action: string; query: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.action === 'subject_search')).toBe(true);
    expect(
      ((await list('/api/audit/access-log?q=pond')).body as { query: string | null }[]).some((e) => e.query === 'pond'),
    ).toBe(true);
    expect((await list('/api/audit/access-log?q=nothing-like-this')).body).toEqual([]);
  });

  it("the admin portal's sign-in attempts: the e-mail typed, the address or the outcome", async () => {
    await app.call('POST', '/api/admin/auth/signin', { email: 'intruder@example.com', password: 'guess-guess-1' });
    const attempts = (await list('/api/admin/signin-attempts?q=intruder')).body.attempts as {
      email: string;
      outcome: string;
    }[];
    expect(attempts).toEqual([
      expect.objectContaining({ email: 'intruder@example.com', outcome: 'invalid_credentials' }),
    ]);
    const mine = (await list(`/api/admin/signin-attempts?q=${TEST_ADMIN.email}`)).body.attempts as { email: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.email === TEST_ADMIN.email)).toBe(true);
  });

  it("an account's history: the action or the admin's reason", async () => {
    const path = `/api/admin/users/mentor/${dave.user.id}`;
    await app.call('PATCH', `${path}/lock`, { is_locked: true, reason: 'Paperwork missing' }, admin);
    await app.call('PATCH', `${path}/lock`, { is_locked: false, reason: 'Sorted out' }, admin);
    const history = (await list(`${path}/history?q=paperwork`)).body.history as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['locked']);
    expect(((await list(`${path}/history?q=unlocked`)).body.history as unknown[]).length).toBe(1);
  });
});

describe('limit above 200', () => {
  it('answers a page of at most 200, not 400', async () => {
    for (const path of ['/api/audit/access-log?limit=500', '/api/admin/signin-attempts?limit=201']) {
      const r = await list(path);
      expect(Array.isArray(r.body) ? r.body.length : r.body.attempts.length).toBeLessThanOrEqual(200);
    }
    expect((await list('/api/messages?limit=1000', amy.token)).body.length).toBe(4);
  });
});
