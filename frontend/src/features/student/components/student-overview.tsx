import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { JobProgressList } from '../../../components/job-progress-list';
import { OVERVIEW_JOBS, OverviewJobsCard } from '../../../components/overview-jobs-card';
import { RetryAlert } from '../../../components/retry-alert';
import { StatCard } from '../../../components/stat-card';
import { WelcomeHeading } from '../../../components/welcome-heading';
import { CredentialDownloadButton } from '../../../components/credential-download-button';
import { dashboardPath } from '../../../lib/dashboard-nav';
import { useAppSelector } from '../../../lib/hooks';
import { compareJobTypes, isComplete, jobTypeName, openDisputes } from '../../../lib/job-types';
import { selectUser } from '../../../lib/session';
import { MentorContactCard } from './your-mentor-card';
import { useGetJobRequirementsQuery, useGetStudentJobsQuery, useGetStudentOverviewQuery } from '../api/student-api';

/** Student overview (spec "Student overview"): Student Status and Current Training Jobs. */
export function StudentOverviewView() {
  const user = useAppSelector(selectUser);
  const overviewQuery = useGetStudentOverviewQuery();
  const jobsQuery = useGetStudentJobsQuery();
  const requirementsQuery = useGetJobRequirementsQuery();
  const overview = overviewQuery.data;
  const jobs = [...(jobsQuery.data ?? [])].sort(compareJobTypes);
  const matched = !!overview?.matched;
  // Active = not yet complete. The count and the cards come from the same list, so they always
  // agree (docs/rules.md#one-unit-one-name); the overview's own count stands in until it loads.
  // A job whose counted cards include an open dispute is not complete (docs/rules.md#dispute-visibility).
  const done = (j: (typeof jobs)[number]) => isComplete(j) && openDisputes([j]) === 0;
  const active = jobs.filter((j) => !done(j));
  const completed = jobs.filter(done);
  const activeJobs = jobsQuery.data ? active.length : overview ? overview.active_jobs : null;
  const accountType = overview?.account_type ?? null;
  const loadingStatus = overviewQuery.isLoading;
  const shown = active.slice(0, OVERVIEW_JOBS);
  const completedLine = completed.length > 0 && (
    <Typography variant="body2" color="text.secondary" sx={{ mt: shown.length ? 2 : 0 }} data-testid="completed-jobs">
      Completed: {completed.map((j) => jobTypeName(j.Job_Type)).join(', ')}
    </Typography>
  );
  // On a phone the training progress comes first, right under the greeting; on wider screens it
  // follows the status and the mentor, as before (docs/rules.md#phone-first-screen).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  const status = (
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
  );
  const progress = (
    <OverviewJobsCard
      titleId="current-jobs-title"
      title="Current Training Jobs"
      jobCount={active.length}
      loading={jobsQuery.isLoading}
    >
      {jobsQuery.isError && !jobsQuery.data ? (
        <RetryAlert onRetry={() => void jobsQuery.refetch()}>Failed to load jobs</RetryAlert>
      ) : shown.length > 0 ? (
        <>
          <JobProgressList jobs={shown} />
          {completedLine}
        </>
      ) : completed.length > 0 ? (
        <>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Every training job is complete.</Typography>
          {completedLine}
        </>
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
    </OverviewJobsCard>
  );

  return (
    <Stack spacing={3}>
      <WelcomeHeading firstName={user?.First_Name} subtitle="Here's where your training stands today." />
      {user?.id && <CredentialDownloadButton studentId={user.id} />}

      {overviewQuery.isError && !overview && (
        <RetryAlert onRetry={() => void overviewQuery.refetch()}>Error loading dashboard data</RetryAlert>
      )}

      {phone && progress}
      {status}
      {matched && overview?.mentor && <MentorContactCard mentor={overview.mentor} />}
      {!phone && progress}
    </Stack>
  );
}
