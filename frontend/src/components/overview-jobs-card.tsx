import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { dashboardPath } from '../lib/dashboard-nav';

/** Jobs shown on an overview before the view-all link (spec section 9). */
export const OVERVIEW_JOBS = 4;

interface OverviewJobsCardProps {
  titleId: string;
  title: string;
  /** How many jobs there are in all; more than OVERVIEW_JOBS adds a "View all" link to the jobs view. */
  jobCount: number;
  /** Shows placeholder rows instead of the children. */
  loading: boolean;
  children: ReactNode;
}

/** The jobs card of a student's or mentor's overview. */
export function OverviewJobsCard({ titleId, title, jobCount, loading, children }: OverviewJobsCardProps) {
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {jobCount > OVERVIEW_JOBS && (
            <Button component={RouterLink} to={dashboardPath('jobs')} endIcon={<ArrowForwardRounded />} size="small">
              View all {jobCount} jobs
            </Button>
          )}
        </Box>
        {loading ? (
          <Stack spacing={1.5}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={78} sx={{ borderRadius: 3 }} />
            ))}
          </Stack>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
