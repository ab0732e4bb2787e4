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
  type AdminStudent,
  type AdminUserRole,
  type Placement,
} from '../api/admin-api';
import type { AccountActionTarget } from '../components/account-action-dialog';
import type { HistoryTarget } from '../components/history-dialog';
import type { MatchTarget } from '../components/match-dialog';
import { PlacementsTable } from '../components/placements-table';
import { UsersTable, type UserRow } from '../components/users-table';
import { itemCreated, itemEmail, itemName, matchesSearch, placementCentre, shortDate } from '../lib/format';
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
  label: string;
  render: () => React.ReactNode;
}

function studentPlacementText(s: AdminStudent): string {
  if (s.Matched) return s.mentor_name ? `Matched with ${s.mentor_name}` : 'Matched';
  if (s.pending_placement_id) return 'Pending: awaiting mentor acceptance';
  return 'Pending: unplaced';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

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
  const [action, setAction] = useState<AccountActionTarget | null>(null);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [match, setMatch] = useState<MatchTarget | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const students = useAdminStudentsQuery();
  const mentors = useAdminMentorsQuery();
  const centres = useAdminCentresQuery();
  const placements = useAdminPlacementsQuery();
  const queries = [students, mentors, centres, placements];
  const failed = queries.some((q) => q.isError);
  const loading = queries.some((q) => q.isLoading);
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
      (students.data ?? [])
        .filter((s) => matchesSearch(search, itemName(s, 'student'), itemEmail(s)))
        .map((s) => ({
          id: s.id,
          name: itemName(s, 'student'),
          email: itemEmail(s),
          created: shortDate(itemCreated(s)),
          locked: s.account_locked,
          caption: [
            s.account_type === 'Independent' ? 'Independent' : (s.training_centre_name ?? 'Training Centre'),
            studentPlacementText(s),
          ].join(' · '),
          canMatch: !s.Matched && !s.pending_placement_id && !s.account_locked,
        })),
    [students.data, search],
  );
  const mentorRows: UserRow[] = useMemo(
    () =>
      (mentors.data ?? [])
        .filter((m) => matchesSearch(search, itemName(m, 'mentor'), itemEmail(m)))
        .map((m) => ({
          id: m.id,
          name: itemName(m, 'mentor'),
          email: itemEmail(m),
          created: shortDate(itemCreated(m)),
          locked: m.account_locked,
          vetted: m.vetted,
          caption: [
            m.profile_complete ? (m.Business_Name ?? 'Profile complete') : 'Profile incomplete',
            m.student_count ? plural(m.student_count, 'active student') : 'No active students',
            ...(m.pending_requests ? [plural(m.pending_requests, 'pending request')] : []),
          ].join(' · '),
        })),
    [mentors.data, search],
  );
  const centreRows: UserRow[] = useMemo(
    () =>
      (centres.data ?? [])
        .filter((c) => matchesSearch(search, itemName(c, 'training_centre'), itemEmail(c), c.First_Name, c.Last_Name))
        .map((c) => ({
          id: c.id,
          name: itemName(c, 'training_centre'),
          email: itemEmail(c),
          created: shortDate(itemCreated(c)),
          locked: c.account_locked,
          vetted: c.vetted,
          caption: [`${c.First_Name ?? ''} ${c.Last_Name ?? ''}`.trim(), plural(c.student_count, 'student')]
            .filter(Boolean)
            .join(' · '),
        })),
    [centres.data, search],
  );
  const placementRows = useMemo(
    () =>
      (placements.data ?? []).filter((p) =>
        matchesSearch(
          search,
          p.student_name,
          p.student_email,
          p.mentor_name,
          p.mentor_email,
          placementCentre(p),
          p.training_centre_email,
        ),
      ),
    [placements.data, search],
  );

  const openAction = (role: AdminUserRole) => (a: AccountActionTarget['action'], row: UserRow) =>
    setAction({ action: a, role, id: row.id, name: row.name });
  const openHistory = (role: AdminUserRole) => (row: UserRow) => setHistory({ role, id: row.id, name: row.name });
  // The placement being managed follows live updates of the list.
  const currentPlacement = placement ? ((placements.data ?? []).find((p) => p.id === placement.id) ?? placement) : null;

  const tabs: { key: TabKey; label: string; count: number }[] = [
    { key: 'students', label: 'Students', count: studentRows.length },
    { key: 'mentors', label: 'Mentors', count: mentorRows.length },
    { key: 'training_centres', label: 'Training Centres', count: centreRows.length },
    { key: 'placements', label: 'Placements', count: placementRows.length },
  ];
  const extra = extraTabs.find((t) => t.key === tab);

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
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 3,
          }}
        >
          <StatCard
            label="Total Students"
            value={students.data?.length ?? 0}
            loading={students.isLoading}
            icon={<SchoolOutlined />}
            tone="primary"
          />
          <StatCard
            label="Total Mentors"
            value={mentors.data?.length ?? 0}
            loading={mentors.isLoading}
            icon={<EngineeringOutlined />}
            tone="secondary"
          />
          <StatCard
            label="Training Centres"
            value={centres.data?.length ?? 0}
            loading={centres.isLoading}
            icon={<ApartmentOutlined />}
            tone="info"
          />
          <StatCard
            label="Total Placements"
            value={placements.data?.length ?? 0}
            loading={placements.isLoading}
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
            sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((t) => (
              <Tab
                key={t.key}
                value={t.key}
                label={`${t.label} (${t.count})`}
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
            ) : tab === 'students' ? (
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
