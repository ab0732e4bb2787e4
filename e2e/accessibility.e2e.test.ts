import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useApp, type App } from './app';
import { axeFindings, pageFindings, proposeWaitingTrainee, shot, signIn, signInAtPortal } from './support';

/**
 * docs/rules.md#accessibility: axe-core (WCAG 2.2 A/AA rules) over every screen and dialog of every role, on
 * the demo data, at desktop and at phone width: no serious or critical violation. Each page also has its own
 * document title ("Students · Panda"). Findings are collected over the whole walk and reported together.
 *
 * One walk checks each screen and dialog at both widths: it is checked at 1366 px, the window is resized to
 * 390 px and it is checked again whole, then the window goes back (the app's layout follows the width through
 * media queries, as a phone turned or a window narrowed). The phone's navigation drawer exists below the
 * desktop layout only and is checked at 390 px. Walking each width on an app of its own repeated the server,
 * the demo data, every sign-in and every navigation (docs/benchmarks.md#test-suite).
 */

const ADMIN = { email: 'ops@panda.test', password: 'admin-a11y-password-1' };

type Viewport = { name: string; width: number; height: number };
const DESKTOP: Viewport = { name: 'desktop', width: 1366, height: 900 };
const PHONE: Viewport = { name: 'phone', width: 390, height: 844 };
const BOTH = [DESKTOP, PHONE];

// A second demo trainee is proposed to the demo mentor, so the mentor has a placement request to act on.
const app = useApp({ demo: true, admin: ADMIN, setup: (app) => proposeWaitingTrainee(app.server, ADMIN) });
describe(`every screen and dialog at ${DESKTOP.width} and ${PHONE.width} px`, () => {
  everyScreen(app);
});

function everyScreen(app: App) {
  const findings: string[] = [];
  /** Content outside every landmark, or a heading level skipped (axe-core's best practices, any impact). */
  const structure: string[] = [];
  const titles: Record<string, string> = {};
  /** The text of every screen and dialog checked, for the consistency test at the end. */
  const shown: { where: string; text: string }[] = [];
  /** Screens wider than the window (scrolling sideways). */
  const sideways: string[] = [];
  let page: Page;
  /** The trainee the centre registers here: a student without a placement (a straggler). */
  const straggler = { email: 'sam.straggler.a11y@trainee.test', temporary: '' };
  /** Whose screens are being walked: the screenshots of each role are kept apart ("phone-mentor-overview.png"). */
  let role = '';
  /** The window's size now. */
  let viewport = DESKTOP;

  /** Resizes the window and lets the app's layout follow (media queries answer on the next frames, a part may load). */
  async function resize(to: Viewport) {
    if (to === viewport) return;
    await page.setViewportSize({ width: to.width, height: to.height });
    viewport = to;
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }

  /**
   * Checks what the page shows (or only `include`, e.g. the open dialog) at each of `widths`, resizing the
   * window, then gives the window back its width. `still` is what must show at every width (a view's heading).
   */
  async function check(where: string, include?: string, still?: Locator, widths = BOTH) {
    const before = viewport;
    for (const width of widths) {
      await resize(width);
      await page.waitForLoadState('networkidle');
      await still?.waitFor();
      const at = `${where} (${viewport.width} px)`;
      // A dialog is a landmark of its own, and its headings follow its title: the page's structure is checked without one.
      if (include) findings.push(...(await axeFindings(page, at, include)));
      else {
        const found = await pageFindings(page, at);
        findings.push(...found.findings);
        structure.push(...found.structure);
      }
      shown.push({
        where: at,
        text: await page
          .locator(include ?? 'body')
          .first()
          .innerText(),
      });
      if (await page.evaluate<boolean>('document.documentElement.scrollWidth > innerWidth')) sideways.push(at);
      await shot(page, `${viewport.name}-${role}-${where}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase());
    }
    await resize(before);
  }
  /** Opens a dashboard view by its URL and waits for its heading. */
  async function view(key: string, heading: string, id?: string) {
    await page.goto(`${app.url}/dashboard?view=${key}${id ? `&id=${id}` : ''}`);
    const h1 = page.getByRole('heading', { level: 1, name: heading, exact: true });
    await h1.waitFor();
    titles[`${key}`] = await page.title();
    await check(heading, undefined, h1);
  }
  /** Checks the open dialog `name`, then closes it with its `close` button (or Escape when `close` is null). */
  async function dialog(name: string | RegExp, where: string, close: string | null = 'Close', widths = BOTH) {
    const d = page.getByRole('dialog', { name });
    await d.waitFor();
    await check(`${where} dialog`, '[role="dialog"]', d, widths);
    if (close === null) await page.keyboard.press('Escape');
    else await d.getByRole('button', { name: close, exact: true }).first().click();
    await d.waitFor({ state: 'detached' });
  }
  /**
   * A dialog whose opener lives in a part the page lays out anew at the other width (its open state goes with
   * it): opened, checked and closed at each width in turn.
   */
  async function dialogAtEachWidth(open: () => Promise<void>, name: string | RegExp, where: string, close: string) {
    for (const width of BOTH) {
      await resize(width);
      await open();
      await dialog(name, where, close, [width]);
    }
    await resize(DESKTOP);
  }
  /** The phone's navigation drawer (below the desktop layout only), checked at phone width. */
  async function navigationMenu() {
    await resize(PHONE);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await dialog('Navigation menu', 'navigation menu', null, [PHONE]);
    await resize(DESKTOP);
  }
  /** The Smart Assistant's window: open (floating button on a desktop, header button on a phone), checked, closed. */
  async function assistant() {
    await page.getByRole('button', { name: 'Open Smart Assistant' }).click();
    await dialog('Smart Assistant', 'smart assistant', 'Close Smart Assistant');
  }
  /** The Support Center and its New Ticket dialog. */
  async function support() {
    await view('support', 'Support Center');
    await page
      .getByRole('button', { name: /^(New Ticket|Create Your First Ticket)$/ })
      .first()
      .click();
    await dialog(/ticket/i, 'new ticket', 'Cancel');
  }
  /** The bell's Notifications dialog. */
  async function notifications() {
    await page.getByTestId('notifications-bell').click();
    await dialog('Notifications', 'notifications', 'Close notifications');
  }
  async function fresh(who: string) {
    role = who;
    await page?.context().close();
    viewport = DESKTOP;
    page = await app.page({ width: viewport.width, height: viewport.height });
  }

  afterAll(async () => {
    await page?.context().close();
  });

  it('public pages: landing, terms, sign in, sign up, forgot password, admin portal', async () => {
    await fresh('public');
    await page.goto(app.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    titles.landing = await page.title();
    await check('landing');
    await page.goto(`${app.url}/terms-and-conditions`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    titles.terms = await page.title();
    await check('terms');
    await page.goto(`${app.url}/auth`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    titles.signin = await page.title();
    await check('sign in');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await dialog('Reset Password', 'forgot password', 'Cancel');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    titles.signup = await page.title();
    await check('sign up');
    await page.goto(`${app.url}${app.server.portalPath}`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    titles.portal = await page.title();
    await check('admin sign in');
    expect(titles).toMatchObject({
      landing: 'Panda',
      terms: 'Terms and Conditions · Panda',
      signin: 'Sign In · Panda',
      signup: 'Sign Up · Panda',
      portal: 'Admin Sign In · Panda',
    });
  });

  it('training centre: overview, students, student details, register, profile and their dialogs', async () => {
    await fresh('centre');
    const centre = app.logins['training centre'];
    await signIn(page, app.url, centre.email, centre.password);
    await view('overview', 'Overview');
    await navigationMenu();
    await page.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog(/announcement/i, 'create announcement', 'Cancel');
    await notifications();
    await assistant();
    await view('students', 'Students');
    await page
      .getByRole('button', { name: /open relationship details/ })
      .first()
      .click();
    await dialog(/Details/, 'relationship details');
    await page
      .getByRole('button', { name: /^View Details for / })
      .first()
      .click();
    const details = page.getByRole('heading', { level: 1, name: 'Student Details' });
    await details.waitFor();
    titles['student-detail'] = await page.title();
    await check('Student Details', undefined, details);
    await page.getByRole('region', { name: 'Recent Messages' }).getByRole('button', { name: 'Send Message' }).click();
    await dialog('Send Message', 'send message', 'Cancel');
    await view('chat', 'Messages');
    await page.getByTestId('chat-contact').first().click();
    await page.getByTestId('conversation').waitFor();
    await check('Messages with a conversation', undefined, page.getByTestId('conversation'));
    await view('register', 'Register Student');
    await page.getByRole('button', { name: 'Register Student' }).last().click();
    await check('Register Student with errors');
    const form = page.getByRole('form', { name: 'Register New Student' });
    await form.getByLabel('First Name').fill('Sam');
    await form.getByLabel('Last Name').fill('Straggler');
    await form.getByLabel('Email').fill(straggler.email);
    await form.getByLabel('Phone Number').fill('07700 900199');
    await form.getByLabel('Postcode').fill('M1 1AE');
    for (const goal of ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'])
      await form.getByLabel(goal).selectOption('0');
    await form.getByRole('button', { name: 'Register Student' }).click();
    const success = page.getByRole('region', { name: 'Student Registered!' });
    straggler.temporary = ((await success.getByTestId('temporary-password').textContent()) ?? '').trim();
    await check('Student Registered');
    await support();
    await view('profile', 'Profile Settings');
    await page.getByRole('button', { name: 'Change Password', exact: true }).click();
    await check('Profile Settings with Change Password open');
    expect(titles).toMatchObject({
      overview: 'Overview · Panda',
      students: 'Students · Panda',
      'student-detail': 'Student Details · Panda',
      register: 'Register Student · Panda',
      profile: 'Profile Settings · Panda',
    });
  }, 300_000);

  it('mentor: overview with a placement request, student jobs, job details, the sign-off and profile dialogs', async () => {
    await fresh('mentor');
    const mentor = app.logins.mentor;
    await signIn(page, app.url, mentor.email, mentor.password);
    await view('overview', 'Overview');
    await navigationMenu();
    await page.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog(/announcement/i, 'create announcement', 'Cancel');
    // On a phone the placement requests are laid out as cards of their own: the dialog is opened at each width.
    await dialogAtEachWidth(
      () => page.getByRole('button', { name: 'Decline' }).first().click(),
      /decline/i,
      'decline placement',
      'Cancel',
    );
    await view('chat', 'Messages');
    await page.getByTestId('chat-contact').first().click();
    await page.getByTestId('conversation').waitFor();
    await check('Messages with a conversation', undefined, page.getByTestId('conversation'));
    await view('jobs', 'Student Jobs');
    await page
      .getByRole('button', { name: /^Mark Complete: / })
      .first()
      .click();
    await dialog('Sign Off Job Card', 'sign off job card', 'Cancel');
    await page
      .getByRole('button', { name: /^Details: / })
      .first()
      .click();
    const job = page.getByRole('heading', { level: 1, name: 'Job Details' });
    await job.waitFor();
    await check('Job Details', undefined, job);
    await view('overview', 'Overview');
    await page.getByRole('button', { name: 'Edit Profile' }).first().click();
    await dialog('Edit Your Mentor Profile', 'mentor profile', 'Cancel');
    await notifications();
    await view('profile', 'Profile Settings');
    await support();
  });

  it('student: overview with their mentor, training jobs, training goals dialog, profile, details of the mentor', async () => {
    await fresh('student');
    const student = app.logins.student;
    await signIn(page, app.url, student.email, student.password);
    await view('overview', 'Overview');
    await navigationMenu();
    await notifications();
    await assistant();
    await view('jobs', 'Training Jobs');
    await page.getByRole('button', { name: 'Dispute', exact: true }).first().click();
    await dialog(/dispute/i, 'dispute sign-off', 'Cancel');
    await page
      .getByRole('button', { name: /training goals|edit requirements/i })
      .first()
      .click();
    await dialog(/training goals/i, 'training goals', 'Cancel');
    // A student opens Messages straight into their first contact.
    await view('chat', 'Messages');
    await page.getByTestId('conversation').waitFor();
    titles.chat = await page.title();
    await check('Messages with a conversation', undefined, page.getByTestId('conversation'));
    expect(titles.chat).toBe('Messages · Panda');
    await view('profile', 'Profile Settings');
    await page.getByRole('region', { name: 'Your mentor' }).getByRole('button').first().click();
    await page.getByRole('dialog').getByText('Dave Clarke').first().waitFor();
    await dialog(/Details/, 'mentor details');
    await support();
  });

  it('straggler (a student without a placement): the required password change, the training goals gate, every view', async () => {
    expect(straggler.temporary, 'the centre registered the straggler').not.toBe('');
    await fresh('straggler');
    await signIn(page, app.url, straggler.email, straggler.temporary);
    const choose = page.getByRole('dialog', { name: 'Choose a New Password' });
    await choose.waitFor();
    await check('required password change dialog', '[role="dialog"]');
    await choose.getByLabel('Current Password', { exact: true }).fill(straggler.temporary);
    await choose.getByLabel('New Password', { exact: true }).fill('straggler-pass-1');
    await choose.getByLabel('Confirm New Password', { exact: true }).fill('straggler-pass-1');
    await choose.getByRole('button', { name: 'Set New Password' }).click();
    const goals = page.getByRole('dialog', { name: 'Set Your Training Goals' });
    await goals.waitFor();
    await check('training goals gate dialog', '[role="dialog"]');
    await goals.getByLabel('Boiler Installs', { exact: true }).fill('3');
    await goals.getByRole('button', { name: 'Save Requirements' }).click();
    await goals.waitFor({ state: 'detached' });
    await view('overview', 'Overview');
    await view('jobs', 'Training Jobs');
    await view('chat', 'Messages');
    await view('profile', 'Profile Settings');
    await view('support', 'Support Center');
  });

  it('admin: every list, each dialog', async () => {
    await fresh('admin');
    // An auditor to list in the Audit tab, with its re-issue and revoke dialogs.
    const { token } = await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
    await app.api(
      'POST',
      '/api/admin/auditors',
      { email: 'listed.auditor.a11y@panda.test', first_name: 'Grace', last_name: 'Hopper' },
      token,
    );
    // A question awaiting staff, for the Support tab's ticket dialog.
    const mentor = app.logins.mentor;
    const { token: mentorToken } = await app.api<{ token: string }>('POST', '/api/auth/signin', {
      Email: mentor.email,
      Password: mentor.password,
    });
    await app.api(
      'POST',
      '/api/support',
      { Subject: 'How do I add a second trainee?', Message: 'I have room for another trainee this month.' },
      mentorToken,
    );
    await signInAtPortal(page, app.server, ADMIN.email, ADMIN.password);
    await page.getByRole('tab', { name: /^Students \(\d+\)$/ }).waitFor();
    titles.admin = await page.title();
    await check('admin students');
    await page.getByRole('button', { name: 'Register Independent Student' }).click();
    await dialog(/register/i, 'admin register student', 'Cancel');
    await page.getByRole('button', { name: 'Sign-in log' }).click();
    await dialog('Admin sign-in attempts', 'sign-in log');
    await page.getByRole('button', { name: 'Match' }).first().click();
    await dialog(/^Match .* with a mentor$/, 'match');
    await page.getByRole('button', { name: 'History' }).first().click();
    await dialog(/^Account history: /, 'history');
    for (const tab of ['Mentors', 'Training Centres', 'Placements']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
      await check(`admin ${tab}`);
    }
    await page.getByRole('tab', { name: /^Mentors \(\d+\)$/ }).click();
    await page.getByRole('button', { name: 'Lock', exact: true }).first().click();
    await dialog(/^Lock account: /, 'lock account', 'Cancel');
    await page.getByRole('tab', { name: /^Placements \(\d+\)$/ }).click();
    await page
      .getByRole('button', { name: /^(Manage|Details)$/ })
      .first()
      .click();
    await dialog(/placement/i, 'placement');
    for (const tab of ['Audit', 'Support', 'Disputes']) {
      // The Disputes tab carries a count of the disputes awaiting a decision: "Disputes (1)".
      await page.getByRole('tab', { name: new RegExp(`^${tab}( \\(\\d+\\))?$`) }).click();
      await page.getByRole('tabpanel').waitFor();
      await check(`admin ${tab}`);
      if (tab === 'Audit') {
        await page.getByRole('button', { name: 'Audit access log' }).click();
        await dialog('Audit access log', 'audit access log');
        await page.getByRole('button', { name: 'Add auditor' }).click();
        await dialog('Add an auditor', 'add auditor', 'Cancel');
        await page.getByRole('button', { name: /^Re-issue password for Grace Hopper/ }).click();
        await dialog('Re-issue temporary password?', 're-issue auditor password', 'Cancel');
        await page.getByRole('button', { name: /^Revoke.*Grace Hopper/ }).click();
        await dialog('Revoke auditor access?', 'revoke auditor', 'Cancel');
      }
      if (tab === 'Support') {
        await page.getByRole('list', { name: 'Support tickets' }).getByRole('button').first().click();
        await dialog(/./, 'support ticket', 'Done');
      }
      if (tab === 'Disputes') {
        await page
          .getByRole('button', { name: /^Resolve the dispute of / })
          .first()
          .click();
        await dialog('Resolve dispute', 'resolve dispute', 'Cancel');
      }
    }
    expect(titles.admin).toBe('Admin Dashboard · Panda');
  });

  it('auditor: the required password change, the Audit view and a person found', async () => {
    await fresh('auditor');
    const call = app.api;
    const { token } = await call<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN);
    const email = 'auditor.a11y@panda.test';
    const { temporary_password: temporary } = await call<{ temporary_password: string }>(
      'POST',
      '/api/admin/auditors',
      { email, first_name: 'Ada', last_name: 'Lovelace' },
      token,
    );
    await signInAtPortal(page, app.server, email, temporary);
    const change = page.getByRole('dialog', { name: 'Choose a New Password' });
    await change.waitFor();
    await check('auditor required password change dialog', '[role="dialog"]');
    await change.getByLabel('Current Password').fill(temporary);
    await change.getByLabel('New Password', { exact: true }).fill('auditor-a11y-pass-1');
    await change.getByLabel('Confirm New Password').fill('auditor-a11y-pass-1');
    await change.getByRole('button', { name: 'Set New Password' }).click();
    await change.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    titles.auditor = await page.title();
    await check('auditor Audit view');
    const find = page.getByRole('search', { name: 'Find a student, mentor or training centre' });
    await find.getByLabel('Name or e-mail').fill('liam');
    await find.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Liam Turner/ })
      .click();
    await page.getByRole('heading', { name: 'Liam Turner' }).waitFor();
    await check('auditor timeline of a trainee');
  });

  it('has no serious or critical axe-core violation anywhere', () => {
    expect(findings).toEqual([]);
  });

  it('keeps every screen inside landmarks, and its headings in order', () => {
    expect(structure).toEqual([]);
  });

  it('has no screen wider than the window', () => {
    expect(sideways).toEqual([]);
  });

  it('shows dates in one en-GB style ("26 Nov 2026") and one name per job type everywhere', () => {
    const odd = [
      /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/, // 26/11/2026, 11/26/2026
      /\b\d{4}-\d{2}-\d{2}\b/, // 2026-11-26
      /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2},? \d{4}\b/, // Nov 26, 2026
      /\bBoiler Services\b|\bBoiler_\w+|\bPipework Jobs\b|\bRepair Jobs\b/, // not the one name (Boiler Service, Pipework, Repair)
    ];
    const found = shown.flatMap(({ where, text }) =>
      odd.flatMap((re) => [...text.matchAll(new RegExp(re, 'g'))].map((m) => `${where}: "${m[0]}"`)),
    );
    expect(shown.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
}
