import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessible, useApp } from './app';
import { shot, signInAtPortal, toast } from './support';
import { EVIDENCE_BODY } from './evidence';

/**
 * The audit journey in a real browser: an admin provisions an auditor in the portal; the auditor signs in at
 * the portal (choosing their own password), finds a student, replays a job card as of an instant
 * between its two signatures, verifies the log and downloads the evidence pack. Every screen is
 * checked with axe-core at 1366 and 390 px wide; the admin then sees the auditor's reads logged.
 */

const ADMIN = { email: 'ops@audit.test', password: 'admin-e2e-password-1' };
const AUDITOR = { first: 'Ada', last: 'Lovelace', email: 'ada@regulator.test', password: 'auditor-own-password-1' };
const STUDENT = { first: 'Leah', last: 'Brennan', email: 'leah@student.test' };
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const app = useApp({ admin: ADMIN });
let admin: Page;
let auditor: Page;
let temporaryPassword: string;
/** An instant after the first signature and before the second. */
let between: string;

/** Waits until the clock (the server's is this machine's) has passed `iso` by more than a second: the condition is the time itself. */
async function clockPast(iso: string) {
  const left = Date.parse(iso) + 1100 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

beforeAll(async () => {
  const adminToken = (await app.api<{ token: string }>('POST', '/api/admin/auth/signin', ADMIN)).token;
  const centre = await app.api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Nia',
    Last_Name: 'Okafor',
    Email: 'nia@calder.test',
    Password: 'calder-pass-1',
    Role: 'training_centre',
    Training_Centre_Name: 'Calder Valley Gas Academy',
  });
  const mentor = await app.api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    First_Name: 'Tom',
    Last_Name: 'Hughes',
    Email: 'tom@hughes.test',
    Password: 'hughes-pass-1',
    Role: 'mentor',
  });
  await app.api(
    'PUT',
    '/api/mentor/profile',
    {
      Business_Name: 'Hughes Heating Ltd',
      Business_Postcode: 'LS6 2AB',
      Business_Phone_Number: '0113 496 0000',
      Business_Email: 'office@hughes.test',
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
  for (const [role, id] of [
    ['training_centre', centre.user.id],
    ['mentor', mentor.user.id],
  ])
    await app.api('PATCH', `/api/admin/users/${role}/${id}/vet`, { is_vetted: true, reason: 'Checked' }, adminToken);
  const student = await app.api<{ student: { id: string } }>(
    'POST',
    '/api/register-student',
    {
      First_Name: STUDENT.first,
      Last_Name: STUDENT.last,
      Email: STUDENT.email,
      Phone_Number: '07700 900123',
      Postcode: 'LS1 4AP',
      Boiler_Installs: 2,
      Boiler_Service: 0,
      Pipework: 0,
      Repair: 0,
    },
    centre.token,
  );
  const proposed = await app.api<{ placement_id: string }>(
    'POST',
    '/api/admin/placements',
    { student_id: student.student.id, mentor_id: mentor.user.id },
    adminToken,
  );
  const accepted = await app.api<{ position: number }>(
    'POST',
    `/api/placement-requests/${proposed.placement_id}/accept`,
    undefined,
    mentor.token,
  );
  const jobs = await fetch(`${app.url}/api/jobs`, {
    headers: { authorization: `Bearer ${mentor.token}`, 'X-Min-Position': String(accepted.position) },
  }).then((r) => r.json() as Promise<{ id: string }[]>);
  const sign = (text: string) =>
    app.api<{ signature: { timestamp: string } }>(
      'PUT',
      `/api/jobs/${jobs[0].id}/complete`,
      { mentor_signature: { signature: text, mentorName: 'Tom Hughes' }, ...EVIDENCE_BODY },
      mentor.token,
    );
  const first = await sign('T. Hughes (first card)');
  const firstAt = first.signature.timestamp;
  await clockPast(firstAt);
  between = new Date(Date.now()).toISOString();
  await clockPast(between);
  await sign('T. Hughes (second card)');
});

describe('audit in a real browser', () => {
  it('an admin provisions an auditor from the Audit tab and is shown the one-time password', async () => {
    admin = await app.page();
    await signInAtPortal(admin, app.server, ADMIN.email, ADMIN.password);
    await admin.getByRole('tab', { name: 'Audit' }).click();
    await admin.getByRole('button', { name: 'Verify log' }).waitFor();
    await accessible(admin, 'admin Audit tab');
    await shot(admin, 'audit-admin-tab-1366');

    await admin.getByRole('button', { name: 'Add auditor' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add an auditor' });
    await dialog.getByRole('button', { name: 'Add Auditor' }).click();
    // Each message under its field, with one summary toast (docs/rules.md#form-errors).
    await toast(admin, 'Please correct the highlighted fields').waitFor();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel('First Name').fill(AUDITOR.first);
    await dialog.getByLabel('Last Name').fill(AUDITOR.last);
    await dialog.getByLabel('Email').fill(AUDITOR.email);
    await accessible(admin, 'Add an auditor dialog');
    await dialog.getByRole('button', { name: 'Add Auditor' }).click();
    const done = admin.getByRole('dialog', { name: 'Auditor provisioned' });
    await done.getByText('shown only once', { exact: false }).waitFor();
    temporaryPassword = (await done.getByTestId('auditor-temporary-password').textContent())!.trim();
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(10);
    await accessible(admin, 'Auditor provisioned dialog');
    await shot(admin, 'audit-provisioned-1366');
    await admin.setViewportSize({ width: 390, height: 844 });
    await accessible(admin, 'Auditor provisioned dialog at 390');
    await shot(admin, 'audit-provisioned-390');
    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
    await accessible(admin, 'admin Audit tab at 390');
    await shot(admin, 'audit-admin-tab-390');
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  it('the auditor signs in at the portal, replaces the temporary password, and sees only the Audit view', async () => {
    auditor = await app.page();
    await signInAtPortal(auditor, app.server, AUDITOR.email, temporaryPassword);
    await toast(auditor, 'Welcome, Auditor!').waitFor();
    const change = auditor.getByRole('dialog', { name: 'Choose a New Password' });
    await change.getByLabel('Current Password').fill(temporaryPassword);
    await change.getByLabel('New Password', { exact: true }).fill(AUDITOR.password);
    await change.getByLabel('Confirm New Password').fill(AUDITOR.password);
    await change.getByRole('button', { name: 'Set New Password' }).click();
    await change.waitFor({ state: 'detached' });
    await auditor.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    expect(await auditor.getByRole('tab').count()).toBe(0);
    expect(await auditor.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    // The new password works; the temporary one no longer does.
    await app.api('POST', '/api/admin/auth/signin', { email: AUDITOR.email, password: AUDITOR.password });
    await expect(
      app.api('POST', '/api/admin/auth/signin', { email: AUDITOR.email, password: temporaryPassword }),
    ).rejects.toThrow(/401/);
  });

  it('replays the job card as of an instant between its two signatures', async () => {
    const find = auditor.getByRole('search', { name: 'Find a student, mentor or training centre' });
    await find.getByLabel('Name or e-mail').fill('leah');
    await find.getByRole('button', { name: 'Search' }).click();
    await auditor
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Leah Brennan/ })
      .click();
    await auditor.getByRole('heading', { name: 'Leah Brennan' }).waitFor();
    const timeline = auditor.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Registered', { exact: true }).waitFor();
    await timeline.getByText(/Placement accepted/).waitFor();

    await auditor.getByRole('button', { name: 'Boiler Installs: 2/2 signed' }).click();
    await expect.poll(() => auditor.getByTestId('signoff').count()).toBe(2);

    // The as-of picker takes local time: the browser turns the instant into its own local form.
    const local = await auditor.evaluate((iso) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    }, between);
    await auditor.getByLabel('As of').fill(local);
    await auditor.getByRole('button', { name: 'Boiler Installs: 1/2 signed' }).waitFor();
    await expect.poll(() => auditor.getByTestId('signoff').count()).toBe(1);
    const signoff = auditor.getByTestId('signoff');
    await signoff.getByText('“T. Hughes (first card)”').waitFor();
    await signoff.getByText('Content matches hash').waitFor();
    await signoff.getByText(/Gas Safe 612345/).waitFor();
    // The card's evidence as signed (docs/rules.md#evidence).
    await signoff.getByText('Boiler · Worcester Bosch Greenstar 4000').waitFor();
    await signoff.getByText(EVIDENCE_BODY.work_done).waitFor();
    expect(await signoff.getByText(/SHA-256 [0-9a-f]{64}/).count()).toBe(1);
    await accessible(auditor, 'replayed job card at 1366');
    await shot(auditor, 'audit-replay-1366');

    await auditor.setViewportSize({ width: 390, height: 844 });
    await signoff.getByText('“T. Hughes (first card)”').waitFor();
    await accessible(auditor, 'replayed job card at 390');
    await shot(auditor, 'audit-replay-390');
    await auditor.setViewportSize({ width: 1366, height: 900 });

    await auditor.getByRole('button', { name: 'Now' }).click();
    await expect.poll(() => auditor.getByTestId('signoff').count()).toBe(2);
  });

  it('verifies the log with a clear green answer', async () => {
    await auditor.getByRole('button', { name: 'Verify log' }).click();
    const result = auditor.getByTestId('verify-result');
    await result.getByText('Log intact').waitFor();
    await result.getByText(/All [\d,]+ events verified/).waitFor();
    await accessible(auditor, 'verify answer');
    await shot(auditor, 'audit-verified-1366');
    await auditor.setViewportSize({ width: 390, height: 844 });
    await accessible(auditor, 'verify answer at 390');
    await shot(auditor, 'audit-verified-390');
    await auditor.setViewportSize({ width: 1366, height: 900 });
  });

  it('downloads the evidence pack', async () => {
    const [download] = await Promise.all([
      auditor.waitForEvent('download'),
      auditor.getByRole('button', { name: 'Download evidence pack (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^evidence-Leah-Brennan-\d{4}-\d{2}-\d{2}\.pdf$/);
    const saved = join(mkdtempSync(join(tmpdir(), 'evidence-')), download.suggestedFilename());
    await download.saveAs(saved); // the browser is remote (one Chromium for every file): copy the file here
    const bytes = readFileSync(saved);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await toast(auditor, 'Evidence pack (PDF) downloaded').waitFor();
  });

  it("shows the auditor's reads in the admin's access log; the auditor's writes are refused", async () => {
    await admin.getByRole('button', { name: 'Audit access log' }).click();
    const log = admin.getByRole('dialog', { name: 'Audit access log' });
    const table = log.getByRole('table', { name: 'Audit reads' });
    for (const what of ['Job card signatures', 'Verified the log', 'Evidence pack (PDF)'])
      await table
        .getByRole('row')
        .filter({ hasText: `${AUDITOR.first} ${AUDITOR.last}` })
        .filter({ hasText: what })
        .first()
        .waitFor();
    await accessible(admin, 'access log dialog');
    await shot(admin, 'audit-access-log-1366');
    await admin.setViewportSize({ width: 390, height: 844 });
    await accessible(admin, 'access log dialog at 390');
    await shot(admin, 'audit-access-log-390');
    await log.getByRole('button', { name: 'Close' }).click();

    const token = await auditor.evaluate<string | null>("localStorage.getItem('token')");
    const refused = await fetch(`${app.url}/api/admin/auditors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: 'x@y.test', first_name: 'X', last_name: 'Y' }),
    });
    expect(refused.status).toBe(403);
  });

  it('an admin lists auditors, re-issues a password and revokes access, each confirmed first', async () => {
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.reload();
    await admin.getByRole('tab', { name: 'Audit' }).click();
    const section = admin.getByRole('region', { name: 'Auditors' });
    const row = section.getByRole('table', { name: 'Auditors' }).getByRole('row').filter({ hasText: AUDITOR.email });
    await row.getByRole('cell', { name: `${AUDITOR.first} ${AUDITOR.last}`, exact: true }).waitFor();
    await row.getByText('Active').waitFor();
    // Ada signed in: the last sign-in is a date, not "Never".
    expect(await row.getByText('Never').count()).toBe(0);
    const search = section.getByLabel('Search auditors by name or e-mail');
    await search.fill('no-such-auditor');
    await section.getByText('No auditor matches.').waitFor();
    await search.fill('lovelace');
    await row.waitFor();
    await accessible(admin, 'Auditors section');
    await shot(admin, 'auditors-section-1366');

    await row.getByRole('button', { name: `Re-issue password for ${AUDITOR.first} ${AUDITOR.last}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Re-issue temporary password?' });
    await accessible(admin, 'Re-issue confirm dialog');
    await confirm.getByRole('button', { name: 'Re-issue password' }).click();
    const issued = admin.getByRole('dialog', { name: 'New temporary password' });
    const fresh = (await issued.getByTestId('auditor-reissued-password').textContent())!.trim();
    expect(fresh.length).toBeGreaterThanOrEqual(10);
    await accessible(admin, 'New temporary password dialog');
    await shot(admin, 'auditors-reissued-1366');
    await issued.getByRole('button', { name: 'Done' }).click();
    await issued.waitFor({ state: 'detached' });
    // The password Ada chose no longer signs in.
    await expect(
      app.api('POST', '/api/admin/auth/signin', { email: AUDITOR.email, password: AUDITOR.password }),
    ).rejects.toThrow(/401/);

    await admin.setViewportSize({ width: 390, height: 844 });
    const card = section
      .getByRole('list', { name: 'Auditors' })
      .getByRole('listitem')
      .filter({ hasText: AUDITOR.email });
    await card.getByText('Temporary password').waitFor();
    await accessible(admin, 'Auditors section at 390');
    await shot(admin, 'auditors-section-390');
    await card.getByRole('button', { name: `Revoke ${AUDITOR.first} ${AUDITOR.last}` }).click();
    const revoke = admin.getByRole('dialog', { name: 'Revoke auditor access?' });
    await revoke.getByText('The record of everything they read is kept.', { exact: false }).waitFor();
    await accessible(admin, 'Revoke confirm dialog at 390');
    await shot(admin, 'auditors-revoke-390');
    await revoke.getByRole('button', { name: 'Revoke access' }).click();
    await toast(admin, `${AUDITOR.first} ${AUDITOR.last}'s access has been revoked`).waitFor();
    await card.getByText('Revoked', { exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    await expect(app.api('POST', '/api/admin/auth/signin', { email: AUDITOR.email, password: fresh })).rejects.toThrow(
      /403/,
    );
    await admin.setViewportSize({ width: 1366, height: 900 });
  });
});
