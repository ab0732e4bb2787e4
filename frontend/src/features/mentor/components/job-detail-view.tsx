import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { JobTypeTile } from '../../../components/job-type-icon';
import { QueuedChip } from '../../../components/queued-chip';
import { RetryAlert } from '../../../components/retry-alert';
import { useAppSelector } from '../../../lib/hooks';
import { signOffPath, useQueuedByPath } from '../../../lib/outbox';
import { selectUser } from '../../../lib/session';
import { useDashboardNavigate, useDashboardParams } from '../../../lib/dashboard-nav';
import {
  JOB_STANDING_CHIP,
  isComplete,
  jobPercent,
  jobRemaining,
  jobStanding,
  type Job,
  type SignedCard,
  jobTypeName,
} from '../../../lib/job-types';
import { useGetMentorJobDetailQuery } from '../api/mentor-api';
import { formatDate, formatDateTime } from '../utils/format';
import { SIGNATURE_FONT, SignJobDialog } from './sign-job-dialog';
import { SignOffStatusChip } from '../../../components/sign-off-status';
import { CriteriaCard } from '../../../components/criteria-card';
import { CardEvidence } from '../../../components/card-evidence';

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 2 }}>
          <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
            {icon}
          </Box>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 1,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', wordBreak: 'break-word', minWidth: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

function Signature({ value }: { value: string }) {
  return (
    <Box
      component="span"
      sx={{
        fontFamily: SIGNATURE_FONT,
        fontStyle: 'italic',
        fontSize: '1.2rem',
        color: 'primary.dark',
        whiteSpace: 'nowrap',
      }}
    >
      {value}
    </Box>
  );
}

function SignatureHistory({ cards }: { cards: SignedCard[] }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (cards.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        No job cards have been signed yet.
      </Typography>
    );
  }
  if (!wide) {
    return (
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Signature history">
        {cards.map((c, i) => (
          <Box
            component="li"
            key={`${c.timestamp}-${i}`}
            data-testid="signature-row"
            sx={{ p: 1.75, borderRadius: '12px', border: '1px solid', borderColor: 'divider' }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 700 }}>Card {i + 1}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(c.completed_at)}
              </Typography>
            </Box>
            <Signature value={c.signature} />
            {/* On a phone the line wraps between the mentor and the date, never inside the date and time. */}
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="signature-signed"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5 }}
            >
              <span>{c.mentorName} ·</span>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                signed {formatDate(c.date)} at {c.time}
              </Box>
            </Typography>
            <Box sx={{ mt: 0.75 }}>
              <SignOffStatusChip card={c} />
            </Box>
            <CardEvidence card={c} />
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    // A keyboard user can reach and scroll the table when it is wider than the card.
    <Box
      role="region"
      aria-label="Signature history, scrollable"
      tabIndex={0}
      sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <Table
        size="small"
        aria-label="Signature history"
        // Dates and times stay on one line; a two-word heading may wrap, so the table fits a laptop's card
        // (1366 px with the sidebar); the region scrolls only when it is still wider (docs/rules.md#nothing-cut).
        sx={{
          '& th': { fontWeight: 700, color: 'text.secondary', verticalAlign: 'bottom' },
          '& td': { whiteSpace: 'nowrap' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Card</TableCell>
            <TableCell>Completed</TableCell>
            <TableCell>Signature</TableCell>
            <TableCell>Mentor Name</TableCell>
            <TableCell>Signature Date</TableCell>
            <TableCell>Signature Time</TableCell>
            <TableCell>Trainee</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cards.map((c, i) => [
            <TableRow key={`${c.timestamp}-${i}`} data-testid="signature-row" sx={{ '& > td': { borderBottom: 0 } }}>
              <TableCell sx={{ fontWeight: 700 }}>{i + 1}</TableCell>
              <TableCell>{formatDate(c.completed_at)}</TableCell>
              <TableCell>
                <Signature value={c.signature} />
              </TableCell>
              <TableCell>{c.mentorName}</TableCell>
              <TableCell>{formatDate(c.date)}</TableCell>
              <TableCell>{c.time}</TableCell>
              <TableCell>
                <SignOffStatusChip card={c} />
              </TableCell>
            </TableRow>,
            // What the card evidences, under its row (docs/rules.md#evidence).
            <TableRow key={`${c.timestamp}-${i}-evidence`} data-testid="signature-evidence-row">
              <TableCell colSpan={7} sx={{ pt: 0 }}>
                {/* Wraps to the table's width without widening its columns. */}
                <Box sx={{ width: 0, minWidth: '100%' }}>
                  <CardEvidence card={c} />
                </Box>
              </TableCell>
            </TableRow>,
          ])}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Job details (hidden view `job-detail`, ?id=): student, job and every signed card, oldest first. */
export function JobDetailView() {
  const { id } = useDashboardParams();
  const go = useDashboardNavigate();
  const query = useGetMentorJobDetailQuery(id ?? '', { skip: !id });
  const [signing, setSigning] = useState<Job | null>(null);
  const queuedSignOff = useQueuedByPath(useAppSelector(selectUser)?.id).get(signOffPath(id ?? ''));

  const back = (
    <Button startIcon={<ArrowBackRounded />} onClick={() => go('jobs')} sx={{ alignSelf: 'flex-start', ml: -1 }}>
      Back to Student Jobs
    </Button>
  );

  if (query.isLoading) {
    return (
      <Stack spacing={2.5} aria-busy="true" aria-label="Loading job">
        {back}
        <Skeleton variant="rounded" height={150} sx={{ borderRadius: 4 }} />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Skeleton variant="rounded" height={230} sx={{ borderRadius: 4 }} />
          <Skeleton variant="rounded" height={230} sx={{ borderRadius: 4 }} />
        </Box>
      </Stack>
    );
  }

  const notFound = !id || (query.isError && (query.error as { status?: unknown })?.status === 404);
  if (notFound) {
    return (
      <Stack spacing={2.5}>
        {back}
        <Card>
          <EmptyState
            headingLevel="h2"
            icon={<SearchOffRounded />}
            title="Job not found"
            text="This job doesn't exist or is no longer assigned to you."
            action={
              <Button variant="contained" onClick={() => go('jobs')}>
                Back to Student Jobs
              </Button>
            }
          />
        </Card>
      </Stack>
    );
  }

  if (query.isError || !query.data) {
    return (
      <Stack spacing={2.5}>
        {back}
        <RetryAlert onRetry={() => void query.refetch()}>Failed to load jobs</RetryAlert>
      </Stack>
    );
  }

  const { job, student, signatures } = query.data;
  // A counted sign-off whose dispute awaits an admin makes the job 'Disputed', not complete
  // (docs/rules.md#dispute-visibility).
  const standing = jobStanding(job);
  const complete = standing === 'completed';
  const chip = JOB_STANDING_CHIP[standing];
  const bar = complete ? 'success' : standing === 'disputed' ? 'warning' : 'primary';
  const percent = jobPercent(job);
  // The card's signature is its latest sign-off that still counts: a revoked one never stands for it
  // (docs/rules.md#dispute-visibility).
  const counted = signatures.filter((s) => !s.revoked);
  const revokedCount = signatures.length - counted.length;
  const latestEntry = counted.at(-1) ?? null;
  const latest = latestEntry ?? (signatures.length ? null : (job.mentor_signature ?? null));
  const studentName = student.Name;

  return (
    <Stack spacing={2.5}>
      {back}
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <JobTypeTile type={job.Job_Type} complete={complete} size={52} borderRadius={3} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' } }}>
                {jobTypeName(job.Job_Type)}
              </Typography>
              <Typography color="text.secondary">{studentName}</Typography>
            </Box>
            <Chip label={chip.label} color={chip.color} variant={chip.variant} sx={{ fontWeight: 700 }} />
            {queuedSignOff && <QueuedChip item={queuedSignOff} what="Sign-off" />}
            {!queuedSignOff && !isComplete(job) && (
              <Button
                variant="contained"
                color="success"
                startIcon={<CheckCircleOutlineRounded />}
                onClick={() => setSigning({ ...job, Student_Name: studentName })}
              >
                Mark Complete
              </Button>
            )}
          </Box>
          <Box sx={{ mt: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={bar}
              aria-label="Job progress"
              sx={{
                flexGrow: 1,
                height: 10,
                borderRadius: 5,
                bgcolor: 'rgba(15, 23, 42, 0.06)',
                '& .MuiLinearProgress-bar': { borderRadius: 5 },
              }}
            />
            <Typography
              sx={{
                fontWeight: 800,
                color: bar === 'primary' ? 'primary.main' : `${bar}.dark`,
                minWidth: 48,
                textAlign: 'right',
              }}
            >
              {percent}%
            </Typography>
          </Box>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
        <InfoCard title="Student Information" icon={<PersonOutlineRounded />}>
          <Row label="Name" value={studentName} />
          <Row label="Email" value={student.Email || 'Not provided'} />
          <Row label="Phone" value={student.Phone_Number || 'Not provided'} />
          <Row label="Postcode" value={student.Postcode || 'Not provided'} />
        </InfoCard>
        <InfoCard title="Job Information" icon={<WorkOutlineOutlined />}>
          <Row label="Job Type" value={jobTypeName(job.Job_Type)} />
          <Row label="Total Required" value={job.Total_Count} />
          <Row label="Completed" value={job.Completed_Count} />
          <Row label="Remaining" value={jobRemaining(job)} />
          <Row label="Status" value={standing === 'disputed' ? 'Disputed' : complete ? 'Complete' : 'Ongoing'} />
          {job.opened_at && <Row label="Opened" value={formatDate(job.opened_at)} />}
        </InfoCard>
        <InfoCard title="Completion Details" icon={<DrawOutlined />}>
          {latest ? (
            <>
              <Row label="Completed" value={formatDateTime(job.completed_at ?? latest.timestamp)} />
              <Row label="Mentor Signature" value={latest.mentorName} />
              <Row label="Signature" value={<Signature value={latest.signature} />} />
              <Row label="Signature Date" value={formatDate(latest.date)} />
              <Row label="Signature Time" value={latest.time} />
              {latestEntry && <Row label="Trainee" value={<SignOffStatusChip card={latestEntry} />} />}
            </>
          ) : (
            <Typography color="text.secondary">
              {revokedCount
                ? 'No sign-off counts on this card: every sign-off on it was revoked.'
                : 'No job cards have been signed yet.'}
            </Typography>
          )}
        </InfoCard>
      </Box>

      <Card component="section" aria-labelledby="signature-history-title">
        <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
            <Typography
              id="signature-history-title"
              variant="h6"
              component="h3"
              sx={{ fontSize: '1.05rem', flexGrow: 1 }}
            >
              Signature History
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {job.Completed_Count} of {job.Total_Count} cards signed
              {revokedCount ? ` · ${revokedCount} revoked` : ''} · oldest first
            </Typography>
          </Box>
          <SignatureHistory cards={signatures} />
        </CardContent>
      </Card>

      <CriteriaCard studentId={job.Student_ID} />

      <SignJobDialog job={signing} onClose={() => setSigning(null)} />
    </Stack>
  );
}
