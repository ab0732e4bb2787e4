import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { studentOverviewFixture, studentOverviewHandlers } from '../../../testing/handlers/student';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { StudentOverviewView } from './student-overview';

const session = { token: 'student-token', user: testUser('student') };

describe('StudentOverviewView (student dashboard)', () => {
  it('shows the placement status, active jobs and account type, and no jobs before a match', async () => {
    server.use(...studentOverviewHandlers(studentOverviewFixture()));
    renderWithProviders(<StudentOverviewView />, { route: '/dashboard', session });

    expect(await screen.findByText('Awaiting a mentor match')).toBeTruthy();
    expect(within(screen.getByTestId('placement-status')).getByText('Pending')).toBeTruthy();
    expect(within(screen.getByTestId('active-jobs')).getByText('0')).toBeTruthy();
    expect(within(screen.getByTestId('account-type')).getByText('Training Centre')).toBeTruthy();
    expect(await screen.findByText('No training jobs yet')).toBeTruthy();
    expect(screen.getByText('Your jobs will appear here once you are matched with a mentor.')).toBeTruthy();
  });
});
