import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TrackChangesOutlined from '@mui/icons-material/TrackChangesOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { EntityDetailsModal, type EntityRef } from '../../../components/entity-details-modal';
import { MatchChip } from '../../../components/match-chip';
import { CredentialDownloadButton } from '../../../components/credential-download-button';
import { copyToClipboard } from '../../../lib/clipboard';
import { useDashboardNavigate, useDashboardParams } from '../../../lib/dashboard-nav';
import { formatDate, formatTime24 } from '../../../lib/dates';
import type { JobProgress, StudentDetail } from '@panda/contracts/training';
import { useGetStudentDetailQuery } from '../api/training-centre-api';
import { REQUIREMENT_FIELDS, studentInitial, studentName } from './student-format';
import { JOB_STANDING_TONE, jobStanding, jobTypeName, type Job } from '../../../lib/job-types';
import { JobStandingChip } from '../../../components/job-standing-chip';
import { StudentSignOffs } from '../../../components/sign-off-list';
import { PortfolioDownloads } from '../../../components/portfolio-downloads';
import { CriteriaCard } from '../../../components/criteria-card';
import { StudentIdLink } from './student-id-link';

function BackButton() {
  const go = useDashboardNavigate();
  return (
    <Button
      startIcon={<ArrowBackRounded />}
      onClick={() => go('students')}
      sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
    >
      Back to Students
    </Button>
  );
}

function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void copyToClipboard(value)}>
        <ContentCopyRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function Row({
  icon,
  label,
  children,
  action,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.25,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 'none' },
      }}
    >
      <Box
        sx={{
          width: 36,
          height: 36,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#f1f5f9',
          color: 'text.secondary',
          flexShrink: 0,
        }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, display: 'block' }}>
          {label}
        </Typography>
        <Box sx={{ typography: 'body2', fontWeight: 500, wordBreak: 'break-word' }}>{children}</Box>
      </Box>
      {action}
    </Box>
  );
}

function SectionCard({
  title,
  icon,
  children,
  id,
  fill,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  id: string;
  fill?: boolean;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={fill ? { height: '100%' } : undefined}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography
          id={id}
          variant="h6"
          component="h3"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, fontSize: '1.05rem' }}
        >
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The student's jobs with their progress. A job whose counted cards include a sign-off the student
 * disputed and no admin has decided yet is marked 'Disputed', not complete (docs/rules.md#dispute-visibility).
 */
function JobProgressList({ jobs }: { jobs: (JobProgress | Job)[] }) {
  return (
    <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Job progress">
      {jobs.map((job) => {
        const standing = jobStanding(job);
        return (
          <Box component="li" key={job.id} data-testid="job-progress-row">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', mb: 0.5, columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
                {jobTypeName(job.Job_Type)}
              </Typography>
              <JobStandingChip standing={standing} disputed={job.Disputed_Count} />
              <Typography variant="body2" color="text.secondary">
                {job.Completed_Count}/{job.Total_Count} ({job.percent}%)
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, job.percent)}
              color={JOB_STANDING_TONE[standing]}
              aria-label={`${jobTypeName(job.Job_Type)} progress`}
              sx={{ height: 7, borderRadius: 4 }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading student">
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} alignItems="center">
            <Skeleton variant="circular" width={64} height={64} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton width="35%" height={34} />
              <Skeleton width="20%" />
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={260} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    </Stack>
  );
}

/** Recent Messages and Send Message for this student (the chat feature's, passed in by the view registry). */
export type StudentMessagesSlot = (student: { id: string; name: string }) => ReactNode;

function StudentDetailContent({
  student,
  onOpenEntity,
  messages,
}: {
  student: StudentDetail;
  onOpenEntity: (ref: EntityRef) => void;
  messages?: StudentMessagesSlot;
}) {
  const name = studentName(student);
  const matched = !!student.Matched;
  const registeredAt = student.registration.registered_at;
  const unused = student.registration?.temporary_password_unused;
  const jobs = (student.job_details && student.job_details.length ? student.job_details : student.jobs) ?? [];

  return (
    <>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.6rem', fontWeight: 700 }}>
              {studentInitial(student)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
                {name}
              </Typography>
              <Typography color="text.secondary" variant="body2">
                {student.account_type === 'Independent' ? 'Independent student' : 'Training Centre student'}
              </Typography>
            </Box>
            <MatchChip matched={matched} size="medium" />
          </Box>
          <Box sx={{ mt: 2 }}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
              <PortfolioDownloads studentId={student.id} />
              <CredentialDownloadButton studentId={student.id} />
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SectionCard
          id="student-contact-title"
          title="Student Information"
          icon={<BadgeOutlined color="primary" />}
          fill
        >
          <Row
            icon={<MailOutlineRounded fontSize="small" />}
            label="Email"
            action={<CopyIcon value={student.Email} label="Copy email" />}
          >
            {student.Email}
          </Row>
          <Row
            icon={<BadgeOutlined fontSize="small" />}
            label="Student ID"
            action={<CopyIcon value={student.id} label="Copy student ID" />}
          >
            <StudentIdLink id={student.id} onOpenEntity={onOpenEntity} />
          </Row>
          <Row icon={<PhoneOutlined fontSize="small" />} label="Phone Number">
            {student.Phone_Number || 'Not provided'}
          </Row>
          <Row icon={<CakeOutlined fontSize="small" />} label="Date of Birth">
            {formatDate(student.Date_Of_Birth, 'Not provided')}
          </Row>
          <Row icon={<PlaceOutlined fontSize="small" />} label="Postcode">
            {student.Postcode || 'Not provided'}
          </Row>
        </SectionCard>

        <Stack spacing={3}>
          <SectionCard
            id="registration-details-title"
            title="Registration Details"
            icon={<HowToRegOutlined color="primary" />}
          >
            <Row icon={<CalendarMonthOutlined fontSize="small" />} label="Date">
              {formatDate(registeredAt)}
            </Row>
            <Row icon={<ScheduleOutlined fontSize="small" />} label="Time">
              {formatTime24(registeredAt)}
            </Row>
            <Row icon={<KeyOutlined fontSize="small" />} label="Temporary Password">
              {unused === undefined ? (
                'Not available'
              ) : unused ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" label="Not yet used" color="warning" variant="outlined" sx={{ fontWeight: 600 }} />
                  <span>The student has not signed in yet.</span>
                </Box>
              ) : (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" label="Used" color="success" sx={{ fontWeight: 600 }} />
                  <span>The student has set their own password.</span>
                </Box>
              )}
            </Row>
          </SectionCard>

          <SectionCard id="placement-title" title="Placement" icon={<EngineeringOutlined color="primary" />}>
            <Row icon={<EngineeringOutlined fontSize="small" />} label="Mentor">
              {student.mentor?.id ? (
                <Link
                  component="button"
                  type="button"
                  onClick={() => onOpenEntity({ type: 'mentor', id: student.mentor!.id })}
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                >
                  {student.mentor.name || student.mentor.email}
                </Link>
              ) : (
                'Awaiting placement'
              )}
            </Row>
            {student.placement_id && (
              <Row icon={<PersonSearchOutlined fontSize="small" />} label="Placement">
                <Link
                  component="button"
                  type="button"
                  onClick={() => onOpenEntity({ type: 'placement', id: student.placement_id! })}
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                >
                  View placement details
                </Link>
              </Row>
            )}
          </SectionCard>
        </Stack>
      </Box>

      {messages?.({ id: student.id, name })}

      <SectionCard
        id="training-progress-title"
        title="Training Progress"
        icon={<TrackChangesOutlined color="primary" />}
      >
        {jobs.length > 0 ? (
          <JobProgressList jobs={jobs} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Job cards open once the student is matched with a mentor. Required jobs:
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
              {REQUIREMENT_FIELDS.map(({ key, label }) => (
                <Box
                  key={key}
                  sx={{ p: 1.75, borderRadius: 2.5, bgcolor: '#f8fafc', border: '1px solid', borderColor: 'divider' }}
                >
                  <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Typography variant="h6" component="p">
                    {student.job_requirements[key]}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        )}
      </SectionCard>

      <CriteriaCard studentId={student.id} />

      {jobs.length > 0 && (
        <SectionCard id="sign-offs-title" title="Job Card Sign-offs" icon={<FactCheckOutlined color="primary" />}>
          <StudentSignOffs studentId={student.id} />
        </SectionCard>
      )}
    </>
  );
}

/** Student detail (hidden view `student-detail`, ?id=<studentId>). */
export function StudentDetailView({ messages }: { messages?: StudentMessagesSlot }) {
  const { id } = useDashboardParams();
  const [entity, setEntity] = useState<EntityRef | null>(null);
  const { data, isLoading, isError, error, isFetching, refetch } = useGetStudentDetailQuery(id ?? '', { skip: !id });

  const status = (error as { status?: unknown } | undefined)?.status;
  const notFound = !id || (isError && (status === 404 || status === 403 || status === 400));

  let content: ReactNode;
  if (notFound) {
    content = (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, md: 6 } }}>
          <PersonSearchOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />
          <Typography variant="h6" component="h2">
            Student not found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            This student does not exist or is not registered with your centre.
          </Typography>
        </CardContent>
      </Card>
    );
  } else if (isLoading) {
    content = <DetailSkeleton />;
  } else if (isError || !data) {
    content = (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, md: 6 } }} role="alert">
          <ErrorOutlineRounded sx={{ fontSize: 44, color: 'error.main', mb: 1 }} />
          <Typography variant="h6" component="h2">
            Failed to load data
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {status === 'TIMEOUT_ERROR'
              ? 'The server did not answer in time. Please try again.'
              : 'Please check your connection and try again.'}
          </Typography>
          <Button variant="contained" sx={{ mt: 3 }} onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    content = <StudentDetailContent student={data} onOpenEntity={setEntity} messages={messages} />;
  }

  return (
    <Stack spacing={3}>
      <BackButton />
      {content}
      <EntityDetailsModal entity={entity} onClose={() => setEntity(null)} />
    </Stack>
  );
}
