import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { JobTypeTile } from '../../../components/job-type-icon';
import { QueuedChip } from '../../../components/queued-chip';
import type { OutboxItem } from '../../../lib/outbox';
import {
  JOB_STANDING_CHIP,
  isComplete,
  jobPercent,
  jobRemaining,
  jobStanding,
  type Job,
  jobTypeName,
} from '../../../lib/job-types';
import { VisuallyHidden } from '../../../components/visually-hidden';

/** A labelled contact detail (the label is for screen readers). */
export function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.secondary' }}>
      <Box aria-hidden sx={{ display: 'flex', '& svg': { fontSize: 18 } }}>
        {icon}
      </Box>
      <Typography
        variant="body2"
        noWrap
        title={typeof children === 'string' ? children : undefined}
        sx={{ minWidth: 0 }}
      >
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Typography>
    </Box>
  );
}

function Figure({ label, value, tone, testId }: { label: string; value: ReactNode; tone?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, color: tone ?? 'text.primary' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export interface MentorJobCardProps {
  job: Job;
  onMarkComplete: (job: Job) => void;
  onDetails: (job: Job) => void;
  /** The job's sign-off waiting in the outbox: shown in place of Mark Complete (docs/rules.md#outbox). */
  queued?: OutboxItem | null;
}

const STATUS_WORDS = { completed: 'Complete', disputed: 'Disputed', in_progress: 'Ongoing' } as const;
const STATUS_TONES = { completed: 'success.dark', disputed: 'warning.dark', in_progress: undefined } as const;

/**
 * One job of a student (spec "Mentor job management"). A job whose counted cards include an undecided dispute
 * reads 'Disputed', not complete (docs/rules.md#dispute-visibility).
 */
export function MentorJobCard({ job, onMarkComplete, onDetails, queued = null }: MentorJobCardProps) {
  const standing = jobStanding(job);
  const complete = standing === 'completed';
  const chip = JOB_STANDING_CHIP[standing];
  const bar = complete ? 'success' : standing === 'disputed' ? 'warning' : 'primary';
  const percent = jobPercent(job);
  const remaining = jobRemaining(job);
  const student = job.Student_Name || 'Student';

  return (
    <Card
      component="article"
      aria-label={`${jobTypeName(job.Job_Type)} for ${student}`}
      data-testid="mentor-job-card"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderColor: complete ? 'rgba(22, 163, 74, 0.35)' : undefined,
      }}
    >
      <CardContent sx={{ p: 2.5, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <JobTypeTile type={String(job.Job_Type)} complete={complete} size={42} borderRadius={2.5} noShrink />
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', flexGrow: 1, minWidth: 0 }} noWrap>
            {jobTypeName(job.Job_Type)}
          </Typography>
          <Chip label={chip.label} color={chip.color} variant={chip.variant} size="small" sx={{ fontWeight: 700 }} />
        </Box>

        <Box sx={{ mt: 2.25 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 0.75 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              Progress
            </Typography>
            <Typography
              sx={{ fontWeight: 800, color: bar === 'primary' ? 'primary.main' : `${bar}.dark` }}
              data-testid="job-percent"
            >
              {percent}%
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={bar}
            aria-label={`${jobTypeName(job.Job_Type)} progress for ${student}`}
            sx={{
              height: 8,
              borderRadius: 4,
              bgcolor: 'rgba(15, 23, 42, 0.06)',
              '& .MuiLinearProgress-bar': { borderRadius: 4 },
            }}
          />
        </Box>

        <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
          <Figure label="Total Required" value={job.Total_Count} />
          <Figure label="Remaining" value={remaining} tone={remaining > 0 ? 'secondary.dark' : 'success.dark'} />
          <Figure label="Status" value={STATUS_WORDS[standing]} tone={STATUS_TONES[standing]} testId="job-status" />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2.5, pt: 0, gap: 1 }}>
        {queued && <QueuedChip item={queued} what="Sign-off" />}
        {!queued && !isComplete(job) && (
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckCircleOutlineRounded />}
            onClick={() => onMarkComplete(job)}
            aria-label={`Mark Complete: ${jobTypeName(job.Job_Type)} for ${student}`}
            sx={{ flex: 1, whiteSpace: 'nowrap', px: 1.5 }}
          >
            Mark Complete
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<InfoOutlined />}
          onClick={() => onDetails(job)}
          aria-label={`Details: ${jobTypeName(job.Job_Type)} for ${student}`}
          sx={{ flex: 1, ml: '0 !important', whiteSpace: 'nowrap', px: 1.5 }}
        >
          Details
        </Button>
      </CardActions>
    </Card>
  );
}
