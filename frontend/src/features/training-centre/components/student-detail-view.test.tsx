import { afterEach, describe, expect, it, vi } from 'vitest';
import { studentDetail, type StudentDetail } from '@panda/contracts/training';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { disputedCardFixture, jobFixture, signedCardFixture } from '../../../testing/jobs';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { StudentDetailView } from './student-detail-view';
import { STUDENT_DETAIL_TIMEOUT_MS } from '../api/training-centre-api';
import { studentCriteriaHandler } from '../../../testing/handlers/criteria';

const session = { token: 'centre-token', user: testUser('training_centre') };

const disputedCard = disputedCardFixture();
const installs = jobFixture({
  id: 'job-installs',
  signatures: [signedCardFixture({ signature_id: 'sig-ok' }), disputedCard],
});
const pipework = jobFixture({
  id: 'job-pipework',
  Job_Type: 'Pipework',
  Total_Count: 1,
  signatures: [
    signedCardFixture({
      signature_id: 'sig-pipe',
      trainee_status: 'confirmed',
      trainee_status_label: 'Confirmed by trainee',
    }),
  ],
});

const detail: StudentDetail = studentDetail.parse({
  id: 'student-1',
  First_Name: 'Sam',
  Last_Name: 'Student',
  Name: 'Sam Student',
  Email: 'sam.student@example.test',
  Phone_Number: null,
  Postcode: null,
  Date_Of_Birth: null,
  Created_At: '2026-11-01T09:00:00.000Z',
  account_type: 'Training Centre',
  training_centre_id: 'centre-1',
  Matched: true,
  placement_status: 'active',
  placement_id: 'placement-1',
  mentor_id: 'mentor-1',
  job_requirements: { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 1, Repair: 0 },
  has_requirements: true,
  additional_requirements: null,
  cards_signed: 3,
  cards_required: 3,
  progress_percent: 100,
  jobs: [installs, pipework].map(
    ({ id, Student_ID, Job_Type, Total_Count, Completed_Count, Disputed_Count, percent, is_complete }) => ({
      id,
      Student_ID,
      Job_Type,
      Total_Count,
      Completed_Count,
      Disputed_Count,
      percent,
      is_complete,
    }),
  ),
  mentor: { id: 'mentor-1', name: 'Dave Clarke', email: 'dave@example.test' },
  training_centre: { id: 'centre-1', name: 'North Gas Academy', email: 'centre@example.test' },
  registration: { registered_at: '2026-11-01T09:00:00.000Z', temporary_password_unused: false },
  job_details: [installs, pipework],
});

describe("StudentDetailView (the training centre's student)", () => {
  it('marks a job whose counted sign-offs include an undecided dispute, and each sign-off shows its state', async () => {
    server.use(
      contractHttp('GET', '/api/my-students/:id', ({ ok }) => ok(200, detail)),
      contractHttp('GET', '/api/jobs', ({ ok }) => ok(200, [installs, pipework])),
      studentCriteriaHandler(),
    );
    renderWithProviders(<StudentDetailView />, { route: '/dashboard?view=student-detail&id=student-1', session });

    const rows = await screen.findAllByTestId('job-progress-row');
    const [first, second] = rows.map((r) => within(r));
    expect(first.getByText('Boiler Installs')).toBeTruthy();
    expect(first.getByTestId('job-standing').textContent).toBe('Disputed');
    expect(second.getByText('Pipework')).toBeTruthy();
    expect(second.getByTestId('job-standing').textContent).toBe('Completed');

    // The sign-offs below: the same three cards, each with its state.
    const states = (await screen.findAllByTestId('sign-off-status')).map((c) => c.textContent).sort();
    expect(states).toEqual(['Awaiting trainee confirmation', 'Confirmed by trainee', 'Disputed']);
    // Progress per criterion, with the cards behind each (docs/rules.md#qualification-criteria).
    expect((await screen.findAllByTestId('criterion-row')).length).toBe(5);
  });

  describe('an answer that never comes', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is a failure with Retry after the bounded wait, not loading for ever, and Retry loads the student', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answer: 'never' | 'now' = 'never';
      server.use(
        contractHttp('GET', '/api/my-students/:id', ({ ok }) =>
          answer === 'never' ? new Promise<Response>(() => undefined) : ok(200, detail),
        ),
        contractHttp('GET', '/api/jobs', ({ ok }) => ok(200, [installs, pipework])),
        studentCriteriaHandler(),
      );
      const { user } = renderWithProviders(<StudentDetailView />, {
        route: '/dashboard?view=student-detail&id=student-1',
        session,
      });

      expect(await screen.findByRole('status', { name: 'Loading student' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(STUDENT_DETAIL_TIMEOUT_MS - 1000);
      expect(screen.queryByRole('alert')).toBeNull();
      await vi.advanceTimersByTimeAsync(1500);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to load data')).toBeTruthy();
      expect(within(alert).getByText('The server did not answer in time. Please try again.')).toBeTruthy();

      answer = 'now';
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect((await screen.findAllByTestId('job-progress-row')).length).toBe(2);
    });
  });
});
