import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { PagerPaging } from '../../../components/data-table';
import type { Noun } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { useDocumentTitle } from '../../../lib/document-title';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useServerList, type ListView } from '../../../lib/paging';
import {
  displayName,
  logout,
  selectSessionExpired,
  selectSessionStatus,
  selectToken,
  selectUser,
  type SessionUser,
} from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PLACEMENT_STATUSES } from '@panda/contracts/admin';
import {
  useAdminCentresQuery,
  useAdminMentorsQuery,
  useAdminPlacementsQuery,
  useAdminStudentsQuery,
  type AdminUserRole,
  type Placement,
} from '../api/admin-api';
import type { AccountActionTarget } from '../components/account-action-dialog';
import {
  AccountActionDialog,
  HistoryDialog,
  MatchDialog,
  PlacementDialog,
  RegisterStudentDialog,
  SignInLogDialog,
} from '../components/admin-dialogs';
import { AdminHeader } from '../components/admin-header';
import { AdminStats } from '../components/admin-stats';
import { AdminTabs } from '../components/admin-tabs';
import { AdminToolbar } from '../components/admin-toolbar';
import type { HistoryTarget } from '../components/history-dialog';
import type { MatchTarget } from '../components/match-dialog';
import { PlacementsTable } from '../components/placements-table';
import { UsersTable, type UserRow } from '../components/users-table';
import { portalPath } from '../lib/portal';
import { centreRow, mentorRow, studentRow } from '../lib/rows';

type TabKey = 'students' | 'mentors' | 'training_centres' | 'placements' | string;

/** A tab another feature adds, composed by the app (e.g. the Audit view); its panel replaces the lists' search bar and table. */
export interface ExtraTab {
  key: string;
  /** The tab's name, or a name with a live count. */
  label: React.ReactNode;
  render: () => React.ReactNode;
}

const count = (n: number) => n.toLocaleString('en-GB');

const flag = (v: string | undefined): 'true' | 'false' | undefined =>
  v === 'true' ? 'true' : v === 'false' ? 'false' : undefined;
const statusOf = (v: ListView) => PLACEMENT_STATUSES.find((s) => s === v.status);

/** Admin dashboard (spec "Admin dashboard"): only with a stored admin session, else back to the portal. */
export function AdminDashboardRoute({
  extraTabs = [],
  extraStats,
}: {
  extraTabs?: ExtraTab[];
  extraStats?: React.ReactNode;
}) {
  const status = useAppSelector(selectSessionStatus);
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const expired = useAppSelector(selectSessionExpired);
  const portal = useMemo(() => portalPath(), []);

  useEffect(() => {
    document.title = 'Admin Dashboard · Panda';
  }, []);

  if (status === 'checking') return <LoadingScreen message="Loading admin dashboard..." />;
  // After 'Session expired. Please log in again.' the root layout goes back to the portal (not the
  // users' /auth page) 1.5 s later, as on the user dashboard.
  if (!token && expired) return <LoadingScreen message="Redirecting to sign in..." />;
  if (!token || !user || user.role !== 'admin') return <Navigate to={portal ?? '/'} replace />;
  return <AdminDashboard user={user} portal={portal} extraTabs={extraTabs} extraStats={extraStats} />;
}

function AdminDashboard({
  user,
  portal,
  extraTabs,
  extraStats,
}: {
  user: SessionUser;
  portal: string | null;
  extraTabs: ExtraTab[];
  extraStats?: React.ReactNode;
}) {
  useDocumentTitle('Admin Dashboard');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // A notification's link may name the tab (`?tab=disputes`).
  const [tab, setTab] = useState<TabKey>(() => {
    const named = new URLSearchParams(window.location.search).get('tab');
    return named && ['mentors', 'training_centres', 'placements', ...extraTabs.map((t) => t.key)].includes(named)
      ? named
      : 'students';
  });
  // Each table's sort and filters, kept while the admin switches tabs; the search box is shared.
  const { search, setSearch, view, setView, pager, args: paging } = useServerList(tab);
  const [action, setAction] = useState<AccountActionTarget | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [match, setMatch] = useState<MatchTarget | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  // docs/rules.md#list-paging: the table on show asks the server for one page, searched, sorted and filtered there.
  const accountArgs = { ...paging, locked: flag(view.locked), vetted: flag(view.vetted) };
  const students = useAdminStudentsQuery(
    { ...paging, locked: flag(view.locked), placed: flag(view.placed) },
    { skip: tab !== 'students' },
  );
  const mentors = useAdminMentorsQuery(accountArgs, { skip: tab !== 'mentors' });
  const centres = useAdminCentresQuery(accountArgs, { skip: tab !== 'training_centres' });
  const placements = useAdminPlacementsQuery({ ...paging, status: statusOf(view) }, { skip: tab !== 'placements' });
  // The totals of the stat cards and tabs: one row of each list, unfiltered.
  const studentTotal = useAdminStudentsQuery({ limit: 1 });
  const mentorTotal = useAdminMentorsQuery({ limit: 1 });
  const centreTotal = useAdminCentresQuery({ limit: 1 });
  const placementTotal = useAdminPlacementsQuery({ limit: 1 });
  const totals = [studentTotal, mentorTotal, centreTotal, placementTotal];
  const list = { students, mentors, training_centres: centres, placements }[tab];
  const queries = [...totals, ...(list ? [list] : [])];
  const failed = queries.some((q) => q.isError);
  const loading = !!list?.isLoading;
  const fetching = queries.some((q) => q.isFetching);

  const reported = useRef(false);
  useEffect(() => {
    if (failed && !reported.current) toast.error('Failed to load user data');
    reported.current = failed;
  }, [failed]);

  const signOut = () => {
    dispatch(logout({ endSession: true }));
    toast.success('Logged out successfully');
    navigate(portal ?? '/', { replace: true });
  };

  const studentRows = useMemo(() => (students.data?.items ?? []).map(studentRow), [students.data]);
  const mentorRows = useMemo(() => (mentors.data?.items ?? []).map(mentorRow), [mentors.data]);
  const centreRows = useMemo(() => (centres.data?.items ?? []).map(centreRow), [centres.data]);
  const placementRows = placements.data?.items ?? [];

  const userActions = (role: AdminUserRole) => ({
    onAction: (a: AccountActionTarget['action'], row: UserRow) =>
      setAction({ action: a, role, id: row.id, name: row.name }),
    onHistory: (row: UserRow) => setHistory({ role, id: row.id, name: row.name }),
  });
  // The placement being managed follows live updates of the list.
  const currentPlacement = placement ? (placementRows.find((p) => p.id === placement.id) ?? placement) : null;

  const tabs: { key: TabKey; label: string; noun: Noun; count: number | undefined }[] = [
    { key: 'students', label: 'Students', noun: ['student', 'students'], count: studentTotal.data?.total },
    { key: 'mentors', label: 'Mentors', noun: ['mentor', 'mentors'], count: mentorTotal.data?.total },
    {
      key: 'training_centres',
      label: 'Training Centres',
      noun: ['training centre', 'training centres'],
      count: centreTotal.data?.total,
    },
    { key: 'placements', label: 'Placements', noun: ['placement', 'placements'], count: placementTotal.data?.total },
  ];
  const extra = extraTabs.find((t) => t.key === tab);
  const current = tabs.find((t) => t.key === tab);
  const page = list?.data;
  const pages: PagerPaging | undefined =
    page && current
      ? {
          kind: 'pager',
          noun: current.noun,
          total: page.total,
          pageIndex: pager.pageIndex,
          next: page.next,
          onNext: pager.next,
          onPrevious: pager.previous,
          totalTestId: 'admin-list-total',
        }
      : undefined;
  const table =
    tab === 'students' ? (
      <UsersTable
        role="student"
        label="Students"
        rows={studentRows}
        {...userActions('student')}
        onMatch={(row) => setMatch({ id: row.id, name: row.name })}
        paging={pages}
      />
    ) : tab === 'mentors' ? (
      <UsersTable role="mentor" label="Mentors" rows={mentorRows} {...userActions('mentor')} paging={pages} />
    ) : tab === 'training_centres' ? (
      <UsersTable
        role="training_centre"
        label="Training Centres"
        rows={centreRows}
        {...userActions('training_centre')}
        paging={pages}
      />
    ) : (
      <PlacementsTable rows={placementRows} onOpen={setPlacement} paging={pages} />
    );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AdminHeader name={displayName(user) || 'Admin'} onOpenLog={() => setLogOpen(true)} onSignOut={signOut} />

      <Container maxWidth="xl" component="main" sx={{ py: { xs: 3, md: 4 } }}>
        <AdminStats totals={totals.map((t) => ({ total: t.data?.total, loading: t.isLoading }))} extra={extraStats} />

        {failed && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => queries.forEach((q) => q.isError && q.refetch())}>
                Retry
              </Button>
            }
          >
            Failed to load user data
          </Alert>
        )}

        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <AdminToolbar
            tab={tab}
            hidden={!!extra}
            search={search}
            onSearch={setSearch}
            view={view}
            onView={setView}
            onRegister={() => setRegisterOpen(true)}
          />
          <AdminTabs
            tab={tab}
            onChange={setTab}
            tabs={[
              ...tabs.map((t) => ({
                key: t.key,
                label: t.count === undefined ? t.label : `${t.label} (${count(t.count)})`,
              })),
              ...extraTabs,
            ]}
          />
          {fetching && !loading ? (
            <LinearProgress sx={{ height: 2 }} aria-label="Refreshing" />
          ) : (
            <Box sx={{ height: 2 }} />
          )}
          <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
            {extra ? (
              <Box sx={{ p: { xs: 1.5, md: 2 } }}>{extra.render()}</Box>
            ) : loading ? (
              <LoadingScreen fullScreen={false} message="Loading..." />
            ) : (
              table
            )}
          </Box>
        </Paper>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2, color: 'text.secondary' }}>
          <AssignmentIndOutlined fontSize="small" />
          <Typography variant="caption">
            Every lock, vetting change and placement is recorded with who did it and when. Open History on a row for its
            timeline.
          </Typography>
        </Stack>
      </Container>

      <AccountActionDialog target={action} onClose={() => setAction(null)} />
      <HistoryDialog target={history} onClose={() => setHistory(null)} />
      <MatchDialog target={match} onClose={() => setMatch(null)} />
      <PlacementDialog placement={currentPlacement} onClose={() => setPlacement(null)} />
      <RegisterStudentDialog open={registerOpen} onClose={() => setRegisterOpen(false)} />
      <SignInLogDialog open={logOpen} onClose={() => setLogOpen(false)} />
    </Box>
  );
}
