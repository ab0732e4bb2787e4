import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { downloaded, pdfText } from './downloads';
import { fillEvidence, testPhoto } from './evidence';
import { expectAccessible, shot, signIn, toast } from './support';

/**
 * docs/rules.md#evidence in the browser, at 1366 and 390 px, on the seeded demo (mentor Dave,
 * student Liam): the mentor signs a card with two photos taken through the file input, each
 * uploaded with its progress shown; the student sees the card's evidence and photos and confirms
 * it with a reflection, shown under the card afterwards; the mentor's Job Details shows the
 * evidence, the photos (one opened large), both times and the reflection; the centre sees the card's
 * criterion move on the student's progress, filters the at-risk students, exports that view as CSV
 * and downloads the student's portfolio PDF holding the card's work done. axe-core on each dialog
 * and screen.
 */
const app = useApp({ demo: true });

const JOBS = { 1366: 'Pipework', 390: 'Repair' } as const;

for (const width of [1366, 390] as const) {
  const viewport = { width, height: width === 390 ? 844 : 800 };
  const job = JOBS[width];
  const work = `Ran the new ${job.toLowerCase()} and tested it for tightness (${width} px journey).`;
  const reflection = `On the ${job.toLowerCase()} job I learned to purge the line before the tightness test.`;

  describe(`job-card evidence at ${width} px`, () => {
    let mentor: Page;
    let student: Page;
    let centre: Page;
    // The card is on a boiler: it evidences CENWAT (docs/rules.md#criteria); its count before the card.
    let cenwatBefore: number;

    /** Liam's details as the centre sees them, and the count of CENWAT on his progress. */
    const openLiam = async () => {
      await centre.goto(`${app.url}/dashboard?view=students`);
      await centre.getByRole('button', { name: 'View Details for Liam Turner' }).first().click();
      const section = centre.getByRole('region', { name: 'Qualification criteria' });
      const cenwat = section.getByTestId('criterion-row').filter({ hasText: 'CENWAT' }).getByTestId('criterion-count');
      await cenwat.waitFor();
      return { section, count: async () => Number((await cenwat.textContent())!.split('/')[0]) };
    };

    it("the centre sees the student's criteria before the card", async () => {
      centre = await app.page(viewport);
      await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
      cenwatBefore = await (await openLiam()).count();
      expect(cenwatBefore).toBeGreaterThan(0);
    });

    it('the mentor signs a card with two photos taken through the file input', async () => {
      mentor = await app.page(viewport);
      await signIn(mentor, app.url, 'mentor@panda.demo', app.password('mentor@panda.demo'));
      await mentor.goto(`${app.url}/dashboard?view=jobs`);
      const open = mentor.getByRole('button', { name: `Mark Complete: ${job} for Liam Turner` });
      // The student's jobs may be folded away (a phone, many students): unfolded first.
      const show = mentor.getByRole('button', { name: 'Show jobs of Liam Turner' });
      await open.or(show).first().waitFor();
      if (await show.isVisible()) await show.click();
      await open.click();
      const dialog = mentor.getByRole('dialog', { name: 'Sign Off Job Card' });
      await dialog.getByLabel('Signature', { exact: false }).first().fill('D. Clarke');
      await fillEvidence(mentor, work);

      await dialog.getByTestId('job-photos-input').setInputFiles([
        { name: 'flue.png', mimeType: 'image/png', buffer: await testPhoto(width === 390 ? 3 : 1, 'png') },
        { name: 'meter.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(width === 390 ? 4 : 2, 'jpeg') },
      ]);
      const items = dialog.getByTestId('job-photo-item');
      await expect.poll(() => items.count()).toBe(2);
      await expect.poll(() => dialog.getByText('Uploaded', { exact: true }).count(), { timeout: 30_000 }).toBe(2);
      await dialog.getByText('Photos (2 of 6)').waitFor();
      await dialog.getByRole('img', { name: 'Photo 1: flue.png' }).waitFor();
      await expectAccessible(mentor, `sign-off dialog with two photos (${width} px)`, '[role="dialog"]');
      await shot(mentor, `evidence-sign-dialog-${width}`);

      await dialog.getByRole('button', { name: 'Sign & Complete' }).click();
      await toast(mentor, /Job marked as complete/).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('the student sees the evidence and confirms the card with a reflection', async () => {
      student = await app.page(viewport);
      await signIn(student, app.url, 'student@panda.demo', app.password('student@panda.demo'));
      await student.goto(`${app.url}/dashboard?view=jobs`);
      const row = student.getByTestId('sign-off-row').filter({ hasText: work });
      await row.waitFor();
      const evidence = row.getByTestId('card-evidence');
      await evidence.getByText('Site postcode').waitFor();
      expect(await evidence.getByTestId('evidence-photo').count()).toBe(2);
      // Photos load once their card is scrolled near (docs/rules.md#light-first-screens).
      await evidence.scrollIntoViewIfNeeded();
      await expect.poll(() => evidence.locator('img').count()).toBe(2);
      await shot(student, `evidence-student-card-${width}`);

      await row.getByRole('button', { name: 'Confirm' }).click();
      const dialog = student.getByRole('dialog', { name: 'Confirm this sign-off' });
      await dialog.getByLabel('Your reflection (optional)').fill(reflection);
      await expectAccessible(student, `confirm dialog with a reflection (${width} px)`, '[role="dialog"]');
      await shot(student, `evidence-confirm-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Confirm sign-off' }).click();
      await toast(student, 'you confirmed this sign-off').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The list reads the confirmation back once the read model has it (a busy machine: seconds).
      await row
        .getByTestId('sign-off-status')
        .filter({ hasText: /^Confirmed by trainee$/ })
        .waitFor();
      await row.getByTestId('card-reflection').getByText(reflection).waitFor();
      await shot(student, `evidence-student-confirmed-${width}`);
    });

    it("the mentor's Job Details shows the evidence, the photos (one opened large) and the reflection", async () => {
      const login = await app.api<{ token: string }>('POST', '/api/auth/signin', {
        Email: 'mentor@panda.demo',
        Password: app.password('mentor@panda.demo'),
      });
      const jobs = await app.api<{ id: string; Job_Type: string; Student_Name: string }[]>(
        'GET',
        '/api/jobs',
        undefined,
        login.token,
      );
      const signed = jobs.find((j) => j.Job_Type === job && j.Student_Name === 'Liam Turner')!;
      await mentor.goto(`${app.url}/dashboard?view=job-detail&id=${signed.id}`);
      const card = mentor.getByTestId('card-evidence').filter({ hasText: work });
      await card.waitFor();
      await card.getByText('Boiler · Worcester Bosch').waitFor();
      await card.getByText('M14 6HR').waitFor();
      await card.getByText('1 h', { exact: true }).waitFor();
      await card.getByText('Signed at').waitFor();
      await card.getByText('Captured at').waitFor();
      await card.getByTestId('card-reflection').getByText(reflection).waitFor();
      await card.scrollIntoViewIfNeeded();
      await expect.poll(() => card.locator('img').count()).toBe(2);
      await expectAccessible(mentor, `job details with evidence (${width} px)`, 'main');
      await shot(mentor, `evidence-job-details-${width}`);

      await card.getByRole('button', { name: 'Open photo 2 of 2' }).click();
      const large = mentor.getByRole('dialog', { name: 'Photo 2 of 2' });
      await large.getByRole('img', { name: 'Photo 2 of 2' }).waitFor();
      await expect
        .poll(() => large.getByRole('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(96);
      await expectAccessible(mentor, `photo opened large (${width} px)`, '[role="dialog"]');
      await shot(mentor, `evidence-photo-large-${width}`);
      await large.getByRole('button', { name: 'Close' }).click();
    });

    it('the centre sees the criterion move, filters at-risk students, exports the CSV and downloads the portfolio', async () => {
      // Signed and confirmed: CENWAT counts one card more (the read model may take a moment to say so).
      await expect.poll(async () => (await openLiam()).count(), { timeout: 30_000 }).toBe(cenwatBefore + 1);
      await expectAccessible(centre, `criteria after the card (${width} px)`, '[aria-labelledby="criteria-title"]');
      await shot(centre, `evidence-centre-criteria-${width}`);

      const pdf = await downloaded(centre, 'Portfolio (PDF)');
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfText(new Uint8Array(pdf.bytes))).toContain(work);

      // Liam has a disputed card open: he is at risk, and the at-risk view holds him and only the at risk.
      await centre.goto(`${app.url}/dashboard?view=students`);
      await centre.getByRole('button', { name: 'Table' }).click();
      const rows = centre.locator('[data-student-id]');
      await rows.first().waitFor();
      const all = await rows.count();
      await centre.getByRole('combobox', { name: 'At risk' }).click();
      await centre.getByRole('option', { name: 'At risk', exact: true }).click();
      await expect.poll(() => centre.getByTestId('caseload-total').textContent()).not.toMatch(new RegExp(`of ${all} `));
      const atRisk = rows.getByText('At risk', { exact: true });
      await expect.poll(async () => (await rows.count()) - (await atRisk.count())).toBe(0);
      const risky = await rows.count();
      expect(await rows.filter({ hasText: 'Liam Turner' }).count()).toBe(1);
      await expectAccessible(centre, `at-risk students (${width} px)`);
      await shot(centre, `evidence-centre-at-risk-${width}`);

      const csv = await downloaded(centre, 'Download CSV');
      const [header, ...lines] = csv.bytes.toString('utf8').trim().split('\r\n');
      expect(header).toMatch(/^id,name,email,.*,open_disputes,forecast_finish,at_risk$/);
      expect(lines).toHaveLength(risky);
      expect(lines.every((l) => l.endsWith(',true'))).toBe(true);
      const liamLine = lines.find((l) => l.includes('student@panda.demo'))!;
      expect(liamLine).toContain('Liam Turner');
      // He is at risk for the demo's open dispute.
      const cells = liamLine.split(',');
      expect(Number(cells[header!.split(',').indexOf('open_disputes')])).toBeGreaterThan(0);
    });
  });
}
