import { describe, expect, it } from 'vitest';
import { BULK_REGISTRATION_HEADER } from '@panda/contracts/training';
import { useApp } from './app';
import { downloaded } from './downloads';
import { expectAccessible, shot, signIn } from './support';

/**
 * docs/rules.md#centre-caseload in the browser, at 1366 and 390 px, on the demo data: the centre shows its
 * students as a table, sorts by forecast and filters at-risk on the server, and downloads the same
 * view as CSV. axe-core clean.
 */
const app = useApp({ demo: true });

describe('the centre caseload', () => {
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ]) {
    it(`sorts, filters at-risk and exports the CSV (${width} px)`, async () => {
      const centre = await app.page({ width, height });
      await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
      await centre.goto(`${app.url}/dashboard?view=students`);
      await centre.getByRole('button', { name: 'Table' }).click();
      // A table from 600 px up, one card per student on a phone; both carry the student's id.
      const rows = centre.locator('[data-student-id]');
      await rows.first().waitFor();
      const all = await rows.count();

      await centre.getByRole('combobox', { name: 'Sort by' }).click();
      await centre.getByRole('option', { name: 'Forecast finish (soonest)' }).click();
      await centre.getByRole('combobox', { name: 'At risk' }).click();
      await centre.getByRole('option', { name: 'At risk', exact: true }).click();
      await expect.poll(() => centre.getByTestId('caseload-total').textContent()).not.toMatch(new RegExp(`of ${all} `));
      // The rows follow the total a render later: wait until the rows left are the at-risk ones.
      const atRisk = rows.getByText('At risk', { exact: true });
      await expect.poll(async () => (await rows.count()) - (await atRisk.count())).toBe(0);
      const risky = await rows.count();
      expect(risky).toBeGreaterThan(0);
      expect(await rows.getByText('At risk', { exact: true }).count()).toBe(risky);
      expect(await rows.getByText('On track').count()).toBe(0);
      await expectAccessible(centre, `caseload (${width} px)`);
      await shot(centre, `caseload-at-risk-${width}`);

      const csv = await downloaded(centre, 'Download CSV');
      expect(csv.name).toBe('students.csv');
      const lines = csv.bytes.toString('utf8').trim().split('\r\n');
      expect(lines[0]).toMatch(/^id,name,email,.*,forecast_finish,at_risk$/);
      expect(lines.length - 1).toBe(risky);
      expect(lines.slice(1).every((l) => l.endsWith(',true'))).toBe(true);
    });
  }
});

describe('bulk onboarding', () => {
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ]) {
    it(`lists each bad row and registers nobody, then registers a good file (${width} px)`, async () => {
      const centre = await app.page({ width, height });
      await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
      await centre.goto(`${app.url}/dashboard?view=register`);
      await centre.getByRole('button', { name: 'Upload a CSV of Students' }).click();
      const dialog = centre.getByRole('dialog', { name: 'Register Students from a CSV' });
      const header = BULK_REGISTRATION_HEADER.join(',');
      const email = (n: string) => `${n}-${width}@bulk.test`;
      const row = (first: string, mail: string) => `${first},Pond,${mail},07700900123,M1 1AA,5,2,,1`;
      const upload = async (lines: string[]) => {
        await dialog.getByLabel('CSV file').setInputFiles({
          name: 'cohort.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from([header, ...lines].join('\r\n')),
        });
        await dialog.getByRole('button', { name: 'Upload and Register' }).click();
      };

      await upload([row('Ada', email('ada')), row('', 'not-an-email')]);
      const rows = dialog.getByRole('list', { name: 'Rows to correct' });
      await rows.waitFor();
      expect(await rows.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Row 3First Name: .*Email: /),
      ]);
      await expectAccessible(centre, `bulk upload refused (${width} px)`, '[role="dialog"]');
      await shot(centre, `bulk-upload-refused-${width}`);

      await upload([row('Ada', email('ada')), row('Bo', email('bo'))]);
      const done = dialog.getByRole('list', { name: 'Registered students' });
      await done.waitFor();
      expect(await done.getByText(/^Temporary password: /).count()).toBe(2);
      await expectAccessible(centre, `bulk upload done (${width} px)`, '[role="dialog"]');
      await shot(centre, `bulk-upload-done-${width}`);
    });
  }
});
