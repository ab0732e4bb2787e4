import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import {
  BULK_REGISTRATION_HEADER,
  BULK_REGISTRATION_TEXTS as TEXTS,
  bulkRegistrationResponse,
  caseloadRow,
} from '@panda/contracts/training';
import { INVITE_ALREADY_USED } from '../accounts/decider';
import { uniqueEmail, type Login } from '../admin/test-fixtures';
import { get, registeredStudent, vettedCentre } from '../training/test-fixtures';

/** Bulk onboarding from a CSV (docs/rules.md#centre-caseload): all rows or none, over HTTP. */

let app: TestApp;
let north: Login;
let south: Login;

const HEADER = BULK_REGISTRATION_HEADER.join(',');
const line = (first: string, email: string, over: Partial<Record<'phone' | 'postcode' | 'installs', string>> = {}) =>
  [
    first,
    'Pond',
    email,
    over.phone ?? '07700900123',
    over.postcode ?? 'M1 1AA',
    over.installs ?? '5',
    '2',
    '',
    '1',
  ].join(',');
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n');
const send = (body: string, token: string, headers: Record<string, string> = {}) =>
  app.call('POST', '/api/register-students', body, token, { 'content-type': 'text/csv', ...headers });

async function studentEmails(token: string) {
  const r = await get(app, '/api/my-students?limit=200', token);
  return caseloadRow
    .array()
    .parse(r.body)
    .map((s) => s.Email);
}

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  north = await vettedCentre(app, 'North Gas Training');
  south = await vettedCentre(app, 'South Gas Training');
});
afterAll(async () => {
  await app.stop();
});

describe('POST /api/register-students', () => {
  it('registers every row, one student each, with a temporary password mailed to each', async () => {
    const [a, b] = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b')];
    // A quoted name may hold a comma.
    const r = await send(csv(line('Ada', a), line('"Bo, Jr"', b.toUpperCase())), north.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const body = bulkRegistrationResponse.parse(r.body);
    expect(body.registered.map((s) => [s.row, s.First_Name, s.Email])).toEqual([
      [2, 'Ada', a],
      [3, 'Bo, Jr', b],
    ]);
    expect(body.registered.every((s) => /^\w{12}$/.test(s.temporary_password ?? ''))).toBe(true);
    expect(body.already_registered).toEqual([]);
    expect(await studentEmails(north.token)).toEqual(expect.arrayContaining([a, b]));
    await expect.poll(() => [a, b].every((e) => app.mails.some((m) => m.to === e))).toBe(true);
  });

  it('registers none when any row is bad, and lists each bad row with its column and message', async () => {
    const good = uniqueEmail('good');
    const taken = (await registeredStudent(app, south, { First_Name: 'Sol' })).user.Email as string;
    const dup = uniqueEmail('dup');
    const r = await send(
      csv(
        line('Gus', good),
        line('', 'not-an-email', { postcode: 'nowhere' }),
        line('Dee', dup),
        line('Dot', dup),
        line('Sam', taken),
        line('Max', uniqueEmail('max'), { installs: 'lots' }),
      ),
      north.token,
    );
    expect(r.status).toBe(400);
    const detail = r.body.detail as { field: string; message: string }[];
    expect(detail.map((d) => d.field)).toEqual([
      'rows.3.First_Name',
      'rows.3.Email',
      'rows.3.Postcode',
      'rows.5.Email',
      'rows.6.Email',
      'rows.7.Boiler_Installs',
    ]);
    expect(detail.find((d) => d.field === 'rows.5.Email')?.message).toBe(TEXTS.duplicate);
    expect(detail.find((d) => d.field === 'rows.6.Email')?.message).toBe(TEXTS.taken);
    expect(detail.find((d) => d.field === 'rows.7.Boiler_Installs')?.message).toBe(
      'Boiler Installs must be a number from 0 to 50',
    );
    // Nothing registered: not even the good rows.
    expect(await studentEmails(north.token)).not.toContain(good);
    expect(await studentEmails(north.token)).not.toContain(dup);
  });

  it('sent again after a crash, registers only the rows not yet registered and reports the others', async () => {
    const [first, second] = [uniqueEmail('once'), uniqueEmail('later')];
    expect((await send(csv(line('One', first)), north.token)).status).toBe(201);
    const r = await send(csv(line('One', first), line('Two', second)), north.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const body = bulkRegistrationResponse.parse(r.body);
    expect(body.registered.map((s) => s.Email)).toEqual([second]);
    expect(body.already_registered.map((s) => [s.row, s.Email])).toEqual([[2, first]]);
    // Another centre's student is not "already registered" for this one.
    const other = await send(csv(line('One', first)), south.token);
    expect(other.status).toBe(400);
    expect(other.body.detail).toEqual([{ field: 'rows.2.Email', message: TEXTS.taken }]);
  });

  it('refuses a wrong type, encoding, header, an empty file or too many rows before reading any row', async () => {
    const email = uniqueEmail('never');
    const refusal = async (r: { status: number; body: { detail: unknown } }, message: string) => {
      expect(r.status).toBe(400);
      expect(r.body.detail).toEqual([{ field: 'file', message }]);
    };
    // Each file also holds bad rows: the file's own fault is the only answer, so no row was read.
    const bad = [line('', 'not-an-email'), line('Dee', email), line('Dot', email)];
    await refusal(
      await send(csv(line('Ned', email), ...bad), north.token, { 'content-type': 'text/plain' }),
      TEXTS.type,
    );
    await refusal(await send(csv(...bad).replace('Postcode', 'Post_Code'), north.token), TEXTS.header);
    await refusal(await send(HEADER, north.token), TEXTS.empty);
    const many = Array.from({ length: 498 }, (_v, i) => line(`N${i}`, `${i}-${email}`));
    await refusal(await send(csv(...many, ...bad), north.token), TEXTS.tooMany);
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\r\n${bad.join('\r\n')}\r\n`),
      Buffer.from(line('Zo\xeb', email), 'latin1'),
    ]);
    const res = await fetch(`${app.url}/api/register-students`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${north.token}` },
      body: latin1,
    });
    await refusal({ status: res.status, body: (await res.json()) as { detail: unknown } }, TEXTS.encoding);
    expect(await studentEmails(north.token)).not.toContain(email);
  });

  it('answers only vetted training centres', async () => {
    const file = csv(line('Una', uniqueEmail('una')));
    const unvetted = await app.signUp('training_centre', uniqueEmail('unvetted'));
    expect((await send(file, unvetted.token)).status).toBe(403);
    const student = await registeredStudent(app, north, { First_Name: 'Stu' });
    expect((await send(file, student.token)).status).toBe(403);
    expect(
      (await app.call('POST', '/api/register-students', file, undefined, { 'content-type': 'text/csv' })).status,
    ).toBe(401);
  });
});

describe('POST /api/students/:id/resend-invite', () => {
  it('gives a new temporary password, mailed; the old one ends', async () => {
    const email = uniqueEmail('invite');
    const first = await send(csv(line('Ivy', email)), north.token);
    const { id, temporary_password: old } = bulkRegistrationResponse.parse(first.body).registered[0]!;
    const r = await app.call('POST', `/api/students/${id}/resend-invite`, {}, north.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const fresh = r.body.temporary_password as string;
    expect(fresh).toMatch(/^\w{12}$/);
    expect(fresh).not.toBe(old);
    const signIn = (password: string) => app.call('POST', '/api/auth/signin', { Email: email, Password: password });
    expect((await signIn(old!)).status).toBe(401);
    expect((await signIn(fresh)).status).toBe(200);
    await expect
      .poll(() => app.mails.some((m) => m.to === email && m.text.includes(fresh) && /sent again/.test(m.subject)))
      .toBe(true);
  });

  it("answers only the student's own centre, and not once the student has chosen a password", async () => {
    const pending = await registeredStudent(app, north, { First_Name: 'Pat' }, { keepTemporary: true });
    expect((await app.call('POST', `/api/students/${pending.user.id}/resend-invite`, {}, south.token)).status).toBe(
      404,
    );
    expect((await app.call('POST', `/api/students/${pending.user.id}/resend-invite`, {}, pending.token)).status).toBe(
      403,
    );
    const settled = await registeredStudent(app, north, { First_Name: 'Sue' });
    const r = await app.call('POST', `/api/students/${settled.user.id}/resend-invite`, {}, north.token);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(INVITE_ALREADY_USED);
  });
});
