import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/fixtures';
import {
  adminCentreFixture,
  adminListHandler,
  adminMentorFixture,
  adminPlacementFixture,
  adminStudentFixture,
} from '../../../testing/handlers/admin';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { AdminDashboardRoute } from './admin-dashboard';

const session = { token: 'admin-token', user: testUser('admin') };
const isTotal = (p: URLSearchParams) => p.get('limit') === '1';

/** The four admin lists: 120 students in pages of 50 (searchable by name), 3 mentors, 1 centre, 2 placements. */
function adminLists() {
  const students = Array.from({ length: 120 }, (_, i) => adminStudentFixture(i + 1));
  const studentList = adminListHandler('/api/admin/users/students', (p) => {
    if (isTotal(p)) return { items: students.slice(0, 1), total: students.length };
    const q = (p.get('q') ?? '').toLowerCase();
    const match = students.filter((s) => s.Name.toLowerCase().includes(q));
    const from = p.get('cursor') === 'page-2' ? 50 : 0;
    return {
      items: match.slice(from, from + 50),
      total: match.length,
      next: from + 50 < match.length ? 'page-2' : undefined,
    };
  });
  const mentors = [1, 2, 3].map((n) => adminMentorFixture(n, n === 3 ? { vetted: false, account_locked: true } : {}));
  const mentorList = adminListHandler('/api/admin/users/mentors', () => ({ items: mentors, total: 3 }));
  const centreList = adminListHandler('/api/admin/users/training-centres', () => ({
    items: [adminCentreFixture(1)],
    total: 1,
  }));
  const placementList = adminListHandler('/api/admin/placements', () => ({
    items: [adminPlacementFixture(1), adminPlacementFixture(2, { Status: 'pending', Placed_At: null })],
    total: 2,
  }));
  server.use(studentList.handler, mentorList.handler, centreList.handler, placementList.handler);
  return { studentList, mentorList };
}
const listRequests = (requests: URLSearchParams[]) => requests.filter((p) => !isTotal(p)).map((p) => p.toString());

describe('Admin dashboard', () => {
  it('shows the totals and the first page of students from the lists', async () => {
    adminLists();
    renderWithProviders(<AdminDashboardRoute />, { route: '/admin/dashboard', session });

    const table = await screen.findByRole('table', { name: 'Students' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Signed in as Ada Admin')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Mentors (3)' })).toBeTruthy());
    expect(screen.getByRole('tab', { name: 'Students (120)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Training Centres (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Placements (2)' })).toBeTruthy();
    const stats = screen.getByTestId('admin-stats');
    expect(within(stats).getByText('120')).toBeTruthy();
    expect(screen.getByTestId('admin-list-total').textContent).toBe('Showing 50 of 120 students');
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.getAttribute('data-user-id')).toBe('stu-1');
    expect(within(first).getByText('North Gas Academy · Pending: unplaced')).toBeTruthy();
    for (const name of ['Match', 'Lock', 'History']) expect(within(first).getByRole('button', { name })).toBeTruthy();
  });

  it('asks the server for the search, the sort, a filter and the next page', async () => {
    const { studentList } = adminLists();
    const { user } = renderWithProviders(<AdminDashboardRoute />, { route: '/admin/dashboard', session });
    await screen.findByRole('table', { name: 'Students' });
    expect(listRequests(studentList.requests)).toEqual(['limit=50']);

    const pager = screen.getByRole('navigation', { name: 'Students pages' });
    await user.click(within(pager).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByTestId('admin-list-total').textContent).toBe('Showing 50 of 120 students'));
    await waitFor(() => expect(within(pager).getByText('51–100 of 120')).toBeTruthy());
    expect(listRequests(studentList.requests).at(-1)).toBe('limit=50&cursor=page-2');

    // Pasted, not typed key by key: each key re-renders the 50-row table, seconds a key on busy cores, and the
    // search is sent after a pause in typing either way (src/lib/paging.ts).
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or email' }));
    await user.paste('Number 11');
    await waitFor(() => expect(screen.getByTestId('admin-list-total').textContent).toBe('11 students'));
    expect(listRequests(studentList.requests).at(-1)).toBe('limit=50&q=Number+11');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Name (Z–A)' }));
    await waitFor(() => expect(listRequests(studentList.requests).at(-1)).toBe('limit=50&q=Number+11&sort=-name'));

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(screen.getByRole('option', { name: 'Locked' }));
    await waitFor(() =>
      expect(listRequests(studentList.requests).at(-1)).toBe('limit=50&q=Number+11&sort=-name&locked=true'),
    );
  });

  it('says No users found when nothing matches the search', async () => {
    adminLists();
    const { user } = renderWithProviders(<AdminDashboardRoute />, { route: '/admin/dashboard', session });
    await screen.findByRole('table', { name: 'Students' });
    await user.click(screen.getByRole('searchbox', { name: 'Search by name or email' }));
    await user.paste('nobody');
    // Found by its text, then checked to be a cell: a role query polled over the 50-row table takes seconds
    // when the cores are busy (`npm run test:quick` runs this beside lint and tsc).
    const empty = await screen.findByText('No users found', {}, { timeout: 15_000 });
    expect(empty.closest('td')?.textContent).toBe('No users found');
    expect(screen.getByTestId('admin-list-total').textContent).toBe('No students');
  });

  it('shows mentors with their vetting and placements with their progress', async () => {
    adminLists();
    const { user } = renderWithProviders(<AdminDashboardRoute />, { route: '/admin/dashboard', session });
    await screen.findByRole('table', { name: 'Students' });

    await user.click(screen.getByRole('tab', { name: /^Mentors/ }));
    const mentors = await screen.findByRole('table', { name: 'Mentors' }, { timeout: 5000 });
    const locked = within(mentors)
      .getAllByRole('row')
      .find((r) => r.getAttribute('data-user-id') === 'men-3')!;
    for (const text of ['Locked', 'Not Vetted']) expect(within(locked).getByText(text)).toBeTruthy();
    for (const name of ['Unlock', 'Vet', 'History']) expect(within(locked).getByRole('button', { name })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /^Placements/ }));
    const placements = await screen.findByRole('table', { name: 'Placements' }, { timeout: 5000 });
    expect(
      within(placements)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Mentor', 'Training Centre', 'Status', 'Progress', 'Placed Date', 'Actions']);
    expect(screen.getAllByTestId('placement-progress').map((c) => c.textContent)).toEqual([
      '10 of 18 cards (56%)',
      '10 of 18 cards (56%)',
    ]);
    expect(within(placements).getAllByRole('button', { name: 'Manage' })).toHaveLength(2);
    expect(within(placements).getByText('N/A')).toBeTruthy();
  });
});
