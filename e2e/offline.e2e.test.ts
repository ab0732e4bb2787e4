import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient } from '@panda/server/seed';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_BODY } from './evidence';
import { freePort, signOffline, stored, type ApiJob } from './outbox';
import {
  axeFindings,
  BROWSER_ARGS,
  CHROMIUM,
  demoLogins,
  shot,
  signIn,
  startServer,
  toast,
  type Server,
} from './support';

/**
 * The installed app on site with no signal (docs/rules.md#installable-app, docs/rules.md#outbox),
 * in a persistent Chromium profile with the service worker on, on the seeded demo (mentor Dave,
 * trainee Liam). The server runs on a fixed port so that the app keeps its origin (and its service
 * worker and outbox) when the server is stopped and started again; "offline" is the context's
 * switch and, where the service worker could still reach it, the server stopped.
 */
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const MENTOR = 'mentor@panda.demo';
const STUDENT = 'student@panda.demo';

let server: Server;
let port = 0;
let dataDir = '';
let profileDir = '';
let context: BrowserContext;
let page: Page;
const findings: string[] = [];
const password = (email: string) => demoLogins(server, 'email')[email]!.password;

const start = async () => {
  server = await startServer({ PORT: String(port), SEED_DEMO: '1' }, dataDir);
};

/** The jobs (with their sign-offs) that `email` sees, through the API. */
async function jobsOf(email: string): Promise<ApiJob[]> {
  const call = apiClient(server.url);
  const { token } = await call<{ token: string }>('POST', '/api/auth/signin', {
    Email: email,
    Password: password(email),
  });
  return call<ApiJob[]>('GET', '/api/jobs?limit=200', undefined, token);
}
const mentorJobs = () => jobsOf(MENTOR);

/** Where one sign-off stands with the trainee, as the student's jobs say. */
async function traineeStatus(signatureId: string): Promise<string | undefined> {
  const cards = (await jobsOf(STUDENT)).flatMap((j) => j.signatures ?? []);
  return cards.find((c) => c.signature_id === signatureId)?.trainee_status;
}

const countOf = (jobs: ApiJob[], id: string) => jobs.find((j) => j.id === id)!.Completed_Count;

/** Starts the browser on the test's profile (again after a restart: the profile keeps the service worker and outbox). */
async function launch() {
  // Installability and service workers need a normal (not incognito) profile.
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
    viewport: WIDE,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    (globalThis as unknown as { __PANDA_NO_ANIMATIONS__: boolean }).__PANDA_NO_ANIMATIONS__ = true;
  });
  context.setDefaultTimeout(20_000);
  page = context.pages()[0] ?? (await context.newPage());
}

/** axe-core and a screenshot at 1366 and 390 px of what `include` selects. */
async function axeBoth(p: Page, where: string, include: string) {
  for (const size of [WIDE, PHONE]) {
    await p.setViewportSize(size);
    await p.locator(include).first().waitFor();
    findings.push(...(await axeFindings(p, `${where} (${size.width} px)`, include)));
    await shot(p, `offline-${where.replace(/\W+/g, '-').toLowerCase()}-${size.width}`);
  }
  await p.setViewportSize(WIDE);
}

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'panda-offline-'));
  profileDir = mkdtempSync(join(tmpdir(), 'panda-profile-'));
  await start();
  await launch();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await server?.stop();
  rmSync(profileDir, { recursive: true, force: true });
});

describe('works on site with no signal', () => {
  let signed: ApiJob[] = [];
  let taken: ApiJob;
  let before: ApiJob[] = [];

  it('is installable: Chromium finds no installability error', async () => {
    await signIn(page, server.url, MENTOR, password(MENTOR));
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    // The first visit installs the service worker; from the next load on it serves the page.
    await page.reload();
    await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
    // `/` is still the server's landing page (no script), not the precached app shell.
    await page.goto(`${server.url}/`);
    expect(await page.evaluate('document.querySelectorAll("script[src]").length')).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
  });

  it('opens the dashboard with its last data (jobs, trainees, conversations) on a repeat visit, with the server stopped and no network', async () => {
    before = await mentorJobs();
    const open = before.filter((j) => j.Completed_Count < j.Total_Count && j.Student_Name);
    expect(open.length).toBeGreaterThanOrEqual(3);
    signed = open.slice(0, 2);
    taken = open[2];
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page
      .getByRole('button', { name: new RegExp(`^Mark Complete: .* for ${signed[0].Student_Name}`) })
      .first()
      .waitFor();
    // The trainees (overview) and the conversations (messages) read while online.
    const trainee = page.getByRole('main').getByText(signed[0].Student_Name!).first();
    await page.goto(`${server.url}/dashboard?view=overview`);
    await trainee.waitFor();
    const supervised = await page.getByTestId('jobs-supervised').textContent();
    const contact = page.getByRole('list', { name: 'Contacts' }).getByText(signed[0].Student_Name!);
    await page.goto(`${server.url}/dashboard?view=chat`);
    await contact.waitFor();

    await server.stop();
    await context.setOffline(true);
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page.getByRole('status', { name: 'Connection' }).waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^Mark Complete: .* for ${signed[0].Student_Name}`) })
      .first()
      .waitFor();
    await shot(page, 'offline-dashboard-1366');
    await page.goto(`${server.url}/dashboard?view=overview`);
    await trainee.waitFor();
    expect(await page.getByTestId('jobs-supervised').textContent()).toBe(supervised);
    await page.goto(`${server.url}/dashboard?view=chat`);
    await contact.waitFor();
    await page.goto(`${server.url}/dashboard?view=jobs`);
  });

  it('keeps sign-offs made offline through a reload, closing the tab and restarting the browser, and says what works offline', async () => {
    // The first card with two photos, kept on the device until the signal returns.
    await signOffline(page, signed[0], 2);
    for (const job of [signed[1], taken]) await signOffline(page, job);
    await page.getByTestId('outbox-chip').filter({ hasText: '3 waiting to send' }).waitFor();
    await page.reload();
    await page.getByTestId('outbox-chip').filter({ hasText: '3 waiting to send' }).waitFor();
    expect(await stored(page)).toBe(3);
    // The tab closed and opened again, then the whole browser restarted, all with no network.
    await page.close();
    page = await context.newPage();
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page.getByTestId('outbox-chip').filter({ hasText: '3 waiting to send' }).waitFor();
    await context.close();
    await launch();
    await context.setOffline(true);
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page.getByTestId('outbox-chip').filter({ hasText: '3 waiting to send' }).waitFor();
    expect(await stored(page)).toBe(3);

    await page.getByTestId('outbox-chip').click();
    const list = page.getByRole('dialog', { name: 'Outbox' });
    await expect.poll(() => list.getByTestId('outbox-item').count()).toBe(3);
    await axeBoth(page, 'outbox list', '[role="dialog"]');
    await list.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${server.url}/offline`);
    await page.getByRole('heading', { name: 'Working offline' }).waitFor();
    await axeBoth(page, 'offline page', 'main');
    expect(findings).toEqual([]);
  });

  it('sends both once when the network returns; a card another device signed first comes back refused', async () => {
    await start();
    // Meanwhile another device signs every card left on the third job.
    const call = apiClient(server.url);
    const { token } = await call<{ token: string }>('POST', '/api/auth/signin', {
      Email: MENTOR,
      Password: password(MENTOR),
    });
    for (let n = taken.Completed_Count; n < taken.Total_Count; n++)
      await call(
        'PUT',
        `/api/jobs/${taken.id}/complete`,
        {
          mentor_signature: { signature: 'D. Clarke', mentorName: 'Dave Clarke', timestamp: new Date().toISOString() },
          ...EVIDENCE_BODY,
        },
        token,
      );

    await page.goto(`${server.url}/dashboard?view=jobs`).catch(() => undefined);
    await context.setOffline(false);
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send · 1 refused' }).waitFor();
    await page.getByTestId('outbox-chip').click();
    const list = page.getByRole('dialog', { name: 'Outbox' });
    await list.getByTestId('outbox-refusal').filter({ hasText: 'This job is already complete' }).waitFor();
    await list.getByRole('button', { name: 'Close' }).click();

    // A reload sends nothing again.
    await page.reload();
    await page.getByTestId('outbox-chip').waitFor();
    // Each landed once; the read models have them a moment after the server took them.
    let after = before;
    await expect
      .poll(async () => {
        after = await mentorJobs();
        return signed.map((job) => `${job.Job_Type} +${countOf(after, job.id) - job.Completed_Count}`);
      })
      .toEqual(signed.map((job) => `${job.Job_Type} +1`));
    // The card signed with photos landed once, carrying both (uploaded from the outbox before it).
    const known = new Set(before.flatMap((j) => j.signatures ?? []).map((c) => c.signature_id));
    const landed = after.find((j) => j.id === signed[0].id)!.signatures!.filter((c) => !known.has(c.signature_id));
    expect(landed.map((c) => c.evidence?.photos.length)).toEqual([2]);
    expect(countOf(after, taken.id)).toBe(taken.Total_Count);
  });

  it('warns on sign-out with items waiting, and another user signing in never sends them', async () => {
    const job = (await mentorJobs()).find((j) => j.Completed_Count < j.Total_Count && j.Student_Name)!;
    expect(job, 'a job card left to sign').toBeDefined();
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page
      .getByRole('button', { name: /^Mark Complete: / })
      .first()
      .waitFor();
    await context.setOffline(true);
    await signOffline(page, job);
    await page.getByTestId('outbox-chip').filter({ hasText: '2 waiting to send · 1 refused' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const warning = page.getByRole('dialog', { name: '2 waiting to send' });
    await warning.getByText(/sent only when you sign in again here/).waitFor();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.waitForURL(/\/auth/);
    await context.setOffline(false);

    await signIn(page, server.url, STUDENT, password(STUDENT));
    await page.goto(`${server.url}/dashboard?view=jobs`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByTestId('outbox-chip').count()).resolves.toBe(0);
    // The student's session drains its own (empty) outbox: the mentor's items stay, unsent.
    expect(await stored(page)).toBe(2);
    expect(countOf(await mentorJobs(), job.id)).toBe(job.Completed_Count);

    // Back as the mentor, the waiting sign-off goes.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/auth/);
    await signIn(page, server.url, MENTOR, password(MENTOR));
    await expect.poll(() => stored(page), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => countOf(await mentorJobs(), job.id)).toBe(job.Completed_Count + 1);
  });

  it('lets the student confirm a card offline; it lands once when the network returns', async () => {
    // The mentor (still holding the refused item) signs out; the student opens their cards online first.
    // The header must know of that item before Sign Out is pressed, or no warning is asked for.
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send · 1 refused' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page
      .getByRole('dialog', { name: '1 waiting to send' })
      .getByRole('button', { name: 'Sign out anyway' })
      .click();
    await page.waitForURL(/\/auth/);
    await signIn(page, server.url, STUDENT, password(STUDENT));
    await page.goto(`${server.url}/dashboard?view=jobs`);
    const row = page.getByTestId('sign-off-row').filter({ has: page.getByRole('button', { name: 'Confirm' }) });
    await row.first().waitFor();
    const signatureId = (await row.first().getAttribute('data-signature-id'))!;
    expect(await traineeStatus(signatureId)).toBe('awaiting_confirmation');

    await server.stop();
    await context.setOffline(true);
    await page.goto(`${server.url}/dashboard?view=jobs`);
    const card = page.locator(`[data-signature-id="${signatureId}"]`);
    await card.getByRole('button', { name: 'Confirm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm this sign-off' });
    await confirm.getByLabel('Your reflection (optional)').fill('Confirmed from site with no signal.');
    await confirm.getByRole('button', { name: 'Confirm sign-off' }).click();
    await toast(page, /it waits in the outbox/).waitFor();
    await card.getByText('Confirmation waiting to send').waitFor();
    await expect(card.getByRole('button', { name: 'Confirm' }).count()).resolves.toBe(0);
    await page.getByTestId('outbox-chip').filter({ hasText: '1 waiting to send' }).waitFor();
    await page.reload();
    await card.getByText('Confirmation waiting to send').waitFor();
    expect(await stored(page)).toBe(2);

    await start();
    await context.setOffline(false);
    await page.goto(`${server.url}/dashboard?view=jobs`);
    // Sent once: the student's item leaves the outbox (the mentor's refused one stays, unsent).
    await expect.poll(() => stored(page), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('sign-off-status').textContent()).toBe('Confirmed by trainee');
    expect(await traineeStatus(signatureId)).toBe('confirmed');
    await expect(page.getByTestId('outbox-chip').count()).resolves.toBe(0);
    // A reload sends nothing again, and the card stays confirmed.
    await page.reload();
    await card.getByTestId('sign-off-status').filter({ hasText: 'Confirmed by trainee' }).waitFor();
    expect(await stored(page)).toBe(1);
  });
});
