import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { fullProfile, uniqueEmail } from '../admin/test-fixtures';
import { chatCast, type Cast } from '../chat/test-fixtures';
import { EVIDENCE, jobOfType } from '../training/test-fixtures';

/**
 * Bad input at the edge (docs/rules.md#text-hygiene, #uk-contact-fields, #real-dates): a clear 400
 * under the field, never a 500, never a silent change, and nothing appended.
 */

let app: TestApp;
let c: Cast;

beforeAll(async () => {
  app = await startTestApp();
  c = await chatCast(app);
});
afterAll(() => app?.stop());

const NOT_ALLOWED = 'Contains characters that are not allowed';

/** The log's head once projections and reactors have caught up (reactors may still append notifications). */
async function settledHead(): Promise<number> {
  for (;;) {
    const head = await app.platform.store.headPosition();
    await app.platform.commandDeps.waitForProjections(head);
    await app.platform.reactors.catchUp();
    if ((await app.platform.store.headPosition()) === head) return head;
  }
}

/** The request answers 400 with `message` under `field`, and the log's head does not move. */
async function refused(
  call: () => ReturnType<TestApp['call']>,
  field: string,
  message: string | RegExp,
  status = 400,
): Promise<void> {
  const before = await settledHead();
  const r = await call();
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  const detail = r.body.detail as { field: string; message: string }[];
  expect(Array.isArray(detail), JSON.stringify(r.body)).toBe(true);
  const hit = detail.find((d) => d.field === field || d.field.endsWith(`.${field}`));
  expect(hit, JSON.stringify(detail)).toBeDefined();
  expect(hit!.message).toMatch(message);
  expect(await app.platform.store.headPosition()).toBe(before);
}

const student = (over: Record<string, unknown>) => ({
  First_Name: 'Zed',
  Last_Name: 'Test',
  Email: uniqueEmail('hygiene'),
  Phone_Number: '07700 900123',
  Postcode: 'M1 1AA',
  ...over,
});
const register = (over: Record<string, unknown>) => () =>
  app.call('POST', '/api/register-student', student(over), c.centre.token);

describe('impossible dates are 400, never 500 and never rolled over', () => {
  it('refuses a date of birth of 2026-13-45', async () => {
    await refused(register({ Date_Of_Birth: '2026-13-45' }), 'Date_Of_Birth', 'Date of birth must be a date');
    await refused(register({ Date_Of_Birth: '2026-02-30' }), 'Date_Of_Birth', 'Date of birth must be a date');
  });

  it('refuses a signature dated in month 00', async () => {
    const job = await jobOfType(app, c.mentor.token, 'Pipework', c.amy.user.id);
    const sign = (date: string, timestamp?: string) => () =>
      app.call(
        'PUT',
        `/api/jobs/${job.id}/complete`,
        {
          mentor_signature: { signature: 'D Clarke', mentorName: 'Dave Clarke', date, time: '10:00', timestamp },
          ...EVIDENCE,
        },
        c.mentor.token,
      );
    await refused(sign('2026-00-10'), 'date', 'Please enter a valid date');
    await refused(sign('2026-03-10', '2026-02-30T10:00:00Z'), 'timestamp', 'Please enter a valid date and time');
  });

  it('refuses as_of=2026-02-30T10:00:00Z instead of reading it as 2 March', async () => {
    const admin = await app.adminToken();
    for (const bad of ['2026-02-30T10:00:00Z', '2026-04-31T00:00:00+01:00', '2026-03-03T23:60:00Z']) {
      const r = await app.call(
        'GET',
        `/api/audit/accounts/${c.mentor.user.id}/timeline?as_of=${encodeURIComponent(bad)}`,
        undefined,
        admin,
      );
      expect(r.status, bad).toBe(400);
      expect(r.body.detail[0].field).toBe('as_of');
    }
    const fine = await app.call(
      'GET',
      `/api/audit/accounts/${c.mentor.user.id}/timeline?as_of=2026-02-28T10:00:00Z`,
      undefined,
      admin,
    );
    expect(fine.status).toBe(200);
  });
});

describe('UK postcodes and phone numbers', () => {
  it('refuses NOTAPOSTCODE rather than cutting it to ten characters', async () => {
    await refused(register({ Postcode: 'NOTAPOSTCODE' }), 'Postcode', 'Please enter a valid UK postcode');
    await refused(register({ Postcode: 'M1' }), 'Postcode', 'Please enter a valid UK postcode');
  });

  it('refuses a phone number of "12" and a number abroad', async () => {
    await refused(register({ Phone_Number: '12' }), 'Phone_Number', 'Please enter a valid UK phone number');
    await refused(
      register({ Phone_Number: '+1 212 555 0100' }),
      'Phone_Number',
      'Please enter a valid UK phone number',
    );
  });

  it('accepts UK numbers and postcodes, the postcode written the one way', async () => {
    const r = await app.call(
      'POST',
      '/api/register-student',
      student({ Phone_Number: '+44 161 496 0000', Postcode: 'sw1a1aa' }),
      c.centre.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mentorProfile = await app.call(
      'PUT',
      '/api/mentor/profile',
      { ...fullProfile({ Business_Postcode: 'NOTAPOSTCODE' }), Terms_Agreed: true },
      c.loner.token,
    );
    expect(mentorProfile.status).toBe(400);
    expect(mentorProfile.body.detail).toContainEqual({
      field: 'Business_Postcode',
      message: 'Please enter a valid UK postcode',
    });
  });
});

describe('characters that hide or disguise text are refused everywhere', () => {
  const hidden = {
    NUL: '\u0000',
    'a right-to-left override': '\u202E',
    'a bidi isolate': '\u2066',
    'a zero-width space': '\u200B',
    'a lone surrogate': '\uD800',
    'a byte-order mark': '\uFEFF',
  };

  for (const [what, ch] of Object.entries(hidden)) {
    it(`refuses ${what} in a name, a postcode, a Gas Safe number, a message and a ticket`, async () => {
      await refused(register({ First_Name: `Ze${ch}d` }), 'First_Name', NOT_ALLOWED);
      await refused(register({ Postcode: `M1 ${ch}1AA` }), 'Postcode', NOT_ALLOWED);
      await refused(
        () =>
          app.call(
            'PUT',
            '/api/mentor/profile',
            { ...fullProfile({ Gas_Safe_Registration_Number: `12${ch}34` }), Terms_Agreed: true },
            c.loner.token,
          ),
        'Gas_Safe_Registration_Number',
        NOT_ALLOWED,
      );
      await refused(
        () =>
          app.call('POST', '/api/send-message', { receiver_id: c.centre.user.id, message: `Hi ${ch}` }, c.amy.token),
        'message',
        NOT_ALLOWED,
      );
      await refused(
        () => app.call('POST', '/api/support', { Subject: 'Help', Message: `Hello ${ch}there` }, c.amy.token),
        'Message',
        NOT_ALLOWED,
      );
    });
  }

  it('allows tab and newline only in multi-line texts', async () => {
    await refused(register({ First_Name: 'Ze\nd' }), 'First_Name', NOT_ALLOWED);
    await refused(register({ Last_Name: 'Te\tst' }), 'Last_Name', NOT_ALLOWED);
    const ticket = await app.call(
      'POST',
      '/api/support',
      { Subject: 'Two lines', Message: 'First line\nSecond line\twith a tab' },
      c.amy.token,
    );
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const message = await app.call(
      'POST',
      '/api/send-message',
      { receiver_id: c.centre.user.id, message: 'Hi\r\nthere 👍🏽 👨‍👩‍👧' },
      c.amy.token,
    );
    expect(message.status, JSON.stringify(message.body)).toBe(201);
  });
});

describe('marking a conversation read', () => {
  it("answers 404 for another centre's student, and for an unknown id", async () => {
    const before = await settledHead();
    const other = await app.call('PATCH', `/api/chat-contacts/${c.sid.user.id}/read`, undefined, c.centre.token);
    expect(other.status).toBe(404);
    const unknown = await app.call('PATCH', '/api/chat-contacts/no-such-account/read', undefined, c.centre.token);
    expect(unknown.status).toBe(404);
    expect(await app.platform.store.headPosition()).toBe(before);
  });

  it("answers 200 for the centre's own student", async () => {
    const own = await app.call('PATCH', `/api/chat-contacts/${c.bea.user.id}/read`, undefined, c.centre.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
