import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { fillEvidence, testPhoto } from './evidence';
import { expectAccessible, shot, signIn, toast } from './support';

/**
 * docs/rules.md#evidence in the browser, at 1366 and 390 px, on the seeded demo (mentor Dave,
 * student Liam): the mentor signs a card with two photos taken through the file input, each
 * uploaded with its progress shown; the student sees the card's evidence and photos and confirms
 * it with a reflection, shown under the card afterwards; the mentor's Job Details shows the
 * evidence, the photos (one opened large), both times and the reflection. axe-core on each dialog.
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
  });
}
