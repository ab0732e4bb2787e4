import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { JobProgressList } from '../../../components/job-progress-list';
import { OVERVIEW_JOBS, OverviewJobsCard } from '../../../components/overview-jobs-card';
import { RetryAlert } from '../../../components/retry-alert';
import { StatCard } from '../../../components/stat-card';
import { WelcomeHeading } from '../../../components/welcome-heading';
import { useAppSelector } from '../../../lib/hooks';
import { compareJobTypes, type Job } from '../../../lib/job-types';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useGetMentorJobsPageQuery, useGetMentorOverviewQuery } from '../api/mentor-api';
import { MentorProfileCard } from './mentor-profile-card';

export const DASHBOARD_LOAD_ERROR = 'Error loading dashboard data';

/** Jobs by student name, then job type. */
export function sortMentorJobs(jobs: Job[]): Job[] {
  return [...jobs].sort((a, b) => a.Student_Name.localeCompare(b.Student_Name) || compareJobTypes(a, b));
}

export interface MentorOverviewViewProps {
  /** The pending placement requests card (composed by the app from features/placement-requests). */
  placementRequests?: ReactNode;
  /** The Create Announcement button (composed by the app from features/notifications). */
  announce?: ReactNode;
}

/** Mentor overview (spec "Mentor overview and profile"). */
export function MentorOverviewView({ placementRequests, announce }: MentorOverviewViewProps) {
  const user = useAppSelector(selectUser);
  const overviewQuery = useGetMentorOverviewQuery();
  // The first few jobs by student (the server's order) and how many there are in all.
  const jobsQuery = useGetMentorJobsPageQuery({ limit: OVERVIEW_JOBS });
  const overview = overviewQuery.data;
  const failed = (overviewQuery.isError && !overview) || (jobsQuery.isError && !jobsQuery.data);
  const toasted = useRef(false);

  // Spec section 8: 'Error loading dashboard data' (and empty data) when the load fails.
  useEffect(() => {
    if (failed && !toasted.current) {
      toasted.current = true;
      toast.error(DASHBOARD_LOAD_ERROR);
    }
    if (!failed) toasted.current = false;
  }, [failed]);

  const jobs = sortMentorJobs(jobsQuery.data?.items ?? []);
  const studentCount = overview ? overview.active_students : new Set(jobs.map((j) => j.Student_ID)).size;
  const active = overview ? overview.matched || studentCount > 0 : studentCount > 0;
  const supervised = overview?.jobs_completed ?? 0;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });

  return (
    <Stack spacing={3}>
      <WelcomeHeading
        firstName={user?.First_Name}
        subtitle="Your trainees, their progress and your business profile at a glance."
      />
      {announce && <Stack direction="row">{announce}</Stack>}

      {/* On a phone the card the mentor has to act on comes first (docs/rules.md#phone-first-screen). */}
      {phone && placementRequests}

      {failed && (
        <RetryAlert
          onRetry={() => {
            void overviewQuery.refetch();
            void jobsQuery.refetch();
          }}
        >
          {DASHBOARD_LOAD_ERROR}
        </RetryAlert>
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Card component="section" aria-labelledby="mentor-status-title">
          <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
            <Typography id="mentor-status-title" variant="h6" component="h2" sx={{ mb: 2 }}>
              Mentor Status
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr', xl: '1fr 1fr' },
              }}
            >
              <StatCard
                label="Status"
                icon={<GroupsOutlined />}
                tone={active ? 'success' : 'neutral'}
                loading={overviewQuery.isLoading}
                value={active ? 'Active Students' : 'No Active Students'}
                caption={
                  active
                    ? `${studentCount} ${studentCount === 1 ? 'student' : 'students'} placed with you`
                    : 'New trainees will be matched with you'
                }
                data-testid="mentor-status"
              />
              <StatCard
                label="Jobs Supervised"
                icon={<AssignmentTurnedInOutlined />}
                tone="primary"
                loading={overviewQuery.isLoading}
                value={supervised}
                caption="Job cards you have signed"
                data-testid="jobs-supervised"
              />
            </Box>
          </CardContent>
        </Card>
        <MentorProfileCard />
      </Box>

      {!phone && placementRequests}

      <OverviewJobsCard
        titleId="student-progress-title"
        title="Student Training Progress"
        jobCount={jobsQuery.data?.total ?? 0}
        loading={jobsQuery.isLoading}
      >
        {jobs.length > 0 ? (
          <JobProgressList jobs={jobs} showStudent />
        ) : (
          <EmptyState
            dense
            icon={<PersonSearchOutlined />}
            title="No students or jobs assigned yet"
            text="When a trainee is placed with you, their training jobs and progress will appear here."
          />
        )}
      </OverviewJobsCard>
    </Stack>
  );
}
