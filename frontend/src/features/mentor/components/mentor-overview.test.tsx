import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import { mentorOverviewFixture, mentorOverviewHandlers } from '../../../testing/handlers/mentor';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { MentorOverviewView } from './mentor-overview';

const session = { token: 'mentor-token', user: testUser('mentor') };
const profile = {
  profile_completed: true,
  is_first_time: false,
  business_name: 'Clarke Heating',
  gas_safe_number: '123456',
};

describe('MentorOverviewView (mentor dashboard)', () => {
  it('shows the mentor status, the jobs supervised and the empty progress list from the overview', async () => {
    server.use(...mentorOverviewHandlers(mentorOverviewFixture(), profile));
    renderWithProviders(<MentorOverviewView />, { route: '/dashboard', session });

    const status = await screen.findByTestId('mentor-status');
    expect(await within(status).findByText('Active Students')).toBeTruthy();
    expect(within(status).getByText('2 students placed with you')).toBeTruthy();
    expect(within(screen.getByTestId('jobs-supervised')).getByText('7')).toBeTruthy();
    expect(await screen.findByText('No students or jobs assigned yet')).toBeTruthy();
    expect(await screen.findByText(/Clarke Heating/)).toBeTruthy();
  });

  it('says No Active Students before a trainee is placed', async () => {
    const none = mentorOverviewFixture({
      matched: false,
      active_students: 0,
      jobs_completed: 0,
      status: 'No Active Students',
    });
    server.use(...mentorOverviewHandlers(none, { ...profile, profile_completed: false, business_name: null }));
    renderWithProviders(<MentorOverviewView />, { route: '/dashboard', session });

    const status = await screen.findByTestId('mentor-status');
    expect(await within(status).findByText('No Active Students')).toBeTruthy();
    expect(within(status).getByText('New trainees will be matched with you')).toBeTruthy();
  });
});
