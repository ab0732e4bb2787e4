import EmailOutlined from '@mui/icons-material/EmailOutlined';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import { compareJobTypes, jobStanding, percentOf, type Job } from '../../../lib/job-types';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../lib/hooks';
import { signOffPath, useQueuedByPath } from '../../../lib/outbox';
import { selectUser } from '../../../lib/session';
import { useGetMentorJobsInfiniteQuery } from '../api/mentor-api';
import { ContactLine, MentorJobCard } from './mentor-job-card';
import { SignJobDialog } from './sign-job-dialog';

export const JOBS_LOAD_ERROR = 'Failed to load jobs';

interface StudentGroup {
  id: string;
  name: string;
  jobs: Job[];
}

/** Jobs grouped per assigned student, students by name, jobs in job-type order. */
export function groupByStudent(jobs: Job[]): StudentGroup[] {
  const groups = new Map<string, StudentGroup>();
  for (const job of jobs) {
    const id = job.Student_ID || 'unknown';
    const group = groups.get(id) ?? { id, name: job.Student_Name || 'Student', jobs: [] };
    group.jobs.push(job);
    groups.set(id, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, jobs: [...g.jobs].sort(compareJobTypes) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Student Jobs (spec "Mentor job management"). docs/rules.md#list-paging: the server pages the jobs by student name
 * and searches them (student name, e-mail, job type); "Load more" adds the next page, and a
 * student whose jobs straddle two pages stays one group.
 */
export function MentorJobsView() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const jobsQuery = useGetMentorJobsInfiniteQuery({ q: q || undefined });
  const go = useDashboardNavigate();
  const [signing, setSigning] = useState<Job | null>(null);
  /** Students whose cards are folded away. */
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const failed = jobsQuery.isError && !jobsQuery.data;
  const toasted = useRef(false);
  const queued = useQueuedByPath(useAppSelector(selectUser)?.id);

  useEffect(() => {
    if (failed && !toasted.current) {
      toasted.current = true;
      toast.error(JOBS_LOAD_ERROR);
    }
    if (!failed) toasted.current = false;
  }, [failed]);

  if (jobsQuery.isLoading) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading jobs">
        <Skeleton variant="rounded" height={72} sx={{ borderRadius: 4 }} />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={340} sx={{ borderRadius: 4 }} />
          ))}
        </Box>
      </Stack>
    );
  }

  if (failed) {
    return <RetryAlert onRetry={() => void jobsQuery.refetch()}>{JOBS_LOAD_ERROR}</RetryAlert>;
  }

  const { items, total } = loadedItems(jobsQuery.data);
  const groups = groupByStudent(items);

  if (groups.length === 0 && !q && !search.trim()) {
    return (
      <Card>
        <EmptyState
          headingLevel="h2"
          icon={<PersonSearchOutlined />}
          title="No students or jobs assigned yet"
          text="When a trainee is placed with you, their jobs appear here so you can sign off each one as it is completed."
        />
      </Card>
    );
  }

  const searching = search.trim() !== q || (jobsQuery.isFetching && !jobsQuery.isFetchingNextPage);
  const toggle = (id: string) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack spacing={4}>
      <TextField
        label="Search students"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {groups.length === 0 && (
        <Typography color="text.secondary" role="status">
          {searching ? 'Searching...' : <>No students match &lsquo;{q}&rsquo;</>}
        </Typography>
      )}
      {groups.map((group) => {
        const first = group.jobs[0];
        const folded = collapsed.has(group.id);
        const total = group.jobs.reduce((s, j) => s + j.Total_Count, 0);
        const done = group.jobs.reduce((s, j) => s + Math.min(j.Completed_Count, j.Total_Count), 0);
        // The summary counts the jobs as their cards show them (docs/rules.md#dispute-visibility).
        const standings = group.jobs.map(jobStanding);
        const open = standings.filter((s) => s === 'in_progress').length;
        const disputed = standings.filter((s) => s === 'disputed').length;
        const summary = [open > 0 && `${open} in progress`, disputed > 0 && `${disputed} disputed`].filter(Boolean);
        return (
          <Box
            component="section"
            key={group.id}
            aria-labelledby={`student-${group.id}`}
            data-testid="student-job-group"
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
              <Avatar sx={{ bgcolor: 'secondary.main', fontWeight: 700 }} aria-hidden>
                {(group.name.trim()[0] ?? '?').toUpperCase()}
              </Avatar>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography id={`student-${group.id}`} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
                  {group.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {group.jobs.length} {group.jobs.length === 1 ? 'job' : 'jobs'} · {done} of {total} cards signed (
                  {percentOf(done, total)}%)
                </Typography>
                <Box sx={{ mt: 0.75, display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}>
                  <ContactLine icon={<EmailOutlined />} label="Email">
                    {first?.student_email || 'Not provided'}
                  </ContactLine>
                  <ContactLine icon={<PhoneOutlined />} label="Phone">
                    {first?.student_phone || 'Not provided'}
                  </ContactLine>
                  <ContactLine icon={<LocationOnOutlined />} label="Postcode">
                    {first?.student_postcode || 'Not provided'}
                  </ContactLine>
                </Box>
              </Box>
              <Chip
                size="small"
                label={summary.length ? summary.join(' · ') : 'All complete'}
                color={disputed > 0 ? 'warning' : open > 0 ? 'primary' : 'success'}
                variant="outlined"
                sx={{ fontWeight: 600 }}
              />
              <Button
                size="small"
                onClick={() => toggle(group.id)}
                aria-expanded={!folded}
                aria-controls={`student-jobs-${group.id}`}
                endIcon={folded ? <ExpandMoreRounded /> : <ExpandLessRounded />}
                aria-label={`${folded ? 'Show' : 'Hide'} jobs of ${group.name}`}
              >
                {folded ? 'Show jobs' : 'Hide jobs'}
              </Button>
            </Box>
            <Box
              id={`student-jobs-${group.id}`}
              hidden={folded}
              sx={{
                display: folded ? 'none' : 'grid',
                gap: 2.5,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
              }}
            >
              {group.jobs.map((job) => (
                <MentorJobCard
                  key={job.id}
                  job={job}
                  onMarkComplete={setSigning}
                  onDetails={(j) => go('job-detail', j.id)}
                  queued={queued.get(signOffPath(job.id))}
                />
              ))}
            </Box>
          </Box>
        );
      })}
      {groups.length > 0 && <LoadMore noun={['job', 'jobs']} shown={items.length} total={total} pages={jobsQuery} />}
      <SignJobDialog job={signing} onClose={() => setSigning(null)} onSigned={() => void jobsQuery.refetch()} />
    </Stack>
  );
}
