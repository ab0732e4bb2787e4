import { describe, expect, it } from 'vitest';
import { testUser } from '../testing/fixtures';
import { studentCriteriaFixture, studentCriteriaHandler } from '../testing/handlers/criteria';
import { server } from '../testing/server';
import { renderWithProviders, screen, within } from '../testing/test-utils';
import { CriteriaCard } from './criteria-card';

const session = { token: 'centre-token', user: testUser('training_centre') };

describe('CriteriaCard (docs/rules.md#qualification-criteria)', () => {
  it('shows each criterion evidenced over required, with the cards behind it', async () => {
    server.use(studentCriteriaHandler());
    const { user } = renderWithProviders(<CriteriaCard studentId="student-7" />, { session });
    const rows = await screen.findAllByTestId('criterion-row');
    expect(rows.map((r) => within(r).getByTestId('criterion-count').textContent)).toEqual([
      '2/10',
      '1/10',
      '1/3',
      '0/3',
      '0/2',
    ]);
    expect(screen.getByTestId('criteria-summary').textContent).toBe('0 of 5 criteria met');
    expect(screen.getByRole('progressbar', { name: 'CKR1 Cookers: 1 of 3 cards' })).toBeTruthy();
    await user.click(within(rows[2]).getByText('The card behind it'));
    expect(within(rows[2]).getByText(/Repair · Cooker ·/).textContent).toContain('sig-cooker');
    expect(within(rows[3]).queryByText(/behind it/)).toBeNull();
  });

  it('says so when the progress cannot be loaded, with a Retry that loads it', async () => {
    const { contractHttp } = await import('../testing/contract-http');
    let fails = true;
    server.use(
      contractHttp('GET', '/api/students/:id/criteria', ({ fail, ok }) =>
        fails ? fail(404, { detail: 'Student not found' }) : ok(200, studentCriteriaFixture()),
      ),
    );
    const { user } = renderWithProviders(<CriteriaCard studentId="x" />, { session });
    const alert = (await screen.findByText('Failed to load the criteria')).closest('[role="alert"]') as HTMLElement;
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByTestId('criterion-row')).length).toBeGreaterThan(0);
  });
});
