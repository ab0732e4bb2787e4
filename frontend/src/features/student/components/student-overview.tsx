import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { JobProgressList } from '../../../components/job-progress-list';
import { StatCard } from '../../../components/stat-card';
import { dashboardPath } from '../../../lib/dashboard-nav';
import { useAppSelector } from '../../../lib/hooks';
import { compareJobs, jobIsComplete } from '../../../lib/job-types';
import { selectUser } from '../../../lib/session';
import { useGetJobRequirementsQuery, useGetStudentJobsQuery, useGetStudentOverviewQuery, type StudentOverview } from '../api/student-api';

/** Jobs shown on the overview before the view-all link (spec section 9). */
export const OVERVIEW_JOBS = 4;

function accountTypeOf(overview: StudentOverview | undefined): string | null {
  if (!overview) return null;
  if (typeof overview.account_type === 'string' && overview.account_type) return overview.account_type;
  if ('training_centre_id' in overview) return overview.training_centre_id ? 'Training Centre' : 'Independent';
  return null;
}

/** Student overview (spec "Student overview"): Student Status and Current Training Jobs. */
export function StudentOverviewView() {
  const user = useAppSelector(selectUser);
  const overviewQuery = useGetStudentOverviewQuery();
  const jobsQuery = useGetStudentJobsQuery();
  const requirementsQuery = useGetJobRequirementsQuery();
  const overview = overviewQuery.data;
  const jobs = [...(jobsQuery.data ?? [])].sort(compareJobs);
  const matched = !!overview?.matched;
  // Active = not yet complete; the overview counts them, else the jobs list does.
  const activeJobs =
    typeof overview?.active_jobs === 'number'
      ? overview.active_jobs
      : jobsQuery.data
        ? jobs.filter((j) => !jobIsComplete(j)).length
        : typeof overview?.jobs_count === 'number'
          ? overview.jobs_count
          : null;
  const accountType = accountTypeOf(overview);
  const loadingStatus = overviewQuery.isLoading;
  const shown = jobs.slice(0, OVERVIEW_JOBS);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' } }}>
          Welcome back{user?.First_Name ? `, ${user.First_Name}` : ''}!
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Here&apos;s where your training stands today.
        </Typography>
      </Box>

      {overviewQuery.isError && !overview && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void overviewQuery.refetch()}>
              Retry
            </Button>
          }
        >
          Error loading dashboard data
        </Alert>
      )}

      <Card component="section" aria-labelledby="student-status-title">
        <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5, flexWrap: 'wrap' }}>
            <Typography id="student-status-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Student Status
            </Typography>
            {!loadingStatus && overview && (
              <Chip
                label={matched ? 'Matched with a mentor' : 'Awaiting a mentor match'}
                color={matched ? 'success' : 'warning'}
                variant="outlined"
                size="small"
                sx={{ fontWeight: 600 }}
              />
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <StatCard
              label="Placement Status"
              icon={matched ? <HandshakeOutlined /> : <HourglassEmptyRounded />}
              tone={matched ? 'success' : 'warning'}
              loading={loadingStatus}
              value={overview ? (matched ? 'Matched' : 'Pending') : '—'}
              data-testid="placement-status"
            />
            <StatCard
              label="Active Jobs"
              icon={<WorkOutlineOutlined />}
              tone="primary"
              loading={loadingStatus && jobsQuery.isLoading}
              value={activeJobs ?? '—'}
              data-testid="active-jobs"
            />
            <StatCard
              label="Account Type"
              icon={<AccountBalanceOutlined />}
              tone="info"
              loading={loadingStatus}
              value={accountType ?? '—'}
              data-testid="account-type"
            />
          </Box>
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="current-jobs-title">
        <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
            <Typography id="current-jobs-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Current Training Jobs
            </Typography>
            {jobs.length > OVERVIEW_JOBS && (
              <Button component={RouterLink} to={dashboardPath('jobs')} endIcon={<ArrowForwardRounded />} size="small">
                View all {jobs.length} jobs
              </Button>
            )}
          </Box>
          {jobsQuery.isLoading ? (
            <Stack spacing={1.5}>
              {[0, 1].map((i) => (
                <Skeleton key={i} variant="rounded" height={78} sx={{ borderRadius: 3 }} />
              ))}
            </Stack>
          ) : jobsQuery.isError && !jobsQuery.data ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void jobsQuery.refetch()}>
                  Retry
                </Button>
              }
            >
              Failed to load jobs
            </Alert>
          ) : shown.length > 0 ? (
            <JobProgressList jobs={shown} />
          ) : (
            <EmptyState
              dense
              icon={<AssignmentOutlined />}
              title="No training jobs yet"
              text={
                matched
                  ? 'Your mentor will assign jobs to you soon. They will appear here as they are opened.'
                  : 'Your jobs will appear here once you are matched with a mentor.'
              }
              action={
                requirementsQuery.data?.has_requirements ? (
                  <Button component={RouterLink} to={dashboardPath('jobs')} variant="outlined" size="small">
                    View Training Goals
                  </Button>
                ) : undefined
              }
            />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
