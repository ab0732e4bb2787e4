import { describe, expect, it } from 'vitest';
import { useApp } from './app';
import { expectAccessible, shot, signIn } from './support';

/**
 * docs/rules.md#qualification-criteria in the browser, at 1366 and 390 px: the centre sees a student's
 * progress per criterion with the cards behind each and opens its template; the student sees their
 * own progress. axe-core clean.
 */
const app = useApp({ demo: true });

describe('qualification criteria', () => {
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ]) {
    it(`shows progress per criterion to the centre and the student, and the centre's template (${width} px)`, async () => {
      const centre = await app.page({ width, height });
      await signIn(centre, app.url, 'centre@panda.demo', app.password('centre@panda.demo'));
      await centre.goto(`${app.url}/dashboard?view=students`);
      await centre.getByRole('button', { name: 'View Details for Liam Turner' }).click();
      const section = centre.getByRole('region', { name: 'Qualification criteria' });
      await section.getByTestId('criteria-summary').waitFor();
      expect(await section.getByTestId('criterion-row').count()).toBeGreaterThan(0);
      await section
        .getByText(/cards? behind it/)
        .first()
        .click();
      await expectAccessible(centre, `criteria progress (${width} px)`, '[aria-labelledby="criteria-title"]');
      await shot(centre, `criteria-progress-centre-${width}`);

      await centre.goto(`${app.url}/dashboard?view=students`);
      await centre.getByRole('button', { name: 'Criteria', exact: true }).click();
      const dialog = centre.getByRole('dialog', { name: 'Qualification criteria' });
      await dialog.getByRole('button', { name: 'Save Criteria' }).waitFor();
      await expectAccessible(centre, `criteria template dialog (${width} px)`, '[role="dialog"]');
      await shot(centre, `criteria-template-${width}`);

      const student = await app.page({ width, height });
      await signIn(student, app.url, 'student@panda.demo', app.password('student@panda.demo'));
      await student.getByRole('region', { name: 'Qualification criteria' }).getByTestId('criteria-summary').waitFor();
      await shot(student, `criteria-progress-student-${width}`);
    });
  }
});
