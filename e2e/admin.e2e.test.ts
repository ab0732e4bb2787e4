import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SUPPORT_CONTACT, lockedMessage } from '@panda/contracts/accounts';
import { accessible, useApp } from './app';
import { cspViolations, shot, signIn, toast } from './support';

/**
 * The admin journey in a real browser: the admin opens the secret portal path, signs in,
 * finds a training centre by search, vets it, locks it (the centre's open session ends), matches a
 * student with a mentor who accepts in their own browser, and sees the active placement.
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-e2e-password-1' };
const CENTRE = {
  name: 'Calder Valley Gas Academy',
  first: 'Nia',
  last: 'Okafor',
  email: 'nia@calder.test',
  password: 'calder-pass-1',
};
const MENTOR = {
  first: 'Tom',
  last: 'Hughes',
  email: 'tom@hughesheating.test',
  password: 'hughes-pass-1',
  business: 'Hughes Heating Ltd',
};
const STUDENT = { first: 'Leah', last: 'Brennan', email: 'leah@student.test' };
const STUDENT_NAME = `${STUDENT.first} ${STUDENT.last}`;
const MENTOR_NAME = `${MENTOR.first} ${MENTOR.last}`;
const VET_REASON = 'Ofqual centre number checked';
const LOCK_REASON = 'Chargeback dispute under review';
/** The built web app the server serves (`npm run build:web`). */
const WEB_DIST = fileURLToPath(new URL('../frontend/dist', import.meta.url));
// A 1x1 PNG: the Gas Safe card photo must be a real image (checked by its bytes).
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const app = useApp({ admin: ADMIN });
let adminContext: BrowserContext;
let admin: Page;
let centreContext: BrowserContext;
let centrePage: Page;
let centreToken: string;

const context = () => app.context();

/** The session token the page keeps in localStorage (null once signed out). */
const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('token')");

const tab = (name: string) => admin.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
const search = () => admin.getByRole('searchbox', { name: 'Search by name or email' });
const row = (table: string, text: string) =>
  admin.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  // The other parties, through the HTTP API: a training centre and a mentor with a complete profile.
  const centre = await app.api<{ token: string }>('POST', '/api/auth/signup', {
    First_Name: CENTRE.first,
    Last_Name: CENTRE.last,
    Email: CENTRE.email,
    Password: CENTRE.password,
    Role: 'training_centre',
    Training_Centre_Name: CENTRE.name,
  });
  centreToken = centre.token;
  const mentor = await app.api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: MENTOR.first,
    Last_Name: MENTOR.last,
    Email: MENTOR.email,
    Password: MENTOR.password,
    Role: 'mentor',
  });
  await app.api(
    'PUT',
    '/api/mentor/profile',
    {
      Business_Name: MENTOR.business,
      Business_Postcode: 'LS6 2AB',
      Business_Phone_Number: '0113 496 0000',
      Business_Email: 'office@hughesheating.test',
      Gas_Safe_Registration_Number: '612345',
      Business_Type: 'Limited Company',
      VAT_Registered: true,
      Qualified_Boilers: true,
      Qualified_Cookers: true,
      Qualified_Gas_Fires: true,
      Gas_Safe_Card_Photo: TINY_PNG,
      Terms_Agreed: true,
    },
    mentor.token,
  );
  // The mentor is vetted through the admin API (the centre is vetted in the browser below).
  const adminSession = await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
  await app.api(
    'PATCH',
    `/api/admin/users/mentor/${mentor.user.id}/vet`,
    { is_vetted: true, reason: 'Gas Safe register checked' },
    adminSession.token,
  );
});

describe('the admin portal in a real browser', () => {
  it('keeps the portal path out of the public site, and the dashboard shut without a session', async () => {
    const landing = await fetch(`${app.url}/`).then((r) => r.text());
    expect(landing).toContain('<div id="root"');
    expect(landing).not.toContain(app.server.portalPath);
    expect(landing).not.toContain('panda-admin-portal');
    // The landing page itself runs no script; the app shell (every other public page, e.g. sign-in) names
    // the entry scripts. Those, and every other script the server serves (the lazy chunks), are checked.
    const shell = await fetch(`${app.url}/auth`).then((r) => r.text());
    expect(shell).not.toContain(app.server.portalPath);
    const referenced = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const built = readdirSync(join(WEB_DIST, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    expect(referenced.length).toBeGreaterThan(0);
    expect(built).toEqual(expect.arrayContaining(referenced));
    expect(built.some((a) => a.includes('admin-sign-in'))).toBe(true);
    for (const asset of built) {
      const res = await fetch(`${app.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.text()).includes(app.server.portalPath), `${asset} names the portal path`).toBe(false);
    }
    // The portal page itself is the only one told that it is the portal.
    expect(await fetch(`${app.url}${app.server.portalPath}`).then((r) => r.text())).toContain(
      JSON.stringify(app.server.portalPath),
    );

    const page = await (await context()).newPage();
    await page.goto(`${app.url}/panda-admin-dashboard`);
    await page.waitForURL(`${app.url}/`);
    await page.getByText('Apply to Join').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: /Training Centres/ }).count()).toBe(0);
  });

  it('signs the admin in at the portal path: wrong, then right', async () => {
    // The centre has its own browser session open all along (it is locked later).
    centreContext = await context();
    centrePage = await centreContext.newPage();
    const centreSignedIn = signIn(centrePage, app.url, CENTRE.email, CENTRE.password);

    adminContext = await context();
    admin = await adminContext.newPage();
    await admin.goto(`${app.url}${app.server.portalPath}`);
    const form = admin.getByRole('form', { name: 'Admin sign in' });
    await admin.getByRole('heading', { name: 'Admin Portal' }).waitFor();
    await admin.getByText('All access attempts are logged').waitFor();
    await admin.getByRole('link', { name: 'Back to Home' }).waitFor();
    await shot(admin, 'admin-portal');

    // The empty form's messages: admin-sign-in.test.tsx.
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toast(admin, 'Invalid credentials').waitFor();
    expect(admin.url()).toBe(`${app.url}${app.server.portalPath}`);

    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Show characters' }).click();
    expect(await form.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toast(admin, 'Welcome back, Admin!').waitFor();
    await admin.waitForURL(`${app.url}/panda-admin-dashboard`);
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    for (const counter of ['Total Students', 'Total Mentors', 'Training Centres', 'Total Placements'])
      await admin.getByText(counter, { exact: true }).first().waitFor();
    await tab('Mentors').waitFor();
    // "All access attempts are logged": the refused attempt is in the sign-in log.
    await admin.getByRole('button', { name: 'Sign-in log' }).click();
    const log = admin.getByRole('dialog', { name: 'Admin sign-in attempts' });
    await log.getByRole('row').filter({ hasText: ADMIN.email }).filter({ hasText: 'Refused' }).waitFor();
    await log.getByRole('row').filter({ hasText: ADMIN.email }).filter({ hasText: 'Signed in' }).first().waitFor();
    await log.getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'detached' });
    await centreSignedIn;
  });

  it('finds the centre by search and vets it; the vetted centre can then register a student', async () => {
    await tab('Training Centres').click();
    await search().fill('calder');
    const centreRow = row('Training Centres', CENTRE.name);
    await centreRow.getByText('Not Vetted').waitFor();
    await expect.poll(() => admin.getByRole('table', { name: 'Training Centres' }).getByRole('row').count()).toBe(2); // header + the one match
    await search().fill('no-such-centre');
    await admin.getByText('No users found').waitFor();
    await search().fill(CENTRE.email);
    await centreRow.waitFor();
    await shot(admin, 'admin-centre-found');

    await centreRow.getByRole('button', { name: 'Vet', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Vet user: ${CENTRE.name}` });
    await dialog.getByLabel('Reason (optional)').fill(VET_REASON);
    await dialog.getByRole('button', { name: 'Vet user' }).click();
    await toast(admin, 'User vetted successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await centreRow.getByText('Vetted', { exact: true }).waitFor();
    await centreRow.getByRole('button', { name: 'Unvet' }).waitFor();

    // Vetted now, the centre registers its trainee (through the API).
    await app.api(
      'POST',
      '/api/register-student',
      {
        First_Name: STUDENT.first,
        Last_Name: STUDENT.last,
        Email: STUDENT.email,
        Phone_Number: '07700 900123',
        Postcode: 'LS1 4AP',
        Boiler_Installs: 2,
        Boiler_Service: 2,
        Pipework: 1,
        Repair: 1,
      },
      centreToken,
    );
    // The admin's list follows live: the centre's row now counts one student.
    await centreRow.getByText(/1 student\b/).waitFor();
  });

  it('locks the centre: its open session ends and the history names the admin and the reasons', async () => {
    const centreRow = row('Training Centres', CENTRE.name);
    await centreRow.getByRole('button', { name: 'Lock', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Lock account: ${CENTRE.name}` });
    await dialog.getByText('They are signed out at once').waitFor();
    // What the centre is told is chosen from a list; the reason typed stays in the history.
    await dialog.getByLabel('Reason shown to them').click();
    await admin.getByRole('option', { name: 'Security concern' }).click();
    await dialog.getByLabel('Reason (optional)').fill(LOCK_REASON);
    await accessible(admin, 'Lock account dialog');
    await admin.setViewportSize({ width: 390, height: 844 });
    await accessible(admin, 'Lock account dialog at 390');
    await shot(admin, 'admin-lock-dialog-390');
    await admin.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Lock account' }).click();
    await toast(admin, 'Account locked successfully').waitFor();
    await centreRow.getByText('Locked', { exact: true }).waitFor();
    await centreRow.getByRole('button', { name: 'Unlock' }).waitFor();

    // The centre's open dashboard is told at once, with why and how to reach support, and sent to /auth.
    await toast(centrePage, lockedMessage('security')).waitFor();
    expect(await toast(centrePage, 'Session expired').count()).toBe(0);
    await centrePage.waitForURL(/\/auth/);
    await shot(centrePage, 'centre-locked-out');
    expect(await storedToken(centrePage)).toBeNull();

    // Signing in again: the same one message under the form, no other, nothing pointing at the terms.
    const form = centrePage.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(CENTRE.email);
    await form.locator('input[name="Password"]').fill(CENTRE.password);
    await form.getByRole('button', { name: /sign in/i }).click();
    const help = centrePage.getByTestId('locked-help');
    await help.getByText(lockedMessage('security')).waitFor();
    await expect
      .poll(() =>
        centrePage
          .getByRole('alert')
          .filter({ hasText: /\blocked\b/ })
          .count(),
      )
      .toBe(1);
    expect(await help.getByRole('link').count()).toBe(1);
    expect(await help.getByRole('link', { name: 'E-mail support' }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_CONTACT.email}`,
    );
    await accessible(centrePage, 'locked sign-in at 1366');
    await shot(centrePage, 'centre-locked-signin-1366');
    await centrePage.setViewportSize({ width: 390, height: 844 });
    await accessible(centrePage, 'locked sign-in at 390');
    await shot(centrePage, 'centre-locked-signin-390');
    await centrePage.setViewportSize({ width: 1366, height: 900 });

    await centreRow.getByRole('button', { name: 'History' }).click();
    const history = admin.getByRole('dialog', { name: `Account history: ${CENTRE.name}` });
    const timeline = history.getByRole('list', { name: 'Account timeline' });
    await timeline.waitFor();
    const entries = timeline.getByRole('listitem').filter({ hasText: 'by Platform Admin' });
    await expect.poll(() => entries.count()).toBe(2);
    // Newest first: the lock, then the vet, each with the admin and the reason.
    await expect
      .poll(() => entries.nth(0).textContent())
      .toMatch(new RegExp(`^Locked.*by Platform Admin \\(${ADMIN.email}\\).*Reason: ${LOCK_REASON}`));
    await expect
      .poll(() => entries.nth(1).textContent())
      .toMatch(new RegExp(`^Vetted.*by Platform Admin \\(${ADMIN.email}\\).*Reason: ${VET_REASON}`));
    await shot(admin, 'admin-centre-history');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });
  });

  it('matches the student with the mentor, who accepts in their own browser, and the placement is active', async () => {
    await search().fill(STUDENT.last);
    await tab('Students').click();
    const studentRow = row('Students', STUDENT_NAME);
    await studentRow.getByText(`${CENTRE.name} · Pending: unplaced`).waitFor();
    await studentRow.getByRole('button', { name: 'Match' }).click();

    const match = admin.getByRole('dialog', { name: `Match ${STUDENT_NAME} with a mentor` });
    const ranked = match.getByRole('list', { name: 'Ranked mentors' });
    const candidate = ranked.getByRole('listitem', { name: `Rank 1: ${MENTOR_NAME}` });
    await candidate.waitFor();
    await candidate
      .getByText(/ miles$/)
      .first()
      .waitFor();
    await match.getByLabel('Notes for the placement (optional)').fill('Starts on boiler installs in Leeds');
    await shot(admin, 'admin-match');
    await candidate.getByRole('button', { name: 'Propose placement' }).click();
    await toast(admin, `Placement proposed to ${MENTOR_NAME}`).waitFor();
    await match.waitFor({ state: 'detached' });
    await studentRow.getByText('Pending: awaiting mentor acceptance').waitFor();
    expect(await studentRow.getByRole('button', { name: 'Match' }).count()).toBe(0);
    // The Mentors table (its rows kept by read-models/admin-mentor-rows) counts the request.
    await search().fill(MENTOR.last);
    await tab('Mentors').click();
    const mentorRow = row('Mentors', MENTOR_NAME);
    await mentorRow.getByText(`${MENTOR.business} · No active students · 1 pending request`).waitFor();
    await mentorRow.getByText('Vetted', { exact: true }).waitFor();

    // The mentor, in their own browser session, accepts on their dashboard.
    const mentorPage = await (await context()).newPage();
    await signIn(mentorPage, app.url, MENTOR.email, MENTOR.password);
    const requests = mentorPage.getByRole('region', { name: 'Placement requests' });
    const request = requests.getByRole('listitem', { name: `Placement request for ${STUDENT_NAME}` });
    await request.getByText(`LS1 4AP · ${CENTRE.name}`, { exact: false }).waitFor();
    await request.getByText('Starts on boiler installs in Leeds').waitFor();
    await shot(mentorPage, 'mentor-placement-request');
    await request.getByRole('button', { name: 'Accept' }).click();
    await toast(mentorPage, `You are now mentoring ${STUDENT_NAME}`).waitFor();
    await requests.waitFor({ state: 'detached' });

    // The admin's Placements tab shows it active, placed today.
    await tab('Placements').click();
    const placement = row('Placements', STUDENT_NAME);
    await placement.getByText('Active', { exact: true }).waitFor();
    await placement.getByText(MENTOR_NAME).waitFor();
    await placement.getByText(CENTRE.name).waitFor();
    // The trainee's progress at a glance (docs/rules.md#progress-at-a-glance), then the placed date in the one en-GB style.
    await expect.poll(() => placement.getByRole('cell').nth(4).textContent()).toMatch(/^0 of \d+ cards \(0%\)$/);
    const now = new Date();
    await expect
      .poll(() => placement.getByRole('cell').nth(5).textContent())
      .toBe(
        `${now.getDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][now.getMonth()]} ${now.getFullYear()}`,
      );
    await expect.poll(() => tab('Placements').textContent()).toBe('Placements (1)');
    await shot(admin, 'admin-placements');
    // The mentor's row followed the acceptance: one active student, no request left.
    await tab('Mentors').click();
    await mentorRow.getByText(`${MENTOR.business} · 1 active student`, { exact: true }).waitFor();
    await search().fill(STUDENT.last);
    await tab('Students').click();
    await studentRow.getByText(`Matched with ${MENTOR_NAME}`).waitFor();
  });

  it('logs out back to the portal, and the dashboard stays shut', async () => {
    await admin.getByRole('button', { name: 'Logout' }).click();
    await toast(admin, 'Logged out successfully').waitFor();
    await admin.waitForURL(`${app.url}${app.server.portalPath}`);
    await admin.getByRole('form', { name: 'Admin sign in' }).waitFor();
    expect(await storedToken(admin)).toBeNull();

    await admin.goto(`${app.url}/panda-admin-dashboard`);
    await admin.waitForURL(`${app.url}${app.server.portalPath}`);
    await admin.getByRole('form', { name: 'Admin sign in' }).waitFor();
    expect(await admin.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('met no content security policy violation on any page above', () => {
    expect(cspViolations).toEqual([]);
  });
});
