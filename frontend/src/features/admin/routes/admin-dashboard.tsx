import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { LogoMark } from '../../../components/logo';
import { StatCard } from '../../../components/stat-card';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
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
import {
  useAdminCentresQuery,
  useAdminMentorsQuery,
  useAdminPlacementsQuery,
  useAdminStudentsQuery,
  type AdminUserRole,
  type Placement,
} from '../api/admin-api';
import { PLACEMENT_STATUSES, type AdminStudent } from '@panda/contracts/admin';
import type { AccountActionTarget } from '../components/account-action-dialog';
import type { HistoryTarget } from '../components/history-dialog';
import type { MatchTarget } from '../components/match-dialog';
import { PlacementsTable } from '../components/placements-table';
import { UsersTable, type UserRow } from '../components/users-table';
import { FILTERS, ListSelect, PLACEMENT_SORTS, USER_SORTS, type FilterName } from '../components/list-controls';
import { itemName, shortDate } from '../lib/format';
import { Pager } from '../../../components/pager';
import { PAGE_SIZE, useCursorPager, useDebouncedValue } from '../../../lib/paging';
import { portalPath } from '../lib/portal';
import { useDocumentTitle } from '../../../lib/document-title';
import { lazyDialog } from '../../../components/lazy-dialog';

// The dialogs load when first opened.
const AccountActionDialog = lazyDialog(
  () => import('../components/account-action-dialog').then((m) => m.AccountActionDialog),
  (p) => !!p.target,
);
const HistoryDialog = lazyDialog(
  () => import('../components/history-dialog').then((m) => m.HistoryDialog),
  (p) => !!p.target,
);
const MatchDialog = lazyDialog(
  () => import('../components/match-dialog').then((m) => m.MatchDialog),
  (p) => !!p.target,
);
const PlacementDialog = lazyDialog(
  () => import('../components/placement-dialog').then((m) => m.PlacementDialog),
  (p) => !!p.placement,
);
const RegisterStudentDialog = lazyDialog(
  () => import('../components/register-student-dialog').then((m) => m.RegisterStudentDialog),
  (p) => p.open,
);
const SignInLogDialog = lazyDialog(
  () => import('../components/signin-log-dialog').then((m) => m.SignInLogDialog),
  (p) => p.open,
);

type TabKey = 'students' | 'mentors' | 'training_centres' | 'placements' | string;

/** A tab another feature adds, composed by the app (e.g. the Audit view); its panel replaces the lists' search bar and table. */
export interface ExtraTab {
  key: string;
  /** The tab's name, or a name with a live count. */
  label: React.ReactNode;
  render: () => React.ReactNode;
}

function studentPlacementText(s: AdminStudent): string {
  if (s.Matched) return s.mentor_name ? `Matched with ${s.mentor_name}` : 'Matched';
  if (s.pending_placement_id) return 'Pending: awaiting mentor acceptance';
  return 'Pending: unplaced';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const count = (n: number) => n.toLocaleString('en-GB');

/** The filters each table offers (docs/rules.md#list-paging: locked, unvetted, unplaced; placement status). */
const TAB_FILTERS: Record<string, FilterName[]> = {
  students: ['locked', 'placed'],
  mentors: ['locked', 'vetted'],
  training_centres: ['locked', 'vetted'],
  placements: ['status'],
};
type ListView = { sort?: string } & Partial<Record<FilterName, string>>;
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
  const [search, setSearch] = useState('');
  // Each table's sort and filters, kept while the admin switches tabs; the search box is shared.
  const [views, setViews] = useState<Record<string, ListView>>({});
  const view = views[tab] ?? {};
  const setView = (key: keyof ListView, value: string) =>
    setViews((v) => ({ ...v, [tab]: { ...v[tab], [key]: value } }));
  const q = useDebouncedValue(search.trim());
  const pager = useCursorPager(`${tab}|${q}|${JSON.stringify(view)}`);
  const [action, setAction] = useState<AccountActionTarget | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [match, setMatch] = useState<MatchTarget | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  // docs/rules.md#list-paging: the table on show asks the server for one page, searched, sorted and filtered there.
  const paging = { limit: PAGE_SIZE, cursor: pager.cursor, q: q || undefined, sort: view.sort || undefined };
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

  const studentRows: UserRow[] = useMemo(
    () =>
      (students.data?.items ?? []).map((s) => ({
        id: s.id,
        name: itemName(s, 'student'),
        email: s.Email,
        created: shortDate(s.Created_At),
        locked: s.account_locked,
        caption: [
          s.account_type === 'Independent' ? 'Independent' : (s.training_centre_name ?? 'Training Centre'),
          studentPlacementText(s),
        ].join(' · '),
        canMatch: !s.Matched && !s.pending_placement_id && !s.account_locked,
      })),
    [students.data],
  );
  const mentorRows: UserRow[] = useMemo(
    () =>
      (mentors.data?.items ?? []).map((m) => ({
        id: m.id,
        name: itemName(m, 'mentor'),
        email: m.Email,
        created: shortDate(m.Created_At),
        locked: m.account_locked,
        vetted: m.vetted,
        caption: [
          m.profile_complete ? (m.Business_Name ?? 'Profile complete') : 'Profile incomplete',
          m.student_count ? plural(m.student_count, 'active student') : 'No active students',
          ...(m.pending_requests ? [plural(m.pending_requests, 'pending request')] : []),
        ].join(' · '),
      })),
    [mentors.data],
  );
  const centreRows: UserRow[] = useMemo(
    () =>
      (centres.data?.items ?? []).map((c) => ({
        id: c.id,
        name: itemName(c, 'training_centre'),
        email: c.Email,
        created: shortDate(c.Created_At),
        locked: c.account_locked,
        vetted: c.vetted,
        caption: [`${c.First_Name} ${c.Last_Name}`.trim(), plural(c.student_count, 'student')]
          .filter(Boolean)
          .join(' · '),
      })),
    [centres.data],
  );
  const placementRows = placements.data?.items ?? [];

  const openAction = (role: AdminUserRole) => (a: AccountActionTarget['action'], row: UserRow) =>
    setAction({ action: a, role, id: row.id, name: row.name });
  const openHistory = (role: AdminUserRole) => (row: UserRow) => setHistory({ role, id: row.id, name: row.name });
  // The placement being managed follows live updates of the list.
  const currentPlacement = placement ? (placementRows.find((p) => p.id === placement.id) ?? placement) : null;

  const tabs: { key: TabKey; label: string; noun: string; count: number | undefined }[] = [
    { key: 'students', label: 'Students', noun: 'students', count: studentTotal.data?.total },
    { key: 'mentors', label: 'Mentors', noun: 'mentors', count: mentorTotal.data?.total },
    { key: 'training_centres', label: 'Training Centres', noun: 'training centres', count: centreTotal.data?.total },
    { key: 'placements', label: 'Placements', noun: 'placements', count: placementTotal.data?.total },
  ];
  const extra = extraTabs.find((t) => t.key === tab);
  const current = tabs.find((t) => t.key === tab);
  const page = list?.data;
  const table =
    tab === 'students' ? (
      <UsersTable
        role="student"
        label="Students"
        rows={studentRows}
        onAction={openAction('student')}
        onHistory={openHistory('student')}
        onMatch={(row) => setMatch({ id: row.id, name: row.name })}
      />
    ) : tab === 'mentors' ? (
      <UsersTable
        role="mentor"
        label="Mentors"
        rows={mentorRows}
        onAction={openAction('mentor')}
        onHistory={openHistory('mentor')}
      />
    ) : tab === 'training_centres' ? (
      <UsersTable
        role="training_centre"
        label="Training Centres"
        rows={centreRows}
        onAction={openAction('training_centre')}
        onHistory={openHistory('training_centre')}
      />
    ) : (
      <PlacementsTable rows={placementRows} onOpen={setPlacement} />
    );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ bgcolor: '#0f172a', color: '#fff', borderBottom: '1px solid rgba(255,255,255,0.08)' }}
      >
        <Container maxWidth="xl" sx={{ py: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <LogoMark size={38} />
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Typography variant="h6" component="h1" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
              Admin Dashboard
            </Typography>
            <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.7)' }}>
              Signed in as {displayName(user) || 'Admin'}
            </Typography>
          </Box>
          <Button
            color="inherit"
            variant="text"
            onClick={() => setLogOpen(true)}
            sx={{ color: 'rgba(255,255,255,0.85)' }}
          >
            Sign-in log
          </Button>
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<Logout />}
            onClick={signOut}
            sx={{ borderColor: 'rgba(255,255,255,0.4)' }}
          >
            Logout
          </Button>
        </Container>
      </Box>

      <Container maxWidth="xl" component="main" sx={{ py: { xs: 3, md: 4 } }}>
        <Box
          data-testid="admin-stats"
          sx={(t) => ({
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 3,
            // On a phone the counters are small tiles, three to a row without their icons, so that the list
            // tabs (Support and Disputes among them) are on the first screen (docs/rules.md#phone-first-screen).
            [t.breakpoints.down('sm')]: {
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              gap: 1,
              mb: 2,
              '& .MuiCardContent-root, & .MuiCardContent-root:last-child': { p: 1.25 },
              '& .MuiCardContent-root > [aria-hidden]': { display: 'none' },
              '& .MuiCardContent-root .MuiTypography-body2': { fontSize: '0.75rem', lineHeight: 1.3 },
              '& .MuiCardContent-root > div > div:not(.MuiTypography-caption)': { fontSize: '1.15rem' },
            },
          })}
        >
          <StatCard
            label="Total Students"
            value={studentTotal.data?.total ?? 0}
            loading={studentTotal.isLoading}
            icon={<SchoolOutlined />}
            tone="primary"
          />
          <StatCard
            label="Total Mentors"
            value={mentorTotal.data?.total ?? 0}
            loading={mentorTotal.isLoading}
            icon={<EngineeringOutlined />}
            tone="secondary"
          />
          <StatCard
            label="Training Centres"
            value={centreTotal.data?.total ?? 0}
            loading={centreTotal.isLoading}
            icon={<ApartmentOutlined />}
            tone="info"
          />
          <StatCard
            label="Total Placements"
            value={placementTotal.data?.total ?? 0}
            loading={placementTotal.isLoading}
            icon={<HandshakeOutlined />}
            tone="success"
          />
          {extraStats}
        </Box>

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
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ p: 2, alignItems: { md: 'center' }, display: extra ? 'none' : undefined }}
          >
            <TextField
              placeholder="Search by name or email..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              size="small"
              sx={{ flex: 1, maxWidth: { md: 480 } }}
              slotProps={{
                htmlInput: { 'aria-label': 'Search by name or email', type: 'search' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ minWidth: 0, flexShrink: { md: 0 } }}>
              <ListSelect
                id="admin-sort"
                label="Sort by"
                value={view.sort ?? '-created'}
                choices={tab === 'placements' ? PLACEMENT_SORTS : USER_SORTS}
                onChange={(v) => setView('sort', v)}
              />
              {(TAB_FILTERS[tab] ?? []).map((f) => (
                <ListSelect
                  key={f}
                  id={`admin-filter-${f}`}
                  label={FILTERS[f].label}
                  value={view[f] ?? ''}
                  choices={FILTERS[f].choices}
                  onChange={(v) => setView(f, v)}
                />
              ))}
            </Stack>
            <Box sx={{ flex: 1 }} />
            {tab === 'students' && (
              <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setRegisterOpen(true)}>
                Register Independent Student
              </Button>
            )}
          </Stack>
          <Tabs
            value={tab}
            onChange={(_e, v: TabKey) => setTab(v)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label="Admin lists"
            sx={(t) => ({
              px: 1,
              borderBottom: 1,
              borderColor: 'divider',
              // On a phone every tab is in view: they wrap onto more rows instead of scrolling sideways, the
              // one shown marked by a tint (the underline cannot follow a wrapped row).
              [t.breakpoints.down('sm')]: {
                '& .MuiTabs-list': { flexWrap: 'wrap' },
                '& .MuiTabs-indicator': { display: 'none' },
                '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1.5, py: 1 },
                '& .MuiTab-root.Mui-selected': { bgcolor: 'rgba(29, 78, 216, 0.08)', borderRadius: 2 },
              },
            })}
          >
            {tabs.map((t) => (
              <Tab
                key={t.key}
                value={t.key}
                label={t.count === undefined ? t.label : `${t.label} (${count(t.count)})`}
                id={`admin-tab-${t.key}`}
                aria-controls={`admin-panel-${t.key}`}
              />
            ))}
            {extraTabs.map((t) => (
              <Tab
                key={t.key}
                value={t.key}
                label={t.label}
                id={`admin-tab-${t.key}`}
                aria-controls={`admin-panel-${t.key}`}
              />
            ))}
          </Tabs>
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
              <>
                {page && current && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    role="status"
                    data-testid="admin-list-total"
                    sx={{ px: 2, pt: 1.5 }}
                  >
                    Showing {count(page.items.length)} of {count(page.total)} {current.noun}
                  </Typography>
                )}
                {table}
                <Pager
                  label={`${current?.label ?? 'List'} pages`}
                  total={page?.total ?? 0}
                  pageIndex={pager.pageIndex}
                  next={page?.next ?? null}
                  onNext={pager.next}
                  onPrevious={pager.previous}
                />
              </>
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
