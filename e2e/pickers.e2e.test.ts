import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useApp } from './app';
import { axeFindings, shot, signIn, toast } from './support';

/**
 * docs/rules.md#list-paging in the three pickers that used to stop at one page: the Support Center's Student Issue
 * student, the announcement recipients and the chat contacts. One centre with 205 students, seeded
 * through the API: Zara Zulu first (the oldest registration, so newest-first pages end before her),
 * then Learner 001 to 204 (so pages by name, 50 or 200 long, end before her too). Each picker finds
 * and chooses her (on the server: `?q=` or the next page's cursor), and passes axe-core at 1366 and
 * 390 px.
 */
const ADMIN = { email: 'admin@pickers.test', password: 'pickers-admin-password' };
const CENTRE = { email: 'centre@pickers.test', password: 'pickers-centre-pass-1' };
const LEARNERS = 204;
const STUDENTS = LEARNERS + 1;

const app = useApp({ admin: ADMIN });
let centreToken = '';
let zaraId = '';

beforeAll(async () => {
  const call = app.api;
  const admin = await call<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
  const centre = await call<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Pia',
    Last_Name: 'Picker',
    Email: CENTRE.email,
    Password: CENTRE.password,
    Role: 'training_centre',
    Training_Centre_Name: 'Many Pickers Gas Academy',
  });
  centreToken = centre.token;
  await call(
    'PATCH',
    `/api/admin/users/training_centre/${centre.user.id}/vet`,
    { is_vetted: true, reason: 'Checked' },
    admin.token,
  );
  const register = (first: string, last: string, email: string) =>
    call<{ student: { id: string }; position: number }>(
      'POST',
      '/api/register-student',
      {
        First_Name: first,
        Last_Name: last,
        Email: email,
        Phone_Number: '07700900000',
        Postcode: 'M1 1AA',
        Boiler_Installs: 1,
        Boiler_Service: 1,
        Pipework: 1,
        Repair: 1,
      },
      centre.token,
    );
  zaraId = (await register('Zara', 'Zulu', 'zara.zulu@pickers.test')).student.id;
  let last = 0;
  for (let i = 1; i <= LEARNERS; i++) {
    const n = String(i).padStart(3, '0');
    last = (await register('Learner', n, `learner${n}@pickers.test`)).position;
  }
  // The read models have every student before the browser asks (read your own last write).
  const res = await fetch(`${app.url}/api/my-students?limit=1`, {
    headers: { authorization: `Bearer ${centre.token}`, 'X-Min-Position': String(last) },
  });
  expect(Number(res.headers.get('X-Total-Count'))).toBe(STUDENTS);
}, 300_000);

async function centreAt(width: number, path: string): Promise<Page> {
  const page = await app.page({ width, height: width < 600 ? 844 : 900 });
  await signIn(page, app.url, CENTRE.email, CENTRE.password);
  await page.goto(`${app.url}${path}`);
  return page;
}

/** The next call of `path` whose query has these values (true: any value). */
const listCall = (page: Page, path: string, params: Record<string, string | true>) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === path &&
      Object.entries(params).every(([k, v]) => (v === true ? url.searchParams.has(k) : url.searchParams.get(k) === v))
    );
  });
const noSideways = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
async function press(button: Locator) {
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}

describe("the Student Issue picker searches the centre's students on the server", () => {
  it.each([1366, 390])(
    'at %i px: a student beyond the first page is found, chosen and the ticket is hers',
    async (width) => {
      const page = await centreAt(width, '/dashboard?view=support');
      await press(page.getByRole('button', { name: 'New Ticket' }).first());
      const dialog = page.getByRole('dialog', { name: 'New Ticket' });
      await dialog.getByRole('combobox', { name: 'Subject' }).click();
      // The picker asks for its first page by name as it appears.
      const firstPage = listCall(page, '/api/my-students', { limit: '50', sort: 'name' });
      await page.getByRole('option', { name: 'Student Issue' }).click();
      await firstPage;

      const student = dialog.getByRole('combobox', { name: 'Student', exact: true });
      // The first page by name, with a hint under the field that typing finds the others.
      await dialog.getByText(`Showing 50 of ${STUDENTS}: type to search for the others`).waitFor();
      // Without a choice the spec's text stops the form, under the field in place of the hint.
      await dialog.getByLabel('Message').fill('Zara needs her portfolio re-checked.');
      await dialog.getByRole('button', { name: 'Create Ticket' }).click();
      await dialog.getByText('Please select a student for student issues').waitFor();

      // The first page's options: Learners only.
      await student.click();
      await expect.poll(() => page.getByRole('option').count()).toBe(50);
      expect(await page.getByRole('option', { name: /Zara Zulu/ }).count()).toBe(0);
      expect(await axeFindings(page, `New Ticket, student list (${width} px)`)).toEqual([]);

      const searched = listCall(page, '/api/my-students', { q: 'zulu' });
      await student.fill('zulu');
      await searched;
      const zara = page.getByRole('option', { name: `Zara Zulu (${zaraId.slice(0, 8)})` });
      await zara.waitFor();
      expect(await page.getByRole('option').count()).toBe(1);
      expect(await axeFindings(page, `New Ticket, search (${width} px)`)).toEqual([]);
      expect(await noSideways(page)).toBe(true);
      await shot(page, `picker-ticket-student-${width}`);
      await zara.click();
      expect(await student.inputValue()).toBe(`Zara Zulu (${zaraId.slice(0, 8)})`);

      const created = page.waitForResponse((r) => r.url().endsWith('/api/support') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Create Ticket' }).click();
      const body = (await (await created).json()) as { id: string; position: number };
      await toast(page, 'Support ticket created successfully').waitFor();
      const ticket = (await (
        await fetch(`${app.url}/api/support/${body.id}`, {
          // Read your own write: answered once the read models hold the new ticket.
          headers: { authorization: `Bearer ${centreToken}`, 'X-Min-Position': String(body.position) },
        })
      ).json()) as { Subject: string; Student_ID: string | null };
      expect(ticket).toMatchObject({ Subject: 'Student Issue', Student_ID: zaraId });
    },
  );

  it('a search with no match says so', async () => {
    const page = await centreAt(1366, '/dashboard?view=support');
    await page.getByRole('button', { name: 'New Ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Ticket' });
    await dialog.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Student Issue' }).click();
    await dialog.getByRole('combobox', { name: 'Student', exact: true }).fill('nobody-here');
    await page.getByText('No students match ‘nobody-here’').waitFor();
  });
});

describe('the announcement recipients page by name and are searched on the server', () => {
  it.each([1366, 390])('at %i px: 50 of 205, a search finds Zara and the announcement goes to her', async (width) => {
    const page = await centreAt(width, '/dashboard');
    const firstPage = listCall(page, '/api/my-students', { limit: '50', sort: 'name' });
    await press(page.getByRole('button', { name: 'Create Announcement' }).first());
    await firstPage;
    const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
    await dialog.getByText(`Showing 50 of ${STUDENTS} students`).waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(50);
    expect(await dialog.getByRole('checkbox', { name: /Zara Zulu/ }).count()).toBe(0);
    expect(await axeFindings(page, `Create Announcement, page 1 (${width} px)`, '[role="dialog"]')).toEqual([]);

    // A Learner from this page stays chosen while another search runs.
    await dialog.getByRole('checkbox', { name: /Learner 001/ }).check();
    const searched = listCall(page, '/api/my-students', { q: 'zulu' });
    await dialog.getByLabel('Search students').fill('zulu');
    await searched;
    await dialog.getByText('1 student', { exact: true }).waitFor();
    await dialog.getByRole('checkbox', { name: /Zara Zulu/ }).check();
    await dialog.getByText('Recipients (2 selected)').waitFor();
    expect(await axeFindings(page, `Create Announcement, search (${width} px)`, '[role="dialog"]')).toEqual([]);
    expect(await noSideways(page)).toBe(true);
    await shot(page, `picker-announcement-${width}`);

    await dialog.getByLabel('Title').fill(`Exam dates ${width}`);
    await dialog.getByLabel('Message').fill('The assessments move to March.');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/announcements') && r.method() === 'POST');
    await press(dialog.getByRole('button', { name: 'Send Announcement' }));
    const recipients = ((await sent).postDataJSON() as { recipient_ids: string[] }).recipient_ids;
    expect(recipients).toHaveLength(2);
    expect(recipients).toContain(zaraId);
    await toast(page, 'Announcement sent to 2 student(s)!').waitFor();
  });

  it('Load more brings the next page by name from the server', async () => {
    const page = await centreAt(1366, '/dashboard');
    await page.getByRole('button', { name: 'Create Announcement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
    await dialog.getByText(`Showing 50 of ${STUDENTS} students`).waitFor();
    const more = listCall(page, '/api/my-students', { limit: '50', sort: 'name', cursor: true });
    await dialog.getByRole('button', { name: 'Load more students' }).click();
    await more;
    await dialog.getByText(`Showing 100 of ${STUDENTS} students`).waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(100);
    // Select all takes the students shown; Clear all drops every choice.
    await dialog.getByRole('button', { name: 'Select all' }).click();
    await dialog.getByText('Recipients (100 selected)').waitFor();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByText('Recipients (0 selected)').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send Announcement' }).isDisabled()).toBe(true);
  });
});

describe('the chat contacts load more from the server', () => {
  it.each([1366, 390])('at %i px: 200 of 205, then the rest; Zara opens', async (width) => {
    const page = await centreAt(width, '/dashboard?view=chat');
    const contacts = page.getByRole('list', { name: 'Contacts' }).getByTestId('chat-contact');
    await page.getByText(`Showing 200 of ${STUDENTS} contacts`).waitFor();
    expect(await contacts.count()).toBe(200);
    expect(await contacts.filter({ hasText: 'Zara Zulu' }).count()).toBe(0);

    const more = listCall(page, '/api/chat-contacts', { limit: '200', cursor: true });
    await press(page.getByRole('button', { name: 'Load more contacts' }));
    await more;
    await page.getByText(`${STUDENTS} contacts`, { exact: true }).waitFor();
    expect(await contacts.count()).toBe(STUDENTS);
    expect(await page.getByRole('button', { name: 'Load more contacts' }).count()).toBe(0);
    expect(await axeFindings(page, `Chat contacts, all loaded (${width} px)`)).toEqual([]);
    expect(await noSideways(page)).toBe(true);

    await press(contacts.filter({ hasText: 'Zara Zulu' }));
    await page.getByRole('heading', { name: 'Zara Zulu' }).waitFor();
    await page.getByLabel('Message to Zara Zulu').waitFor();
    expect(await axeFindings(page, `Chat with Zara (${width} px)`)).toEqual([]);
    await shot(page, `picker-chat-${width}`);
  });

  it('a link to a contact beyond the first page opens it', async () => {
    const page = await centreAt(1366, `/dashboard?view=chat&id=${zaraId}`);
    await page.getByRole('heading', { name: 'Zara Zulu' }).waitFor();
    await page.getByLabel('Message to Zara Zulu').waitFor();
  });
});
