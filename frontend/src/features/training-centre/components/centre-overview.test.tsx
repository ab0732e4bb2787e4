import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { centreOverviewFixture, centreOverviewHandler } from '../../../testing/handlers/training-centre';
import { toastMessages } from '../../../testing/queries';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { CentreOverview } from './centre-overview';

const centre = testUser('training_centre', { Name: 'North Gas Academy' });
const session = { token: 'centre-token', user: centre };

function statValue(label: string): string {
  // The card's paragraphs: its label, then its value.
  const card = screen.getByRole('region', { name: label });
  return card.querySelectorAll('p')[1]?.textContent ?? '';
}

describe('CentreOverview (training centre dashboard)', () => {
  it("shows the centre's figures and its newest registration from the overview", async () => {
    server.use(centreOverviewHandler(centreOverviewFixture()).handler);
    const { user } = renderWithProviders(<CentreOverview />, { route: '/dashboard', session });

    expect(await screen.findByText('ada.lovelace@example.test')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome, North Gas Academy!' })).toBeTruthy();
    expect(statValue('Total Students')).toBe('12');
    expect(statValue('Placed Students')).toBe('9');
    expect(statValue('Awaiting Placement')).toBe('3');
    expect(statValue('Placement Rate')).toBe('75%');
    expect(screen.getByRole('progressbar', { name: 'Placement rate' }).getAttribute('aria-valuenow')).toBe('75');
    const latest = screen.getByTestId('latest-registration');
    expect(within(latest).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(latest).getByText(/^Registered 3 Dec 2026/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'View details for Ada Lovelace' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard?view=student-detail&id=stu-7');
  });

  it('says so when no student is registered yet', async () => {
    const empty = centreOverviewFixture({
      student_count: 0,
      placed_students: 0,
      awaiting_placement: 0,
      placement_rate: 0,
      latest_registration: null,
    });
    server.use(centreOverviewHandler(empty).handler);
    renderWithProviders(<CentreOverview />, { route: '/dashboard', session });

    expect(await screen.findByText('No students registered yet.')).toBeTruthy();
    expect(statValue('Total Students')).toBe('0');
    expect(statValue('Placement Rate')).toBe('0%');
  });

  it('shows the error with a Retry that loads the overview', async () => {
    let answer: ReturnType<typeof centreOverviewFixture> | 'error' = 'error';
    const { handler, counter } = centreOverviewHandler(() => answer);
    server.use(handler);
    const { user } = renderWithProviders(<CentreOverview />, { route: '/dashboard', session });

    const retry = await screen.findByRole('button', { name: 'Retry' });
    const alert = retry.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('Error loading dashboard data')).toBeTruthy();
    expect(toastMessages()).toEqual(['Error loading dashboard data']);

    answer = centreOverviewFixture();
    await user.click(retry);
    expect(await screen.findByText('ada.lovelace@example.test')).toBeTruthy();
    expect(counter.reads).toBe(2);
  });
});
