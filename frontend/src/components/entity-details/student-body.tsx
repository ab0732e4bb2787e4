import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/dates';
import type { StudentBrief, StudentLookup } from '@panda/contracts/accounts';
import { MatchChip } from '../match-chip';
import { JOB_STANDING_TONE, jobStanding, jobTypeName } from '../../lib/job-types';
import { JobStandingChip } from '../job-standing-chip';
import {
  CopyButton,
  DETAILS_LIST_LIMIT,
  DetailRow,
  EmailRow,
  EntityLink,
  Header,
  MoreLine,
  type OpenEntity,
  SectionTitle,
} from './parts';

/* A student's details in the entity details modal, and the student lists of mentors and centres. */
export function StudentBody({ data, onOpen }: { data: StudentLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Student';
  const email = data.Email;
  const id = data.id;
  const matched = data.Matched;
  const centre = data.training_centre;
  const mentor = data.mentor;
  const jobs = data.jobs;
  const shown = jobs.slice(0, DETAILS_LIST_LIMIT);
  const more = Math.max(0, data.jobs_total - shown.length);

  return (
    <>
      <Header icon={<SchoolOutlined />} title={name} subtitle="Student" chip={<MatchChip matched={matched} />} />
      <Divider />
      <EmailRow email={email} />
      <DetailRow
        icon={<BadgeOutlined fontSize="small" />}
        label="Student ID"
        action={<CopyButton value={id} label="Copy student ID" />}
      >
        <Box
          component="span"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.82rem' }}
        >
          {id}
        </Box>
      </DetailRow>
      <DetailRow icon={<CalendarMonthOutlined fontSize="small" />} label="Registered">
        {formatDate(data.Created_At)}
      </DetailRow>
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {matched ? 'Matched' : 'Pending'}
      </DetailRow>
      <DetailRow icon={<ApartmentOutlined fontSize="small" />} label="Training Centre">
        <EntityLink refValue={centre} type="training_centre" onOpen={onOpen} fallback="Independent" />
      </DetailRow>
      <DetailRow icon={<EngineeringOutlined fontSize="small" />} label="Assigned Mentor">
        <EntityLink refValue={mentor} type="mentor" onOpen={onOpen} fallback="Not assigned yet" />
      </DetailRow>

      <SectionTitle>Job Progress</SectionTitle>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No jobs yet. Jobs open once the student is matched with a mentor.
        </Typography>
      ) : (
        <Stack spacing={1.25} data-testid="details-jobs">
          {shown.map((job) => {
            const type = jobTypeName(job.Job_Type);
            // docs/rules.md#dispute-visibility: a job with an undecided dispute reads 'Disputed', never complete.
            const standing = jobStanding(job);
            return (
              <Box key={job.id} data-testid="details-job">
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
                    {type}
                  </Typography>
                  <JobStandingChip standing={standing} disputed={job.Disputed_Count} />
                  <Typography variant="body2" color="text.secondary">
                    {job.Completed_Count}/{job.Total_Count}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(100, job.percent)}
                  color={JOB_STANDING_TONE[standing]}
                  aria-label={`${type} progress`}
                  sx={{ height: 6, borderRadius: 3 }}
                />
              </Box>
            );
          })}
        </Stack>
      )}
      {more > 0 && (
        <MoreLine>
          +{more} more {more === 1 ? 'job' : 'jobs'}...
        </MoreLine>
      )}
    </>
  );
}

export function StudentList({
  students,
  onOpen,
  limit,
  scroll,
}: {
  students: StudentBrief[];
  onOpen: OpenEntity;
  limit?: number;
  scroll?: boolean;
}) {
  const shown = limit ? students.slice(0, limit) : students;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        ...(scroll
          ? { maxHeight: 240, overflowY: 'auto', border: '1px solid', borderColor: 'divider', borderRadius: 2.5 }
          : {}),
      }}
    >
      {shown.map((s) => {
        return (
          <Box
            component="li"
            key={s.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              px: scroll ? 1.5 : 0,
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 'none' },
            }}
          >
            <PersonOutlineRounded fontSize="small" sx={{ color: 'text.secondary' }} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                <EntityLink
                  refValue={{ id: s.id, name: s.Name || s.Email || 'Student', email: s.Email }}
                  type="student"
                  onOpen={onOpen}
                />
              </Typography>
              {s.Email && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {s.Email}
                </Typography>
              )}
            </Box>
            <MatchChip matched={s.Matched} />
          </Box>
        );
      })}
    </Box>
  );
}
