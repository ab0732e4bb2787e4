// IndexedDB for the outbox (jsdom has none): a card whose sign-off waits there is shown as queued.
import 'fake-indexeddb/auto';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Job } from '@panda/contracts/training';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { disputedCardFixture, evidencedCardFixture, jobFixture, signedCardFixture } from '../../../testing/jobs';
import { studentCriteriaHandler } from '../../../testing/handlers/criteria';
import { jobPhotoHandler, useBlobUrls } from '../../../testing/handlers/photos';
import { PRE_EVIDENCE_LABEL } from '@panda/contracts/evidence';
import { appOutbox, signOffPath } from '../../../lib/outbox';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { JobDetailView } from './job-detail-view';
import { MentorJobsView } from './mentor-jobs-view';

const session = { token: 'mentor-token', user: testUser('mentor') };

/** Both cards of the installs job signed; the trainee disputed the second and no admin has decided yet. */
const disputedInstalls = jobFixture({
  id: 'job-installs',
  signatures: [
    signedCardFixture({
      signature_id: 'sig-ok',
      trainee_status: 'confirmed',
      trainee_status_label: 'Confirmed by trainee',
    }),
    disputedCardFixture(),
  ],
});
/** The service job, its one card signed and confirmed: complete. */
const confirmedService = jobFixture({
  id: 'job-service',
  Job_Type: 'Boiler Service',
  Total_Count: 1,
  signatures: [
    signedCardFixture({
      signature_id: 'sig-svc',
      trainee_status: 'confirmed',
      trainee_status_label: 'Confirmed by trainee',
    }),
  ],
});

function answerJobs(jobs: Job[]) {
  server.use(contractHttp('GET', '/api/jobs', ({ ok }) => ok(200, jobs, { 'X-Total-Count': String(jobs.length) })));
}

describe("MentorJobsView (the mentor's Student Jobs)", () => {
  it('marks a job whose counted cards include an undecided dispute Disputed, not Completed', async () => {
    answerJobs([disputedInstalls, confirmedService]);
    renderWithProviders(<MentorJobsView />, { route: '/dashboard?view=jobs', session });

    const installs = await screen.findByRole('article', { name: 'Boiler Installs for Sam Student' });
    expect(within(installs).getByText('Disputed', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(installs).queryByText('Completed')).toBeNull();
    expect(within(installs).queryByText('Complete')).toBeNull();
    expect(within(installs).getByTestId('job-status').textContent).toBe('Disputed');

    const service = screen.getByRole('article', { name: 'Boiler Service for Sam Student' });
    expect(within(service).getByText('Completed', { selector: '.MuiChip-label' })).toBeTruthy();

    // The student's summary agrees with the cards: one job disputed, not "All complete".
    const group = screen.getByTestId('student-job-group');
    expect(within(group).queryByText('All complete')).toBeNull();
    expect(within(group).getByText('1 disputed')).toBeTruthy();
  });

  it('reads All complete once every job is complete and no dispute is open', async () => {
    answerJobs([confirmedService]);
    renderWithProviders(<MentorJobsView />, { route: '/dashboard?view=jobs', session });

    const group = await screen.findByTestId('student-job-group');
    expect(within(group).getByText('All complete')).toBeTruthy();
  });
});

describe('a card whose sign-off waits in the outbox', () => {
  it('shows it queued in place of Mark Complete, on the jobs list and the job details', async () => {
    const open = jobFixture({ id: 'job-open', Job_Type: 'Boiler Service', Total_Count: 3 });
    const other = jobFixture({ id: 'job-other', Job_Type: 'Repair', Total_Count: 3 });
    const box = await appOutbox();
    const item = await box.add({
      userId: session.user.id,
      kind: 'sign-off',
      label: 'Boiler Service, card 1 for Sam Student',
      method: 'PUT',
      path: signOffPath('job-open'),
      body: {},
    });
    // Another user's sign-off of the other job on this device changes nothing here.
    await box.add({ userId: 'mentor-2', kind: 'sign-off', label: 'x', method: 'PUT', path: signOffPath('job-other') });
    answerJobs([open, other]);
    const view = renderWithProviders(<MentorJobsView />, { route: '/dashboard?view=jobs', session });

    const queued = await screen.findByRole('article', { name: 'Boiler Service for Sam Student' });
    await within(queued).findByText('Sign-off waiting to send');
    expect(within(queued).queryByRole('button', { name: /^Mark Complete/ })).toBeNull();
    const repair = screen.getByRole('article', { name: 'Repair for Sam Student' });
    expect(within(repair).getByRole('button', { name: 'Mark Complete: Repair for Sam Student' })).toBeTruthy();
    expect(within(repair).queryByTestId('queued-in-outbox')).toBeNull();
    view.unmount();

    server.use(
      studentCriteriaHandler(),
      contractHttp('GET', '/api/jobs/:id', ({ ok }) =>
        ok(200, {
          job: open,
          student: {
            id: 'student-1',
            Name: 'Sam Student',
            Email: 'sam@example.test',
            Phone_Number: null,
            Postcode: null,
          },
          signatures: [],
        }),
      ),
    );
    renderWithProviders(<JobDetailView />, { route: '/dashboard?view=job-detail&id=job-open', session });
    await screen.findByText('Sign-off waiting to send');
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();

    // Discarded from the outbox, the card may be signed again.
    await box.discard(item.id, session.user.id);
    await screen.findByRole('button', { name: 'Mark Complete' });
    expect(screen.queryByTestId('queued-in-outbox')).toBeNull();
  });
});

describe("JobDetailView (the mentor's Job Details)", () => {
  it('shows Disputed, not Completed, while a counted sign-off is disputed', async () => {
    server.use(
      studentCriteriaHandler(),
      contractHttp('GET', '/api/jobs/:id', ({ ok }) =>
        ok(200, {
          job: disputedInstalls,
          student: {
            id: 'student-1',
            Name: 'Sam Student',
            Email: 'sam.student@example.test',
            Phone_Number: null,
            Postcode: null,
          },
          signatures: disputedInstalls.signatures,
        }),
      ),
    );
    renderWithProviders(<JobDetailView />, { route: '/dashboard?view=job-detail&id=job-installs', session });

    const heading = await screen.findByRole('heading', { level: 2, name: 'Boiler Installs' });
    const header = heading.closest('.MuiCardContent-root') as HTMLElement;
    expect(within(header).getByText('Disputed', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(header).queryByText('Completed')).toBeNull();
  });
});

describe('JobDetailView: what each signed card evidences', () => {
  useBlobUrls();

  /** Job Details of a job with a card signed before evidence and one with evidence and two photos. */
  function showEvidencedJob(photoHandler: RequestHandler) {
    const evidenced = evidencedCardFixture(2, {
      signature_id: 'sig-ev',
      signed_at: '2026-11-20T10:31:00.000Z',
      captured_at: '2026-11-20T10:29:00.000Z',
      reflection: 'I learned to check the flue before the gas rate.',
    });
    const earlier = signedCardFixture({ signature_id: 'sig-old', evidence: null, evidence_note: PRE_EVIDENCE_LABEL });
    const job = jobFixture({ id: 'job-ev', Total_Count: 3, signatures: [earlier, evidenced] });
    server.use(
      photoHandler,
      studentCriteriaHandler(),
      contractHttp('GET', '/api/jobs/:id', ({ ok }) =>
        ok(200, {
          job,
          student: {
            id: 'student-1',
            Name: 'Sam Student',
            Email: 'sam@example.test',
            Phone_Number: null,
            Postcode: null,
          },
          signatures: job.signatures,
        }),
      ),
    );
    return renderWithProviders(<JobDetailView />, { route: '/dashboard?view=job-detail&id=job-ev', session });
  }

  it('shows the work done, appliance, site, time on the job, both times and the photos, each opening large', async () => {
    const photos = jobPhotoHandler();
    const { user } = showEvidencedJob(photos.handler);

    const [before, after] = await screen.findAllByTestId('card-evidence');
    expect(within(before).getByTestId('evidence-note').textContent).toBe(PRE_EVIDENCE_LABEL);
    const field = (label: string) => within(after).getByText(label).nextElementSibling?.textContent;
    expect(field('Work done')).toBe('Serviced the boiler: checked the flue, gas rate and safety devices.');
    expect(field('Appliance')).toBe('Boiler · Worcester Bosch Greenstar 4000');
    expect(field('Site postcode')).toBe('M14 6HR');
    expect(field('Time on the job')).toBe('1 h');
    expect(field('Signed at')).toBe('20 Nov 2026, 10:31');
    expect(field('Captured at')).toBe('20 Nov 2026, 10:29');
    expect(within(after).getByTestId('card-reflection').textContent).toContain(
      'I learned to check the flue before the gas rate.',
    );

    const thumbs = within(within(after).getByRole('list', { name: 'Photos' })).getAllByTestId('evidence-photo');
    expect(thumbs.map((t) => t.getAttribute('aria-label'))).toEqual(['Open photo 1 of 2', 'Open photo 2 of 2']);
    await waitFor(() => expect(photos.requested.sort()).toEqual(['ph-1', 'ph-2']));
    await user.click(thumbs[1]);
    const large = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    await waitFor(() =>
      expect(within(large).getByRole('img', { name: 'Photo 2 of 2' }).getAttribute('src')).toMatch(/^blob:/),
    );
  });

  it('names a photo that could not be loaded by the words it shows', async () => {
    showEvidencedJob(http.get('/api/job-photos/:id', () => HttpResponse.error()));

    const [, after] = await screen.findAllByTestId('card-evidence');
    const first = () => within(after).getAllByTestId('evidence-photo')[0];
    await waitFor(() => expect(first().textContent).toBe('Not loaded'));
    expect(first().getAttribute('aria-label')).toBe('Open photo 1 of 2: not loaded');
  });
});
