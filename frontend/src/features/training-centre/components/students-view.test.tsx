import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studentLookup, type StudentLookup } from '@panda/contracts/accounts';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { caseloadRowFixture } from '../../../testing/handlers/training-centre';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
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

const onTrack = caseloadRowFixture(0, {
  id: 'stu-liam',
  cards_signed: 6,
  last_signed_off_at: '2026-11-30T10:00:00.000Z',
  cards_last_30_days: 4,
  forecast_finish: '2027-02-14',
});
const atRisk = caseloadRowFixture(1, { id: 'stu-nia', at_risk: true, open_disputes: 1 });

/** GET /api/my-students answering the rows the query asks for (at_risk filtered here as the server does); every query is kept. */
function caseloadHandler() {
  const queries: URLSearchParams[] = [];
  const handler = contractHttp('GET', '/api/my-students', ({ request, ok }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    const wanted = query.get('at_risk');
    const rows = [onTrack, atRisk].filter((r) => wanted === null || String(r.at_risk) === wanted);
    return ok(200, rows.slice(0, Number(query.get('limit') ?? 50)), { 'X-Total-Count': String(rows.length) });
  });
  return { handler, queries };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentsView: the centre caseload (docs/rules.md#centre-caseload)', () => {
  it("shows each student's cards, last sign-off, forecast and at-risk as a table", async () => {
    server.use(caseloadHandler().handler);
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });

    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Caseload' });
    const liam = within(table).getByText('Liam Turner').closest('tr')!;
    expect(within(liam).getByText('6 of 27')).toBeTruthy();
    expect(within(liam).getByText('30 Nov 2026')).toBeTruthy();
    expect(within(liam).getByText('14 Feb 2027')).toBeTruthy();
    expect(within(liam).getByText('On track')).toBeTruthy();
    const nia = within(table).getByText('Nia Jones').closest('tr')!;
    expect(within(nia).getByText('At risk')).toBeTruthy();
    expect(within(nia).getByText('No forecast')).toBeTruthy();
  });

  it('on a phone, lists each fact of the table on its own line, its name beside its value', async () => {
    // A phone: every `down(...)` media query of the theme matches.
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media.includes('max-width'),
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    server.use(caseloadHandler().handler);
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });

    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const list = screen.getByRole('list', { name: 'Caseload' });
    const fact = (student: string, name: string) => {
      const card = within(list).getByText(student).closest('li')!;
      return within(card).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    };
    expect(fact('Liam Turner', 'Cards signed')).toBe('6 of 27');
    expect(fact('Liam Turner', 'Last sign-off')).toBe('30 Nov 2026');
    expect(fact('Liam Turner', 'Forecast finish')).toBe('14 Feb 2027');
    expect(fact('Nia Jones', 'Forecast finish')).toBe('No forecast');
  });

  it('asks the server to sort by forecast and filter at-risk', async () => {
    const { handler, queries } = caseloadHandler();
    server.use(handler);
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });
    await user.click(await screen.findByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Caseload' });

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Forecast finish (soonest)' }));
    await user.click(screen.getByRole('combobox', { name: 'At risk' }));
    await user.click(screen.getByRole('option', { name: 'At risk' }));

    await waitFor(() => expect(within(table).queryByText('Liam Turner')).toBeNull());
    expect(within(table).getByText('Nia Jones')).toBeTruthy();
    expect(screen.getByTestId('caseload-total').textContent).toBe('1 student');
    const last = queries.at(-1)!;
    expect([last.get('sort'), last.get('at_risk'), last.get('limit')]).toEqual(['forecast', 'true', '50']);
  });

  it('downloads the CSV of the same filter with the session token', async () => {
    const csvQueries: URLSearchParams[] = [];
    server.use(
      caseloadHandler().handler,
      http.get('/api/my-students.csv', ({ request }) => {
        csvQueries.push(new URL(request.url).searchParams);
        expect(request.headers.get('authorization')).toBe('Bearer centre-token');
        return new HttpResponse('id,name\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="students.csv"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:students');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });

    await user.click(await screen.findByRole('combobox', { name: 'At risk' }));
    await user.click(screen.getByRole('option', { name: 'At risk' }));
    await waitFor(() => expect(screen.queryByText('Liam Turner')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Students CSV downloaded')).toBeTruthy();
    expect(csvQueries.map((q) => q.toString())).toEqual(['at_risk=true']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says when no student matches the filter, and shows the server refusing the CSV', async () => {
    const { handler } = caseloadHandler();
    server.use(
      handler,
      http.get('/api/my-students.csv', () => HttpResponse.json({ detail: 'Not allowed' }, { status: 403 })),
    );
    const { user } = renderWithProviders(<StudentsView />, { route: '/dashboard', session });

    await user.click(await screen.findByRole('button', { name: 'Table' }));
    await user.click(screen.getByRole('combobox', { name: 'At risk' }));
    await user.click(screen.getByRole('option', { name: 'Not at risk' }));
    await waitFor(() => expect(screen.queryByText('Nia Jones')).toBeNull());
    expect(screen.getByText('Liam Turner')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });
});
