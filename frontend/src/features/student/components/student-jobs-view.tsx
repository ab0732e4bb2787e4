import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { JobTypeTile } from '../../../components/job-type-icon';
import { RetryAlert } from '../../../components/retry-alert';
import {
  JOB_TYPE_CARD_TITLES,
  JOB_TYPES,
  isComplete,
  jobPercent,
  jobRemaining,
  openDisputes,
  percentOf,
  REQUIREMENT_KEYS,
  type Job,
  type JobType,
} from '../../../lib/job-types';
import { useGetJobRequirementsQuery, useGetStudentJobsQuery } from '../api/student-api';
import { openTrainingGoals } from '../stores/goals-dialog';
import { formatDate } from '../../../lib/dates';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { SignOffList } from '../../../components/sign-off-list';
import { PortfolioDownloads } from '../../../components/portfolio-downloads';

interface Progress {
  type: JobType;
  required: number;
  completed: number;
  percent: number;
  remaining: number;
  reached: boolean;
  /** Counted sign-offs the trainee disputed and no admin has decided yet. */
  disputed: number;
  lastSigned: Job['mentor_signature'];
}

function progressFor(type: JobType, required: number, jobs: Job[]): Progress {
  const ofType = jobs.filter((j) => j.Job_Type === type);
  const completed = ofType.reduce((sum, j) => sum + j.Completed_Count, 0);
  const latest = ofType.find((j) => j.mentor_signature)?.mentor_signature ?? null;
  const counts = { Completed_Count: completed, Total_Count: required };
  return {
    type,
    required,
    completed,
    percent: jobPercent(counts),
    remaining: jobRemaining(counts),
    reached: isComplete(counts),
    // A requirement whose counted cards include a disputed one is not shown complete
    // (docs/rules.md#dispute-visibility).
    disputed: openDisputes(ofType),
    lastSigned: latest,
  };
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Box sx={{ textAlign: 'center', flex: 1, minWidth: 0 }}>
      <Typography sx={{ fontWeight: 800, fontSize: '1.35rem', lineHeight: 1.2, color: tone ?? 'text.primary' }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}

function ProgressCard({ p }: { p: Progress }) {
  const title = JOB_TYPE_CARD_TITLES[p.type];
  const done = p.reached && p.disputed === 0;
  // A disputed requirement takes the warning colour, as on the mentor's and the centre's screens.
  const tone = done ? 'success' : p.disputed > 0 ? 'warning' : 'primary';
  return (
    <Card
      component="section"
      aria-label={title}
      data-testid="requirement-card"
      sx={{ height: '100%', borderColor: done ? 'rgba(22, 163, 74, 0.35)' : undefined }}
    >
      <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <JobTypeTile type={p.type} complete={done} size={44} borderRadius={2.5} />
          <Typography variant="h6" component="h3" sx={{ flexGrow: 1, fontSize: '1.1rem' }}>
            {title}
          </Typography>
          <Typography
            sx={{ fontWeight: 800, fontSize: '1.5rem', color: tone === 'primary' ? 'primary.main' : `${tone}.dark` }}
            data-testid="requirement-percent"
          >
            {p.percent}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={p.percent}
          color={tone}
          aria-label={`${title} progress`}
          sx={{
            mt: 2,
            height: 10,
            borderRadius: 5,
            bgcolor: 'rgba(15, 23, 42, 0.06)',
            '& .MuiLinearProgress-bar': { borderRadius: 5 },
          }}
        />
        <Stack direction="row" divider={<Box sx={{ width: '1px', bgcolor: 'divider' }} />} sx={{ mt: 2.5 }}>
          <Figure label="Required" value={p.required} />
          <Figure label="Completed" value={p.completed} tone={p.completed > 0 ? 'success.dark' : undefined} />
          <Figure label="Remaining" value={p.remaining} tone={p.remaining > 0 ? 'secondary.dark' : undefined} />
        </Stack>
        {p.disputed > 0 ? (
          <Box
            data-testid="requirement-disputed"
            sx={{
              mt: 2.5,
              py: 1,
              px: 1.5,
              borderRadius: '10px',
              bgcolor: 'rgba(217, 119, 6, 0.1)',
              color: 'warning.dark',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              fontWeight: 700,
              textAlign: 'center',
            }}
          >
            <ReportProblemOutlined fontSize="small" />
            Disputed: {p.disputed === 1 ? '1 sign-off awaits' : `${p.disputed} sign-offs await`} an admin&apos;s
            decision
          </Box>
        ) : p.reached ? (
          <Box
            sx={{
              mt: 2.5,
              py: 1,
              px: 1.5,
              borderRadius: '10px',
              bgcolor: 'rgba(22, 163, 74, 0.1)',
              color: 'success.dark',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              fontWeight: 700,
            }}
          >
            <CheckCircleRounded fontSize="small" />
            Requirement Complete!
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5, textAlign: 'center' }}>
            {p.lastSigned
              ? `Last signed off ${formatDate(p.lastSigned.date)}${p.lastSigned.mentorName ? ` by ${p.lastSigned.mentorName}` : ''}`
              : 'No jobs signed off yet'}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Training Jobs (spec "Student jobs view"). */
export function StudentJobsView() {
  const [params] = useSearchParams();
  const requirementsQuery = useGetJobRequirementsQuery();
  const jobsQuery = useGetStudentJobsQuery();
  const { data: req } = requirementsQuery;
  // The cards and the list of signed cards render from a deferred copy of the jobs: in the background, in
  // slices that leave the main thread free, rather than in one long task when the jobs arrive (the screen's
  // longest render on a phone). Until the copy catches up the cards show their placeholders.
  const jobsData = useDeferredValue(jobsQuery.data);
  const jobsLoading = jobsQuery.isLoading || (!!jobsQuery.data && !jobsData);

  if (requirementsQuery.isLoading) {
    return (
      <Box
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        aria-busy="true"
        aria-label="Loading training jobs"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={220} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
    );
  }

  if (!req || !req.has_requirements) {
    return (
      <Card>
        <EmptyState
          headingLevel="h2"
          icon={<FlagOutlined />}
          title="Set Your Training Goals First"
          text="Tell us how many of each job you need to complete for your qualification. Your progress on each one will show here."
          action={
            <Button variant="contained" size="large" onClick={openTrainingGoals} startIcon={<FlagOutlined />}>
              Set Training Goals
            </Button>
          }
        />
      </Card>
    );
  }

  const requirements = req.requirements;
  const types = JOB_TYPES.filter((t) => requirements[REQUIREMENT_KEYS[t]] > 0);

  if (types.length === 0) {
    return (
      <Card>
        <EmptyState
          headingLevel="h2"
          icon={<PlaylistAddOutlined />}
          title="No Job Requirements Set"
          text="All of your job requirements are zero. Add the jobs you need for your qualification to start tracking your progress."
          action={
            <Button variant="contained" size="large" onClick={openTrainingGoals} startIcon={<PlaylistAddOutlined />}>
              Set Job Requirements
            </Button>
          }
        />
      </Card>
    );
  }

  const jobs = jobsData ?? [];
  const cards = types.map((t) => progressFor(t, requirements[REQUIREMENT_KEYS[t]], jobs));
  const totalRequired = cards.reduce((s, c) => s + c.required, 0);
  const totalCompleted = cards.reduce((s, c) => s + Math.min(c.completed, c.required), 0);

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <Box sx={{ flexGrow: 1, minWidth: 220 }}>
              <Typography variant="h6" component="h2">
                Your Training Progress
              </Typography>
              <Typography color="text.secondary" variant="body2" sx={{ mt: 0.25 }}>
                {totalCompleted} of {totalRequired} required jobs completed ({percentOf(totalCompleted, totalRequired)}
                %)
              </Typography>
            </Box>
            <Button variant="outlined" startIcon={<EditOutlined />} onClick={openTrainingGoals}>
              Edit Training Goals
            </Button>
            <PortfolioDownloads />
          </Box>
          {req.additional_requirements && (
            <Box
              sx={{
                mt: 2,
                p: 1.75,
                borderRadius: '12px',
                bgcolor: 'rgba(71, 85, 105, 0.05)',
                border: '1px solid',
                borderColor: 'divider',
              }}
            >
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em' }}
              >
                Additional requirements
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.25, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {req.additional_requirements}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>

      {jobsQuery.isError && !jobsQuery.data && (
        <RetryAlert onRetry={() => void jobsQuery.refetch()}>Failed to load jobs</RetryAlert>
      )}

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {jobsLoading
          ? types.map((t) => <Skeleton key={t} variant="rounded" height={220} sx={{ borderRadius: 4 }} />)
          : cards.map((p) => <ProgressCard key={p.type} p={p} />)}
      </Box>

      {/* docs/rules.md#trainee-countersign: confirm or dispute each sign-off; a "card signed" notification links here with ?signature=. */}
      {jobs.some((j) => j.signatures?.length) && (
        <Card component="section" aria-labelledby="signed-cards-title">
          <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
            <Typography variant="h6" component="h2" id="signed-cards-title">
              Signed Job Cards
            </Typography>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.25, mb: 2 }}>
              Confirm each sign-off that is right, or dispute it with a reason.
            </Typography>
            <SignOffList jobs={jobs} actions focusId={params.get('signature')} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
