import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import type { MentorContact } from '@panda/contracts/training';
import { useGetStudentOverviewQuery } from '../api/student-api';
import { VisuallyHidden } from '../../../components/visually-hidden';

const EntityDetailsModal = lazyDialog(
  () => import('../../../components/entity-details-modal').then((m) => m.EntityDetailsModal),
  (p) => !!p.entity,
  'Loading details...',
);

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Typography>
    </Box>
  );
}

/** 'Your mentor': who a matched student trains with and how to reach them (docs/rules.md#progress-at-a-glance). */
export function MentorContactCard({ mentor }: { mentor: MentorContact }) {
  const [details, setDetails] = useState(false);
  return (
    <Card component="section" aria-labelledby="your-mentor-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
          <EngineeringOutlined color="primary" aria-hidden />
          <Typography id="your-mentor-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Your mentor
          </Typography>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setDetails(true)}
            aria-label={`View details of ${mentor.name}`}
          >
            View details
          </Button>
        </Box>
        <Typography variant="subtitle1" component="p" sx={{ mb: 1 }}>
          {mentor.name}
        </Typography>
        <Stack spacing={1}>
          {mentor.business_name && (
            <Line icon={<BusinessOutlined fontSize="small" />} label="Business">
              {mentor.business_name}
            </Line>
          )}
          {mentor.phone && (
            <Line icon={<PhoneOutlined fontSize="small" />} label="Phone">
              <Link href={`tel:${mentor.phone.replace(/\s+/g, '')}`}>{mentor.phone}</Link>
            </Line>
          )}
          <Line icon={<EmailOutlined fontSize="small" />} label="Email">
            <Link href={`mailto:${mentor.email}`}>{mentor.email}</Link>
          </Line>
        </Stack>
      </CardContent>
      <EntityDetailsModal
        entity={details ? { type: 'mentor', id: mentor.id } : null}
        onClose={() => setDetails(false)}
      />
    </Card>
  );
}

/** The signed-in student's mentor card, shown only while they are matched. */
export function YourMentor() {
  const { data } = useGetStudentOverviewQuery();
  return data?.matched && data.mentor ? <MentorContactCard mentor={data.mentor} /> : null;
}
