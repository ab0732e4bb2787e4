import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { MatchChip } from '../../../components/match-chip';
import { WelcomeBanner } from '../../../components/welcome-banner';
import { formatDate, formatTime24 } from '../../../lib/dates';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useGetCentreOverviewQuery } from '../api/training-centre-api';
import { studentName } from './student-format';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
  footer?: ReactNode;
  loading?: boolean;
}

function StatCard({ label, value, icon, tone, footer, loading }: StatCardProps) {
  const id = `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} data-testid={id}>
      <CardContent sx={{ p: { xs: 2.25, md: 3 }, '&:last-child': { pb: { xs: 2.25, md: 3 } } }}>
        {/* The label has the card's whole width, the icon sits beside the figure: "Awaiting Placement" stays
            on one line in a laptop's four tiles (docs/rules.md#nothing-cut). */}
        <Typography id={id} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
          <Typography
            component="p"
            sx={{ fontSize: { xs: '1.75rem', md: '2.1rem' }, fontWeight: 800, lineHeight: 1.2 }}
          >
            {loading ? <Skeleton width={56} /> : value}
          </Typography>
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: `${tone}14`,
              color: tone,
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
        </Box>
        {footer && <Box sx={{ mt: 1.5 }}>{footer}</Box>}
      </CardContent>
    </Card>
  );
}

/** Training centre Overview (spec "Training centre overview and students"). */
export function CentreOverview({
  announce,
}: {
  /** The Create Announcement button (composed by the app from features/notifications). */ announce?: ReactNode;
}) {
  const user = useAppSelector(selectUser);
  const go = useDashboardNavigate();
  const { data, isLoading, isError, isFetching, refetch } = useGetCentreOverviewQuery();

  const toasted = useRef(false);
  useEffect(() => {
    if (isError && !isFetching && !toasted.current) {
      toasted.current = true;
      toast.error('Error loading dashboard data');
    }
    if (!isError) toasted.current = false;
  }, [isError, isFetching]);

  const total = data?.student_count ?? 0;
  const placed = data?.placed_students ?? 0;
  const awaiting = data?.awaiting_placement ?? 0;
  const rate = data?.placement_rate ?? 0;
  const latest = data?.latest_registration ?? null;
  const loading = isLoading;
  const centreName = user?.Name || user?.First_Name || '';

  return (
    <Stack spacing={3}>
      <WelcomeBanner badge="Training Centre dashboard" glowSize={240} glowOverhang={70}>
        <Typography
          variant="h4"
          component="h2"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, wordBreak: 'break-word' }}
        >
          Welcome{centreName ? `, ${centreName}` : ''}!
        </Typography>
        <Typography sx={{ mt: 1, maxWidth: 620, opacity: 0.9 }}>
          Register your students, follow their placements and see who is still awaiting a mentor.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
          {announce}
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => go('register')}
            sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' } }}
          >
            Register New Student
          </Button>
          <Button
            variant="outlined"
            startIcon={<GroupsOutlined />}
            onClick={() => go('students')}
            sx={{
              color: '#fff',
              borderColor: 'rgba(255,255,255,0.5)',
              '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
            }}
          >
            View All Students
          </Button>
        </Stack>
      </WelcomeBanner>

      {isError && !isFetching ? (
        <Alert
          severity="error"
          icon={<ErrorOutlineRounded />}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          Error loading dashboard data
        </Alert>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
            <StatCard label="Total Students" value={total} icon={<GroupsOutlined />} tone="#1d4ed8" loading={loading} />
            <StatCard
              label="Placed Students"
              value={placed}
              icon={<TaskAltRounded />}
              tone="#16a34a"
              loading={loading}
            />
            <StatCard
              label="Awaiting Placement"
              value={awaiting}
              icon={<HourglassEmptyRounded />}
              tone="#d97706"
              loading={loading}
            />
            <StatCard
              label="Placement Rate"
              value={`${rate}%`}
              icon={<InsightsOutlined />}
              tone="#7c3aed"
              loading={loading}
              footer={
                <LinearProgress
                  variant="determinate"
                  value={Math.max(0, Math.min(100, rate))}
                  aria-label="Placement rate"
                  sx={{
                    height: 6,
                    borderRadius: 3,
                    bgcolor: 'rgba(124,58,237,0.12)',
                    '& .MuiLinearProgress-bar': { bgcolor: '#7c3aed' },
                  }}
                />
              }
            />
          </Box>

          <Card component="section" aria-labelledby="recent-registration-title">
            <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
              <Typography
                id="recent-registration-title"
                variant="h6"
                component="h2"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}
              >
                <HowToRegOutlined color="primary" />
                Most Recent Registration
              </Typography>
              {loading ? (
                <Stack direction="row" spacing={2} alignItems="center">
                  <Skeleton variant="circular" width={48} height={48} />
                  <Box sx={{ flexGrow: 1 }}>
                    <Skeleton width="40%" />
                    <Skeleton width="60%" />
                  </Box>
                </Stack>
              ) : latest ? (
                <Box
                  sx={{
                    display: 'flex',
                    alignItems: { xs: 'flex-start', sm: 'center' },
                    flexDirection: { xs: 'column', sm: 'row' },
                    gap: 2,
                    p: 2,
                    borderRadius: 3,
                    bgcolor: '#f8fafc',
                    border: '1px solid',
                    borderColor: 'divider',
                  }}
                  data-testid="latest-registration"
                >
                  <Stack direction="row" spacing={2} alignItems="center" sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }}>
                      {(studentName(latest)[0] ?? '?').toUpperCase()}
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{studentName(latest)}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                        {latest.Email}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        Registered {formatDate(latest.Created_At)}
                        {latest.Created_At ? ` at ${formatTime24(latest.Created_At)}` : ''}
                      </Typography>
                    </Box>
                  </Stack>
                  <Stack direction="row" spacing={1.5} alignItems="center">
                    <MatchChip matched={!!latest.Matched} />
                    <Button
                      size="small"
                      endIcon={<ArrowForwardRounded />}
                      onClick={() => go('student-detail', latest.id)}
                      aria-label={`View details for ${studentName(latest)}`}
                    >
                      View Details
                    </Button>
                  </Stack>
                </Box>
              ) : (
                <Box sx={{ textAlign: 'center', py: 3 }}>
                  <Typography color="text.secondary">No students registered yet.</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    Your newest registration will appear here.
                  </Typography>
                </Box>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
