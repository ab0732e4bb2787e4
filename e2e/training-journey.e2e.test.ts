import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { axeOn, shot, signIn as signInAt, signInAtPortal, toast } from './support';
import { fillEvidence } from './evidence';

/**
 * The training journey in a real browser, each person in their own browser profile:
 * a vetted training centre registers a trainee (temporary password shown once), the trainee signs
 * in, chooses a password and sets training goals, a mentor completes their business profile with
 * a Gas Safe card photo, the admin matches them in the portal, the mentor accepts and signs two
 * boiler-install job cards, the trainee sees the progress and the centre sees the student placed.
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-journey-password-1' };
const CENTRE = {
  name: 'Aire Valley Gas Academy',
  first: 'Ruth',
  last: 'Adeyemi',
  email: 'ruth@airevalley.test',
  password: 'airevalley-pass-1',
};
const MENTOR = {
  first: 'Dan',
  last: 'Mercer',
  email: 'dan@mercerheating.test',
  password: 'mercer-pass-1',
  business: 'Mercer Heating Ltd',
  gasSafe: '598765',
};
const STUDENT = {
  first: 'Kofi',
  last: 'Asante',
  email: 'kofi.asante@trainee.test',
  phone: '07700 900456',
  postcode: 'ls6 3qw',
  newPassword: 'kofi-own-pass-1',
};
const STUDENT_NAME = `${STUDENT.first} ${STUDENT.last}`;
const MENTOR_NAME = `${MENTOR.first} ${MENTOR.last}`;
const BOILER_JOB = `Boiler Installs for ${STUDENT_NAME}`;

const app = useApp({ admin: ADMIN });
const signIn = (page: Page, email: string, password: string) => signInAt(page, app.url, email, password);
let tmp: string;
let mentorId: string;
// One page per person, each in its own browser context (own localStorage and session).
let centre: Page;
let student: Page;
let mentor: Page;
let admin: Page;
let temporaryPassword = '';

const personPage = async () => (await app.context()).newPage();

/** Opens a dashboard view from the sidebar. */
async function openView(page: Page, label: string, title = label) {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** The centre overview's figure under a label, e.g. 'Placement Rate' -> '100%'. */
const centreStat = (label: string) => async () =>
  ((await centre.getByRole('region', { name: label, exact: true }).textContent()) ?? '').replace(label, '').trim();
/** A labelled figure (StatCard) on the student/mentor overviews. */
const statValue = (page: Page, label: string) => async () =>
  ((await page.getByRole('group', { name: label, exact: true }).textContent()) ?? '').replace(label, '').trim();

/** Everything a page keeps: its HTML and both web storages. */
async function everythingOn(page: Page): Promise<string> {
  const storage = await page.evaluate<string>(
    'JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })',
  );
  return (await page.content()) + storage;
}

// ---- a real PNG (a small Gas Safe card in yellow and black), built from its chunks ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function gasSafeCardPng(width = 86, height = 54): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const band = y < 12 || (x > 8 && x < 30 && y > 20 && y < 46);
      const [r, g, b] = band ? [20, 20, 20] : [250, 204, 21];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'panda-journey-'));
  // Setup through the HTTP API: a training centre vetted by the admin, and a mentor who has only signed up.
  const signedUpCentre = await app.api<{ user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: CENTRE.first,
    Last_Name: CENTRE.last,
    Email: CENTRE.email,
    Password: CENTRE.password,
    Role: 'training_centre',
    Training_Centre_Name: CENTRE.name,
  });
  const signedUpMentor = await app.api<{ user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: MENTOR.first,
    Last_Name: MENTOR.last,
    Email: MENTOR.email,
    Password: MENTOR.password,
    Role: 'mentor',
  });
  mentorId = signedUpMentor.user.id;
  const adminSession = await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
  await app.api(
    'PATCH',
    `/api/admin/users/training_centre/${signedUpCentre.user.id}/vet`,
    { is_vetted: true, reason: 'Ofqual centre number checked' },
    adminSession.token,
  );

  [centre, student, mentor, admin] = await Promise.all([personPage(), personPage(), personPage(), personPage()]);
});

afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// The steps build on each other: after a failed step the rest are skipped (and every open page is
// photographed when E2E_SCREENSHOTS is set).
let stepFailed = false;
beforeEach((ctx) => {
  if (stepFailed) ctx.skip();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  stepFailed = true;
  const pages: Array<[string, Page | undefined]> = [
    ['centre', centre],
    ['student', student],
    ['mentor', mentor],
    ['admin', admin],
  ];
  for (const [who, page] of pages)
    if (page && !page.isClosed()) await shot(page, `journey-failed-${who}`).catch(() => undefined);
});

describe('the training journey, each person in their own browser', () => {
  it('the vetted centre sees an empty overview, registers a trainee and is shown the temporary password once', async () => {
    await signIn(centre, CENTRE.email, CENTRE.password);
    await centre.getByRole('heading', { name: `Welcome, ${CENTRE.name}!` }).waitFor();
    await expect.poll(centreStat('Total Students')).toBe('0');
    await expect.poll(centreStat('Placed Students')).toBe('0');
    await expect.poll(centreStat('Awaiting Placement')).toBe('0');
    await expect.poll(centreStat('Placement Rate')).toBe('0%');
    await shot(centre, 'journey-01-centre-overview-empty');

    await openView(centre, 'Register Student');
    const form = centre.getByRole('form', { name: 'Register New Student' });
    const submit = form.getByRole('button', { name: 'Register Student' });
    await expect.poll(() => submit.isEnabled()).toBe(true); // the vetting status has loaded: no banner
    expect(await centre.getByText('Vetting Required').count()).toBe(0);

    // Empty: each problem under its field, and one summary toast (docs/rules.md#form-errors), not a wall of toasts.
    await submit.click();
    for (const [label, message] of [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Email', 'Email is required'],
      ['Phone Number', 'Phone number is required'],
      ['Postcode', 'Postcode is required'],
    ]) {
      const describedBy = await form.getByRole('textbox', { name: label }).getAttribute('aria-describedby');
      expect(await form.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
    }
    await toast(centre, 'Please correct the highlighted fields').waitFor();
    expect(
      await centre
        .getByRole('alert')
        .filter({ hasText: /is required|highlighted/ })
        .count(),
    ).toBe(1);
    await shot(centre, 'journey-02-register-empty-fields');

    await form.getByLabel('First Name').fill(STUDENT.first);
    await form.getByLabel('Last Name').fill(STUDENT.last);
    await form.getByLabel('Email').fill(STUDENT.email);
    await form.getByLabel('Phone Number').fill(STUDENT.phone);
    await form.getByLabel('Postcode').fill(STUDENT.postcode);
    // No goals from the centre: the trainee sets them at first sign-in.
    for (const selector of ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'])
      await form.getByLabel(selector).selectOption('0');
    await expect.poll(() => form.getByTestId('requirements-total').textContent()).toBe('0');
    await submit.click();

    await toast(centre, 'Student registered successfully!').waitFor();
    const success = centre.getByRole('region', { name: 'Student Registered!' });
    await success.getByText(`${STUDENT_NAME}`).waitFor();
    await success.getByText('This password is shown only once.', { exact: false }).waitFor();
    temporaryPassword = ((await success.getByTestId('temporary-password').textContent()) ?? '').trim();
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
    await shot(centre, 'journey-03-register-success');

    // Once the success screen is left, the password is nowhere: not on the overview, not in storage,
    // not when the register view opens again, not on the student's detail page.
    await success.getByRole('button', { name: 'Back to Dashboard' }).click();
    await centre.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect.poll(centreStat('Total Students')).toBe('1');
    await expect.poll(centreStat('Awaiting Placement')).toBe('1');
    await expect.poll(centreStat('Placed Students')).toBe('0');
    await expect.poll(centreStat('Placement Rate')).toBe('0%');
    await centre.getByTestId('latest-registration').getByText(STUDENT_NAME).waitFor();
    expect(await everythingOn(centre)).not.toContain(temporaryPassword);

    await openView(centre, 'Register Student');
    await centre.getByRole('form', { name: 'Register New Student' }).waitFor();
    expect(await centre.getByTestId('temporary-password').count()).toBe(0);
    expect(await everythingOn(centre)).not.toContain(temporaryPassword);

    await openView(centre, 'Students');
    await centre.getByRole('button', { name: `View Details for ${STUDENT_NAME}` }).click();
    const registration = centre.getByRole('region', { name: 'Registration Details' });
    await registration.getByText('Not yet used').waitFor();
    await registration.getByText('The student has not signed in yet.').waitFor();
    expect(await everythingOn(centre)).not.toContain(temporaryPassword);
    await shot(centre, 'journey-04-student-detail-unused');
  });

  it('the trainee signs in with it, must choose a new password, then sets training goals', async () => {
    await signIn(student, STUDENT.email, temporaryPassword);
    const choose = student.getByRole('dialog', { name: 'Choose a New Password' });
    await choose.waitFor();
    // The goals come after the password: only one dialog at a time.
    expect(await student.getByRole('dialog', { name: 'Set Your Training Goals' }).count()).toBe(0);
    // docs/rules.md#server-sessions: nothing else is shown (or asked of the server) until the password is changed.
    expect(await student.locator('main').textContent()).toBe('');
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await student.setViewportSize(viewport);
      await shot(student, `journey-04-temporary-password-${viewport.width}`);
      const { violations } = await (await axeOn(student)).analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
      ).toEqual([]);
    }
    await student.setViewportSize({ width: 1280, height: 800 });
    await choose.getByLabel('Current Password', { exact: true }).fill(temporaryPassword);
    await choose.getByLabel('New Password', { exact: true }).fill(STUDENT.newPassword);
    await choose.getByLabel('Confirm New Password', { exact: true }).fill(STUDENT.newPassword);
    const temporaryToken = await student.evaluate<string | null>("localStorage.getItem('token')");
    await choose.getByRole('button', { name: 'Set New Password' }).click();
    await toast(student, 'Password changed successfully!').waitFor();
    await choose.waitFor({ state: 'detached' });
    // The change ended the temporary sign-in; the app holds the fresh token from the answer and stays signed in.
    expect(await student.evaluate<string | null>("localStorage.getItem('token')")).not.toBe(temporaryToken);

    // No goals yet: 'Set Your Training Goals' opens by itself and cannot be closed.
    const goals = student.getByRole('dialog', { name: 'Set Your Training Goals' });
    await goals.waitFor();
    expect(await goals.getByRole('button', { name: 'Close' }).count()).toBe(0);
    expect(await goals.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    const installs = goals.getByLabel('Boiler Installs', { exact: true });
    await installs.fill('150');
    await goals.getByRole('button', { name: 'Save Requirements' }).click();
    // Not saved: the message under the bad count (docs/rules.md#form-errors), and the focus on it.
    await goals.getByText('Must be between 1 and 100').waitFor();
    expect(await installs.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => student.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null"))
      .toBe('boiler_installs_required');
    await shot(student, 'journey-05-goals-out-of-range');

    await installs.fill('4');
    await goals.getByLabel('Boiler Service', { exact: true }).fill('2');
    await goals.getByLabel('Additional Requirements').fill('Combi boiler installs preferred');
    expect(await goals.getByText('Must be between 1 and 100').count()).toBe(0);
    await expect.poll(() => goals.getByRole('status', { name: 'Training Summary' }).textContent()).toContain('6 jobs');
    await goals
      .getByRole('status', { name: 'Training Summary' })
      .getByText('Boiler Installs: 4 · Boiler Service: 2')
      .waitFor();
    await goals.getByRole('button', { name: 'Save Requirements' }).click();
    await toast(student, 'Job requirements saved successfully!').waitFor();
    await goals.waitFor({ state: 'detached' });

    // Not matched yet: Pending, and the goals show with nothing completed.
    await expect.poll(statValue(student, 'Placement Status')).toBe('Pending');
    await expect.poll(statValue(student, 'Account Type')).toBe('Training Centre');
    await openView(student, 'Training Jobs');
    const card = student.getByRole('region', { name: 'Boiler Installs', exact: true });
    await card.getByText('No jobs signed off yet').waitFor();
    await expect.poll(() => card.getByTestId('requirement-percent').textContent()).toBe('0%');
    await shot(student, 'journey-06-student-goals-set');
  });

  it('the mentor completes their profile in the form that opens on the first visit, with a Gas Safe card photo', async () => {
    await signIn(mentor, MENTOR.email, MENTOR.password);
    const form = mentor.getByRole('dialog', { name: 'Edit Your Mentor Profile' });
    await form.waitFor();
    await form.getByLabel('Business Name').waitFor(); // loaded

    await form.getByLabel('Business Name').fill(MENTOR.business);
    await form.getByLabel('Business Type').selectOption('Limited Company');
    await form.getByLabel('Gas Safe Registration Number').fill(MENTOR.gasSafe);
    await form.getByRole('switch', { name: 'VAT Registered' }).check();
    expect(await form.getByLabel('Business Email').inputValue()).toBe(MENTOR.email); // starts from the account's e-mail
    await form.getByLabel('Business Email').fill('office@mercerheating.test');
    await form.getByLabel('Business Phone Number').fill('0113 496 0123');
    await form.getByLabel('Business Postcode').fill('ls6 2ab');
    for (const qualification of ['Boilers', 'Cookers', 'Gas Fires'])
      await form.getByRole('switch', { name: qualification, exact: true }).check();

    const png = join(tmp, 'gas-safe-card.png');
    writeFileSync(png, gasSafeCardPng());
    await form.getByLabel('Gas Safe Card Photo', { exact: true }).setInputFiles(png);
    await toast(mentor, 'Image uploaded and compressed successfully!').waitFor();
    await form.getByRole('img', { name: 'Gas Safe card preview' }).waitFor();
    await form.getByText(/^86 x 54 px · /).waitFor();

    await form
      .getByLabel('Additional Information')
      .fill('Twenty years of domestic boiler installs across West Yorkshire.');
    await form.getByLabel('How did you hear about us?').selectOption('Word of Mouth');
    await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await shot(mentor, 'journey-07-mentor-profile-form');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await toast(mentor, 'Profile updated successfully!').waitFor();
    await form.waitFor({ state: 'detached' });

    const profile = mentor.getByRole('region', { name: 'Business Profile' });
    await profile.getByText('Profile Complete').waitFor();
    await profile.getByText(MENTOR.business).waitFor();
    await profile.getByText(MENTOR.gasSafe).waitFor();
    await profile.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await expect.poll(statValue(mentor, 'Status')).toMatch(/^No Active Students/);

    // The photo on file comes back from its authenticated route (fetched with the token, shown from a
    // blob: URL); saving again keeps it.
    await profile.getByRole('button', { name: 'Edit Profile' }).click();
    await form.waitFor();
    const preview = form.getByRole('img', { name: 'Gas Safe card preview' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(86);
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await toast(mentor, 'Profile updated successfully!').waitFor();
    await form.waitFor({ state: 'detached' });
    await shot(mentor, 'journey-08-mentor-profile-complete');

    // The admin vets the mentor (through the admin API; the portal UI for vetting has its own test).
    const adminSession = await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
    await app.api(
      'PATCH',
      `/api/admin/users/mentor/${mentorId}/vet`,
      { is_vetted: true, reason: 'Gas Safe register checked' },
      adminSession.token,
    );
    const stored = await app.api<{ mentors: Array<{ id: string; profile_complete: boolean; vetted: boolean }> }>(
      'GET',
      '/api/admin/users/mentors',
      undefined,
      adminSession.token,
    );
    expect(stored.mentors.find((m) => m.id === mentorId)).toMatchObject({ profile_complete: true, vetted: true });
  });

  it('the admin matches the trainee with the mentor in the portal, and the mentor accepts on their dashboard', async () => {
    await signInAtPortal(admin, app.server, ADMIN.email, ADMIN.password);
    await toast(admin, 'Welcome back, Admin!').waitFor();
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    await admin.getByRole('tab', { name: /^Students \(\d+\)$/ }).click();
    const studentRow = admin
      .getByRole('table', { name: 'Students' })
      .getByRole('row')
      .filter({ hasText: STUDENT_NAME });
    await studentRow.getByText(`${CENTRE.name} · Pending: unplaced`).waitFor();
    await studentRow.getByRole('button', { name: 'Match' }).click();
    const match = admin.getByRole('dialog', { name: `Match ${STUDENT_NAME} with a mentor` });
    const candidate = match
      .getByRole('list', { name: 'Ranked mentors' })
      .getByRole('listitem', { name: `Rank 1: ${MENTOR_NAME}` });
    await candidate.waitFor();
    await match.getByLabel('Notes for the placement (optional)').fill('Boiler installs first');
    await shot(admin, 'journey-09-admin-match');
    await candidate.getByRole('button', { name: 'Propose placement' }).click();
    await toast(admin, `Placement proposed to ${MENTOR_NAME}`).waitFor();
    await match.waitFor({ state: 'detached' });
    await studentRow.getByText('Pending: awaiting mentor acceptance').waitFor();

    // Proposed is not placed: the centre's overview (left open from here on) still says 0%.
    await openView(centre, 'Overview');
    await expect.poll(centreStat('Total Students')).toBe('1');
    await expect.poll(centreStat('Placed Students')).toBe('0');
    await expect.poll(centreStat('Placement Rate')).toBe('0%');

    // The mentor's open dashboard shows the request (live), and they accept it there.
    const requests = mentor.getByRole('region', { name: 'Placement requests' });
    const request = requests.getByRole('listitem', { name: `Placement request for ${STUDENT_NAME}` });
    await request.getByText('Needs: Boiler Installs: 4 · Boiler Service: 2').waitFor();
    await request.getByText('Boiler installs first').waitFor();
    await shot(mentor, 'journey-10-mentor-placement-request');
    await request.getByRole('button', { name: 'Accept' }).click();
    await toast(mentor, `You are now mentoring ${STUDENT_NAME}`).waitFor();
    await requests.waitFor({ state: 'detached' });
    await expect.poll(statValue(mentor, 'Status')).toBe('Active Students1 student placed with you');
    await studentRow.getByText(`Matched with ${MENTOR_NAME}`).waitFor();
  });

  it('the mentor signs two boiler-install job cards and sees both signatures in the job details', async () => {
    await openView(mentor, 'Student Jobs');
    const card = mentor.getByRole('article', { name: BOILER_JOB });
    await card.getByText('In Progress').waitFor();
    await mentor.getByRole('region', { name: STUDENT_NAME }).getByText(STUDENT.email).waitFor();
    // The student's contact details are shown once, on their group, not on every card.
    await mentor.getByRole('region', { name: STUDENT_NAME }).getByText(STUDENT.postcode.toUpperCase()).waitFor();
    await expect.poll(() => card.getByTestId('job-percent').textContent()).toBe('0%');
    // Only the job types the trainee needs are open.
    await mentor.getByRole('article', { name: `Boiler Service for ${STUDENT_NAME}` }).waitFor();
    expect(await mentor.getByRole('article', { name: `Pipework for ${STUDENT_NAME}` }).count()).toBe(0);
    await shot(mentor, 'journey-11-mentor-jobs');

    const signDialog = mentor.getByRole('dialog', { name: 'Sign Off Job Card' });
    for (const [index, signature] of ['Dan Mercer', 'D. Mercer'].entries()) {
      await card.getByRole('button', { name: `Mark Complete: ${BOILER_JOB}` }).click();
      await signDialog.getByText(`Signing card ${index + 1} of 4 (${index} completed so far)`).waitFor();
      expect(await signDialog.getByLabel('Mentor Name').inputValue()).toBe(MENTOR_NAME);
      await fillEvidence(mentor);
      if (index === 0) {
        // No typed signature yet.
        await signDialog.getByRole('button', { name: 'Sign & Complete' }).click();
        await toast(mentor, 'Please fill in all signature fields').waitFor();
        expect(await signDialog.getByLabel('Signature').getAttribute('aria-invalid')).toBe('true');
        await shot(mentor, 'journey-12-sign-missing-signature');
      }
      await signDialog.getByLabel('Signature').fill(signature);
      await signDialog.getByRole('button', { name: 'Sign & Complete' }).click();
      // Each sign-off has its own success toast: dismiss it so the next one is a new one.
      const done = toast(mentor, `Job marked as complete! (card ${index + 1} of 4 signed)`);
      await done.waitFor();
      await signDialog.waitFor({ state: 'detached' });
      await done.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect.poll(() => mentor.getByRole('alert').filter({ hasText: 'Job marked as complete!' }).count()).toBe(0);
      await expect.poll(() => card.getByTestId('job-percent').textContent()).toBe(`${(index + 1) * 25}%`);
    }
    await card.getByText('Ongoing').waitFor();

    await card.getByRole('button', { name: `Details: ${BOILER_JOB}` }).click();
    await mentor.getByRole('heading', { level: 1, name: 'Job Details' }).waitFor();
    await mentor.getByRole('region', { name: 'Job Information' }).getByText('Remaining').waitFor();
    const history = mentor.getByRole('table', { name: 'Signature history' });
    const rows = history.getByTestId('signature-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Dates read in the one en-GB style of every screen: '26 Nov 2026'.
    const now = new Date();
    const today = `${now.getDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][now.getMonth()]} ${now.getFullYear()}`;
    for (const [i, signature] of ['Dan Mercer', 'D. Mercer'].entries()) {
      const cells = rows.nth(i).getByRole('cell');
      await expect
        .poll(() => cells.allTextContents())
        .toEqual([
          String(i + 1),
          today,
          signature,
          MENTOR_NAME,
          today,
          expect.stringMatching(/^\d{2}:\d{2}$/),
          // docs/rules.md#trainee-countersign: each sign-off waits for the trainee's countersign.
          'Awaiting trainee confirmation',
        ]);
    }
    await mentor.getByText('2 of 4 cards signed · oldest first').waitFor();
    const completion = mentor.getByRole('region', { name: 'Completion Details' });
    await completion.getByText('D. Mercer').waitFor(); // the latest sign-off
    await shot(mentor, 'journey-13-job-details-signatures');

    await openView(mentor, 'Overview');
    await expect.poll(statValue(mentor, 'Jobs Supervised')).toBe('2Job cards you have signed');
  });

  it('the trainee sees Matched and their boiler installs at 2 of 4', async () => {
    // The trainee's page has stayed open on Training Jobs all along: it follows live.
    const card = student.getByRole('region', { name: 'Boiler Installs', exact: true });
    await expect.poll(() => card.getByTestId('requirement-percent').textContent(), { timeout: 15_000 }).toBe('50%');
    const figures = async () =>
      ((await card.textContent()) ?? '').match(/(\d+)Required(\d+)Completed(\d+)Remaining/)?.slice(1);
    await expect.poll(figures).toEqual(['4', '2', '2']);
    await card.getByText(new RegExp(`^Last signed off .* by ${MENTOR_NAME}$`)).waitFor();
    expect(await card.getByText('Requirement Complete!').count()).toBe(0);
    const services = student.getByRole('region', { name: 'Boiler Service', exact: true });
    await expect.poll(() => services.getByTestId('requirement-percent').textContent()).toBe('0%');
    await student.getByText('2 of 6 required jobs completed (33%)').waitFor();
    await shot(student, 'journey-14-student-jobs-progress');

    await openView(student, 'Overview');
    await expect.poll(statValue(student, 'Placement Status')).toBe('Matched');
    await student.getByText('Matched with a mentor').waitFor();
    await expect.poll(statValue(student, 'Active Jobs')).toBe('2');
    await shot(student, 'journey-15-student-overview-matched');
  });

  it('the centre sees the trainee placed: Placed Students 1 and Placement Rate 100%', async () => {
    // The overview has stayed open since the proposal: it follows live.
    await expect.poll(centreStat('Placed Students')).toBe('1');
    await expect.poll(centreStat('Placement Rate')).toBe('100%');
    await expect.poll(centreStat('Awaiting Placement')).toBe('0');
    await expect.poll(centreStat('Total Students')).toBe('1');
    await shot(centre, 'journey-16-centre-overview-placed');

    await openView(centre, 'Students');
    await centre.getByRole('article', { name: STUDENT_NAME }).getByText('Matched', { exact: true }).waitFor();
    await centre.getByRole('button', { name: `View Details for ${STUDENT_NAME}` }).click();
    await centre
      .getByRole('region', { name: 'Registration Details' })
      .getByText('The student has set their own password.')
      .waitFor();
    await centre.getByRole('region', { name: 'Placement' }).getByRole('button', { name: MENTOR_NAME }).waitFor();
    await centre.getByText('2/4 (50%)').waitFor();
    expect(await everythingOn(centre)).not.toContain(temporaryPassword);
    await shot(centre, 'journey-17-centre-student-detail-placed');
  });
});
