import { describe, expect, it } from 'vitest';
import { studentLookup, type StudentLookup } from '@panda/contracts/accounts';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { caseloadRowFixture } from '../../../testing/handlers/training-centre';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { StudentsView } from './students-view';

const session = { token: 'centre-token', user: testUser('training_centre') };

/** A placed student's jobs as the server sums them up: every card signed, one sign-off of the installs disputed. */
const jobs = [
  { id: 'job-installs', Job_Type: 'Boiler Installs', Total_Count: 2, Completed_Count: 2, Disputed_Count: 1 },
  { id: 'job-pipework', Job_Type: 'Pipework', Total_Count: 1, Completed_Count: 1, Disputed_Count: 0 },
] as const;
const placed = { Matched: true, placement_status: 'active', placement_id: 'p-1', mentor_id: 'mentor-1' } as const;

const disputedStudent = caseloadRowFixture(0, {
  ...placed,
  job_requirements: { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 1, Repair: 0 },
  cards_signed: 3,
  cards_required: 3,
  progress_percent: 100,
  open_disputes: 1,
  jobs: jobs.map((j) => ({ ...j, Student_ID: 'student-0', percent: 100, is_complete: true })),
});
const doneStudent = caseloadRowFixture(1, {
  ...placed,
  id: 'student-1',
  job_requirements: { Boiler_Installs: 1, Boiler_Service: 0, Pipework: 0, Repair: 0 },
  cards_signed: 1,
  cards_required: 1,
  progress_percent: 100,
  jobs: [
    {
      ...jobs[0],
      Total_Count: 1,
      Completed_Count: 1,
      Disputed_Count: 0,
      Student_ID: 'student-1',
      percent: 100,
      is_complete: true,
    },
  ],
});

const lookup: StudentLookup = studentLookup.parse({
  type: 'student',
  id: 'student-0',
  First_Name: disputedStudent.First_Name,
  Last_Name: disputedStudent.Last_Name,
  Name: disputedStudent.Name,
  Email: disputedStudent.Email,
  Created_At: disputedStudent.Created_At,
  Matched: true,
  status: 'Matched',
  placement_status: 'active',
  placement_id: 'p-1',
  account_type: 'Training Centre',
  training_centre: { id: 'centre-1', name: 'North Gas Academy', email: 'centre@example.test' },
  mentor: { id: 'mentor-1', name: 'Dave Clarke', email: 'dave@example.test' },
  jobs: disputedStudent.jobs,
  jobs_total: 2,
});

describe("StudentsView (the training centre's students)", () => {
  it('shows a student whose counted sign-offs include an undecided dispute as Disputed, in the list and the details popup', async () => {
    server.use(
      contractHttp('GET', '/api/my-students', ({ ok }) =>
        ok(200, [disputedStudent, doneStudent], { 'X-Total-Count': '2' }),
      ),
      contractHttp('GET', '/api/lookup/:entityType/:entityId', ({ ok }) => ok(200, lookup)),
    );
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard?view=students', session });

    const [disputed, done] = (await screen.findAllByTestId('student-card')).map((c) => within(c));
    // docs/rules.md#dispute-visibility: every card signed, but one sign-off awaits an admin's decision.
    expect(disputed.getByTestId('student-progress').textContent).toBe('3 of 3 cards signed (100%)');
    expect(disputed.getByTestId('job-standing').textContent).toBe('Disputed');
    expect(disputed.getByTestId('student-disputed').textContent).toBe("1 sign-off awaits an admin's decision");
    expect(disputed.queryByText('Completed')).toBeNull();
    expect(done.getByTestId('job-standing').textContent).toBe('Completed');
    expect(done.queryByTestId('student-disputed')).toBeNull();

    await user.click(disputed.getByRole('button', { name: /^Student ID student-0/ }));
    const dialog = await screen.findByRole('dialog');
    const rows = (await within(dialog).findAllByTestId('details-job')).map((r) => within(r));
    expect(rows[0].getByText('Boiler Installs')).toBeTruthy();
    expect(rows[0].getByTestId('job-standing').textContent).toBe('Disputed');
    expect(rows[1].getByText('Pipework')).toBeTruthy();
    expect(rows[1].getByTestId('job-standing').textContent).toBe('Completed');
  });
});
