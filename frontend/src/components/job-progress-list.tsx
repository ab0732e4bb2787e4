import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Chip from '@mui/material/Chip';
import { isComplete, jobPercent, openDisputes, type Job, jobTypeName } from '../lib/job-types';
import { JobTypeTile } from './job-type-icon';

export interface JobProgressListProps {
  jobs: Job[];
  /** Show the student's name under the job type (mentor screens). */
  showStudent?: boolean;
}

/** Compact progress rows (job type, completed/total, bar, percent) for overview cards. */
export function JobProgressList({ jobs, showStudent }: JobProgressListProps) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Job progress">
      {jobs.map((job) => {
        const percent = jobPercent(job);
        // An undecided dispute among its counted cards: 'Disputed', not complete (docs/rules.md#dispute-visibility).
        const disputed = openDisputes([job]) > 0;
        const complete = isComplete(job) && !disputed;
        const tone = complete ? 'success' : disputed ? 'warning' : 'primary';
        return (
          <Box
            component="li"
            key={job.id}
            data-testid="job-progress-row"
            sx={{ p: 1.75, borderRadius: '12px', border: '1px solid', borderColor: 'divider', bgcolor: '#fbfcfe' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <JobTypeTile
                type={String(job.Job_Type)}
                complete={complete}
                size={36}
                borderRadius={2}
                noShrink
                iconSize="small"
              />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
                  {jobTypeName(job.Job_Type)}
                </Typography>
                {showStudent && job.Student_Name && (
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {job.Student_Name}
                  </Typography>
                )}
                {/* The chip wraps under the count on a narrow screen, flush with it, never indented. */}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
                  <Typography variant="body2" color="text.secondary">
                    {job.Completed_Count} of {job.Total_Count} completed
                  </Typography>
                  {disputed && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="warning"
                      label="Disputed"
                      data-testid="job-disputed"
                      sx={{ height: 20, fontWeight: 600 }}
                    />
                  )}
                </Box>
              </Box>
              <Typography
                sx={{ fontWeight: 800, color: tone === 'primary' ? 'primary.main' : `${tone}.dark`, flexShrink: 0 }}
                aria-label={`${percent}% complete`}
              >
                {percent}%
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={tone}
              aria-label={`${jobTypeName(job.Job_Type)} progress`}
              sx={{
                mt: 1.25,
                height: 8,
                borderRadius: 4,
                bgcolor: 'rgba(15, 23, 42, 0.06)',
                '& .MuiLinearProgress-bar': { borderRadius: 4 },
              }}
            />
          </Box>
        );
      })}
    </Stack>
  );
}
