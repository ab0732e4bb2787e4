import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { downloaded, expectAccessible, shot, signIn } from './support';

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
