import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useApp } from './app';
import { axeFindings, shot, signIn, signInAtPortal } from './support';
import { EVIDENCE_BODY } from './evidence';

/**
 * docs/rules.md#list-paging in the web app's growing lists ("Load more"): the mentor's Student Jobs, the
 * notifications inbox, a user's own support tickets and the admin's support inbox. Each is seeded
 * through the API with more than one page (50): 13 trainees placed with one mentor (52 jobs), 55
 * announcements to one trainee, 55 tickets from the mentor, 51 signed cards the trainee disputes,
 * 55 admin sign-ins. Each list shows "Showing 50 of N",
 * loads the next page from the server (a cursor), searches on the server (`?q=`), and passes
 * axe-core at 1366 and 390 px without sideways scrolling.
 */
const ADMIN = { email: 'admin@lists.test', password: 'lists-admin-password' };
const CENTRE = { email: 'centre@lists.test', password: 'lists-centre-pass-1' };
const MENTOR = { email: 'mentor@lists.test', password: 'lists-mentor-pass-1' };
const TRAINEE = { email: 'learner01@lists.test', password: 'lists-trainee-pass-1' };
/** Trainees placed with the mentor, four jobs each: 52 jobs, one page and two more. */
const TRAINEES = 13;
const JOBS = TRAINEES * 4;
const ANNOUNCEMENTS = 55;
const TICKETS = 55;
/** Learner 01's Boiler Installs and Service cards (at most 50 a type): the mentor signs each, the trainee disputes each. */
const CARDS = { Boiler_Installs: 26, Boiler_Service: 25 };
const DISPUTES = CARDS.Boiler_Installs + CARDS.Boiler_Service;
const ADMIN_SIGN_INS = 55;

const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const app = useApp({ admin: ADMIN });
let centreToken = '';
let traineeId = '';
/** Every notification of the trainee (the announcements plus their placement's). */
let traineeNotifications = 0;
const pad = (i: number) => String(i).padStart(2, '0');

/** `X-Total-Count` of a list call, once the read models have `position`. */
/** The list's total once the read models hold everything appended so far (the log head, from /api/health). */
async function totalOf(path: string, token: string): Promise<number> {
  const { head } = (await (await fetch(`${app.url}/api/health`)).json()) as { head: number };
  const res = await fetch(`${app.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'X-Min-Position': String(head) },
  });
  if (!res.ok) throw new Error(`GET ${path} -> ${res.status}`);
  return Number(res.headers.get('X-Total-Count'));
}

/** Polls until `read()` answers `want` (the reactors answer tickets and deliver announcements after the request). */
/** How many of the caller's own tickets the AI Assistant has answered. */
async function aiAnswered(token: string): Promise<number> {
  const { head } = (await (await fetch(`${app.url}/api/health`)).json()) as { head: number };
  const res = await fetch(`${app.url}/api/support?limit=200`, {
    headers: { authorization: `Bearer ${token}`, 'X-Min-Position': String(head) },
  });
  if (!res.ok) throw new Error(`GET /api/support -> ${res.status}`);
  return ((await res.json()) as { ai_answered: boolean }[]).filter((t) => t.ai_answered).length;
}

async function until(read: () => Promise<number>, want: number, what: string) {
  for (let i = 0; i < 300; i++) {
    if ((await read()) === want) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: still ${await read()}, want ${want}`);
}

beforeAll(async () => {
  const call = app.api;
  const admin = await call<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
  const centre = await call<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Lena',
    Last_Name: 'Lister',
    Email: CENTRE.email,
    Password: CENTRE.password,
    Role: 'training_centre',
    Training_Centre_Name: 'Long Lists Gas Academy',
  });
  centreToken = centre.token;
  const mentor = await call<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Morgan',
    Last_Name: 'Many',
    Email: MENTOR.email,
    Password: MENTOR.password,
    Role: 'mentor',
  });
  await call(
    'PUT',
    '/api/mentor/profile',
    {
      Business_Name: 'Many Jobs Heating Ltd',
      Business_Postcode: 'M4 1AA',
      Business_Phone_Number: '0161 496 0000',
      Business_Email: 'office@manyjobs.test',
      Gas_Safe_Registration_Number: '612399',
      Business_Type: 'Limited Company',
      VAT_Registered: false,
      Qualified_Boilers: true,
      Gas_Safe_Card_Photo: TINY_PNG,
      Terms_Agreed: true,
    },
    mentor.token,
  );
  for (const [role, id] of [
    ['training_centre', centre.user.id],
    ['mentor', mentor.user.id],
  ])
    await call('PATCH', `/api/admin/users/${role}/${id}/vet`, { is_vetted: true, reason: 'Checked' }, admin.token);

  // Thirteen trainees, each with four job types, placed with the one mentor: 52 jobs.
  for (let i = 1; i <= TRAINEES; i++) {
    const registered = await call<{ student: { id: string }; temporary_password: string }>(
      'POST',
      '/api/register-student',
      {
        First_Name: 'Learner',
        Last_Name: pad(i),
        Email: `learner${pad(i)}@lists.test`,
        Phone_Number: '07700900000',
        Postcode: 'M1 1AA',
        Boiler_Installs: i === 1 ? CARDS.Boiler_Installs : 1,
        Boiler_Service: i === 1 ? CARDS.Boiler_Service : 1,
        Pipework: 1,
        Repair: 1,
      },
      centre.token,
    );
    if (i === 1) {
      traineeId = registered.student.id;
      const temp = await call<{ token: string }>('POST', '/api/auth/signin', {
        Email: TRAINEE.email,
        Password: registered.temporary_password,
      });
      await call(
        'PUT',
        '/api/change-password',
        {
          currentPassword: registered.temporary_password,
          newPassword: TRAINEE.password,
          confirmPassword: TRAINEE.password,
        },
        temp.token,
      );
    }
    const proposed = await call<{ placement_id: string }>(
      'POST',
      '/api/admin/placements',
      { student_id: registered.student.id, mentor_id: mentor.user.id },
      admin.token,
    );
    await call('POST', `/api/placement-requests/${proposed.placement_id}/accept`, undefined, mentor.token);
  }
  await until(() => totalOf('/api/jobs?limit=1', mentor.token), JOBS, 'jobs');
  const trainee = await call<{ token: string }>('POST', '/api/auth/signin', {
    Email: TRAINEE.email,
    Password: TRAINEE.password,
  });

  // The mentor signs Learner 01's 51 Boiler Installs and Service cards; the trainee disputes every one.
  const learnerJobs = await call<{ id: string; Total_Count: number }[]>(
    'GET',
    `/api/jobs?student_id=${traineeId}`,
    undefined,
    mentor.token,
  );
  for (const job of learnerJobs.filter((j) => j.Total_Count > 1)) {
    const signatures: { signature_id: string }[] = [];
    for (let i = 0; i < job.Total_Count; i++) {
      const signed = await call<{ signature: { signature_id: string } }>(
        'PUT',
        `/api/jobs/${job.id}/complete`,
        { mentor_signature: { signature: 'M. Many', mentorName: 'Morgan Many' }, ...EVIDENCE_BODY },
        mentor.token,
      );
      signatures.push(signed.signature);
    }
    for (const s of signatures)
      await call('POST', `/api/signatures/${s.signature_id}/dispute`, { reason: 'Not my work' }, trainee.token);
  }
  for (let i = 0; i < ADMIN_SIGN_INS; i++) await call('POST', '/api/admin/auth/signin', ADMIN);

  // 55 announcements to Learner 01, 55 support tickets from the mentor (each answered by the AI Assistant).
  for (let i = 1; i <= ANNOUNCEMENTS; i++)
    await call(
      'POST',
      '/api/announcements',
      { title: `Notice ${pad(i)}`, message: `Paging announcement number ${pad(i)}.`, recipient_ids: [traineeId] },
      centre.token,
    );
  for (let i = 1; i <= TICKETS; i++)
    await call(
      'POST',
      '/api/support',
      { Subject: `Paging question ${pad(i)}`, Message: `How do I page through list ${pad(i)}?` },
      mentor.token,
    );
  await until(
    () => totalOf('/api/notifications?limit=1&type=announcement', trainee.token),
    ANNOUNCEMENTS,
    'announcements delivered',
  );
  traineeNotifications = await totalOf('/api/notifications?limit=1', trainee.token);
  // The AI Assistant answers each ticket, which stays open (awaiting staff), marked ai_answered.
  await until(() => aiAnswered(mentor.token), TICKETS, 'tickets answered');
}, 300_000);

const pageAt = (width: number) => app.page({ width, height: width < 600 ? 844 : 900 });

const total = (scope: Page | Locator) => scope.getByTestId('list-total');
const noSideways = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
/** Clicks a button as a person does on a phone: scrolled to mid-screen, away from the Assistant's floating button. */
async function press(button: Locator) {
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
}
/** The next call of `path` whose query has these values (null: left out; true: any value). */
const listCall = (page: Page, path: string, params: Record<string, string | null | true>) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === path &&
      Object.entries(params).every(([k, v]) => (v === true ? url.searchParams.has(k) : url.searchParams.get(k) === v))
    );
  });

describe("the mentor's Student Jobs load more and search on the server", () => {
  const groups = (page: Page) => page.getByTestId('student-job-group');
  const jobCards = (page: Page) => groups(page).getByRole('article');

  it.each([1366, 390])('52 jobs of 13 trainees at %i px: 50, then the rest; search', async (width) => {
    const page = await pageAt(width);
    await signIn(page, app.url, MENTOR.email, MENTOR.password);
    await page.goto(`${app.url}/dashboard?view=jobs`);
    await total(page).getByText(`Showing 50 of ${JOBS} jobs`).waitFor();
    await expect.poll(() => jobCards(page).count()).toBe(50);
    // Sorted by trainee: the first twelve complete, two of Learner 13's four on this page.
    expect(await groups(page).count()).toBe(TRAINEES);
    expect(await page.getByRole('region', { name: 'Learner 13' }).getByRole('article').count()).toBe(2);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page, `Student Jobs, page 1 (${width} px)`)).toEqual([]);
    await shot(page, `paging-mentor-jobs-${width}`);

    const more = listCall(page, '/api/jobs', { limit: '50', cursor: true });
    await press(page.getByRole('button', { name: 'Load more jobs' }));
    await more;
    await total(page).getByText(`${JOBS} jobs`, { exact: true }).waitFor();
    // Learner 13's other two jobs join the same group, nothing is repeated.
    expect(await page.getByRole('region', { name: 'Learner 13' }).getByRole('article').count()).toBe(4);
    expect(await groups(page).count()).toBe(TRAINEES);
    expect(await jobCards(page).count()).toBe(JOBS);
    expect(await page.getByRole('button', { name: 'Load more jobs' }).count()).toBe(0);

    if (width !== 1366) return;
    const searched = listCall(page, '/api/jobs', { q: 'learner 07' });
    await page.getByLabel('Search students').fill('learner 07');
    await searched;
    await total(page).getByText('4 jobs', { exact: true }).waitFor();
    expect(await groups(page).count()).toBe(1);
    await page.getByRole('region', { name: 'Learner 07' }).waitFor();
    await page.getByLabel('Search students').fill('nobody-here');
    await page.getByText('No students match ‘nobody-here’').waitFor();
  });
});

describe('the notifications inbox loads more, filters and searches on the server', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
  const items = (page: Page) => dialog(page).getByTestId('notification-item');
  async function openInbox(width: number) {
    const page = await pageAt(width);
    await signIn(page, app.url, TRAINEE.email, TRAINEE.password);
    await page.getByTestId('notifications-bell').click();
    await dialog(page).waitFor();
    return page;
  }

  it('at 1366 px: 50 of all, every next page, a pushed announcement on top with nothing lost or doubled, the Announcements tab, search', async () => {
    const page = await openInbox(1366);
    await total(dialog(page)).getByText(`Showing 50 of ${traineeNotifications} notifications`).waitFor();
    await expect.poll(() => items(page).count()).toBe(50);
    expect(await axeFindings(page, 'Notifications, page 1 (1366 px)', '[role="dialog"]')).toEqual([]);
    await shot(page, 'paging-notifications-1366');

    // Every page in turn (announcements, signed cards, the placement's): each from the server with a cursor.
    const loadMore = dialog(page).getByRole('button', { name: 'Load more notifications' });
    for (let shown = 50; shown < traineeNotifications;) {
      const more = listCall(page, '/api/notifications', { limit: '50', cursor: true });
      await loadMore.click();
      await more;
      shown = Math.min(shown + 50, traineeNotifications);
      await total(dialog(page))
        .getByText(
          shown < traineeNotifications
            ? `Showing ${shown} of ${traineeNotifications} notifications`
            : `${traineeNotifications} notifications`,
          { exact: true },
        )
        .waitFor();
    }
    expect(await items(page).count()).toBe(traineeNotifications);
    expect(await loadMore.count()).toBe(0);

    // A new announcement arrives by push: on top, and every loaded page is refreshed in turn (no gap, no double).
    await app.api(
      'POST',
      '/api/announcements',
      { title: 'Notice 56', message: 'Pushed while the inbox was open.', recipient_ids: [traineeId] },
      centreToken,
    );
    const all = traineeNotifications + 1;
    await total(dialog(page)).getByText(`${all} notifications`, { exact: true }).waitFor();
    expect(await items(page).first().textContent()).toContain('Notice 56');
    const texts = await items(page).allTextContents();
    expect(texts).toHaveLength(all);
    for (let i = 1; i <= ANNOUNCEMENTS; i++)
      expect(
        texts.filter((t) => t.includes(`Notice ${pad(i)}`)),
        `Notice ${pad(i)}`,
      ).toHaveLength(1);

    // The Announcements tab is the server's list (type=announcement), paged again.
    const announcements = listCall(page, '/api/notifications', { type: 'announcement', cursor: null });
    await dialog(page).getByRole('tab', { name: 'Announcements' }).click();
    await announcements;
    await total(dialog(page))
      .getByText(`Showing 50 of ${ANNOUNCEMENTS + 1} notifications`)
      .waitFor();

    const searched = listCall(page, '/api/notifications', { q: 'notice 03' });
    await dialog(page).getByRole('searchbox', { name: 'Search notifications' }).fill('notice 03');
    await searched;
    await total(dialog(page)).getByText('1 notification', { exact: true }).waitFor();
    expect(await items(page).first().textContent()).toContain('Notice 03');
  });

  it('at 390 px: full screen, 50 of all, the next page, no sideways scrolling', async () => {
    const page = await openInbox(390);
    await total(dialog(page))
      .getByText(/^Showing 50 of \d+ notifications$/)
      .waitFor();
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page, 'Notifications, page 1 (390 px)', '[role="dialog"]')).toEqual([]);
    await shot(page, 'paging-notifications-390');
    await press(dialog(page).getByRole('button', { name: 'Load more notifications' }));
    await expect.poll(() => items(page).count()).toBeGreaterThan(50);
  });
});

describe('support tickets load more and search on the server', () => {
  const tickets = (page: Page) => page.getByRole('list', { name: 'Support tickets' }).getByRole('listitem');

  it.each([1366, 390])("the mentor's own tickets at %i px: 50 of 55, the rest, search", async (width) => {
    const page = await pageAt(width);
    await signIn(page, app.url, MENTOR.email, MENTOR.password);
    await page.goto(`${app.url}/dashboard?view=support`);
    await total(page).getByText(`Showing 50 of ${TICKETS} tickets`).waitFor();
    await expect.poll(() => tickets(page).count()).toBe(50);
    // Newest activity first: the AI Assistant answered them in order, so 55 leads and 01 waits on the next page.
    expect(await tickets(page).first().textContent()).toContain(`Paging question ${TICKETS}`);
    expect(await page.getByText('Paging question 01').count()).toBe(0);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page, `support tickets, page 1 (${width} px)`)).toEqual([]);
    await shot(page, `paging-support-${width}`);

    await press(page.getByRole('button', { name: 'Load more tickets' }));
    await total(page).getByText(`${TICKETS} tickets`, { exact: true }).waitFor();
    await page.getByText('Paging question 01').waitFor();

    const searched = listCall(page, '/api/support', { q: 'question 03' });
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('question 03');
    await searched;
    await total(page).getByText('1 ticket', { exact: true }).waitFor();
    expect(await tickets(page).first().textContent()).toContain('Paging question 03');
  });

  it.each([1366, 390])("the admin's inbox at %i px: 50 of 55 awaiting staff, the rest, search", async (width) => {
    const page = await pageAt(width);
    await signInAtPortal(page, app.server, ADMIN.email, ADMIN.password);
    // The inbox opens on the tickets awaiting staff (the AI Assistant's answer leaves them open).
    const awaiting = listCall(page, '/api/admin/support', { status: 'open', cursor: null });
    await page.getByRole('tab', { name: 'Support' }).click();
    await awaiting;
    await total(page).getByText(`Showing 50 of ${TICKETS} tickets`).waitFor();
    await expect.poll(() => tickets(page).count()).toBe(50);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page, `admin support inbox, page 1 (${width} px)`)).toEqual([]);
    await shot(page, `paging-admin-support-${width}`);

    const more = listCall(page, '/api/admin/support', { status: 'open', cursor: true });
    await press(page.getByRole('button', { name: 'Load more tickets' }));
    await more;
    await total(page).getByText(`${TICKETS} tickets`, { exact: true }).waitFor();
    expect(await tickets(page).count()).toBe(TICKETS);

    const searched = listCall(page, '/api/admin/support', { q: 'question 42' });
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('question 42');
    await searched;
    await total(page).getByText('1 ticket', { exact: true }).waitFor();
    expect(await tickets(page).first().textContent()).toContain('Paging question 42');
  });
});

describe('the admin portal: the sign-in log and Disputes load more', () => {
  it.each([1366, 390])(
    'at %i px: 50 of the sign-in attempts, the rest; 50 of 51 open disputes, the last',
    async (width) => {
      const page = await pageAt(width);
      await signInAtPortal(page, app.server, ADMIN.email, ADMIN.password);
      const admin = await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
      const attempts = await totalOf('/api/admin/signin-attempts?limit=1', admin.token);
      expect(attempts).toBeGreaterThan(ADMIN_SIGN_INS);

      await press(page.getByRole('button', { name: 'Sign-in log' }));
      const log = page.getByRole('dialog', { name: 'Admin sign-in attempts' });
      await total(log).getByText(`Showing 50 of ${attempts} attempts`).waitFor();
      const rows = log.getByRole('table', { name: 'Admin sign-in attempts' }).locator('tbody tr');
      expect(await rows.count()).toBe(50);
      expect(await axeFindings(page, `sign-in log, page 1 (${width} px)`, '[role="dialog"]')).toEqual([]);
      await shot(page, `paging-signin-log-${width}`);
      await press(log.getByRole('button', { name: 'Load more attempts' }));
      await total(log).getByText(`${attempts} attempts`, { exact: true }).waitFor();
      expect(await rows.count()).toBe(attempts);
      await log.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('tab', { name: 'Disputes' }).click();
      const disputes = page.getByRole('list', { name: 'Open disputes' }).getByTestId('dispute-row');
      await total(page).getByText(`Showing 50 of ${DISPUTES} disputes`).waitFor();
      expect(await disputes.count()).toBe(50);
      expect(await noSideways(page)).toBe(true);
      expect(await axeFindings(page, `Disputes, page 1 (${width} px)`)).toEqual([]);
      await shot(page, `paging-disputes-${width}`);
      const more = listCall(page, '/api/admin/disputes', { status: 'open', cursor: true });
      await press(page.getByRole('button', { name: 'Load more disputes' }));
      await more;
      await total(page).getByText(`${DISPUTES} disputes`, { exact: true }).waitFor();
      expect(await disputes.count()).toBe(DISPUTES);
    },
  );
});
