import EditOutlined from '@mui/icons-material/EditOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { useAuthedImage } from '../../../lib/authed-image';
import { useGetMentorProfileDetailsQuery, type MentorProfileDetails } from '../api/mentor-api';

const MentorProfileDialog = lazyDialog(
  () => import('./mentor-profile-dialog').then((m) => m.MentorProfileDialog),
  (p) => p.open,
  'Loading your profile...',
);

/** The Gas Safe categories a mentor may tick, with the words the profile form uses. */
const CATEGORIES: Array<[keyof MentorProfileDetails, string]> = [
  ['Qualified_Boilers', 'Boilers'],
  ['Qualified_Cookers', 'Cookers'],
  ['Qualified_Gas_Fires', 'Gas Fires'],
  ['Qualified_Gas_Meters', 'Gas Meters'],
  ['Qualified_LPG', 'LPG'],
  ['Qualified_Commercial', 'Commercial'],
];

function CardPhoto({ url }: { url: string }) {
  const image = useAuthedImage(url);
  if (!image || image.status === 'loading') return <Skeleton variant="rounded" width={220} height={140} />;
  if (image.status === 'failed')
    return (
      <Typography variant="body2" color="text.secondary">
        The photo could not be loaded.
      </Typography>
    );
  return (
    <Box
      component="img"
      src={image.src}
      alt="Your Gas Safe card"
      sx={{ maxWidth: '100%', width: 260, borderRadius: 2, border: '1px solid', borderColor: 'divider' }}
    />
  );
}

/**
 * Under Profile, for a mentor: the Gas Safe registration, the categories it covers (what the mentor
 * may sign) and the card's photo, with the form to change them.
 */
export function MentorGasSafeCard() {
  const { data, isLoading, isError, refetch } = useGetMentorProfileDetailsQuery();
  const [open, setOpen] = useState(false);
  const categories = data ? CATEGORIES.filter(([key]) => data[key] === true).map(([, label]) => label) : [];
  const photo = data?.Gas_Safe_Card_Photo ?? null;

  return (
    <Card component="section" aria-labelledby="gas-safe-card-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <VerifiedUserOutlined color="primary" aria-hidden />
          <Typography id="gas-safe-card-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Gas Safe Registration
          </Typography>
        </Box>
        {isLoading ? (
          <Skeleton width="50%" />
        ) : isError && !data ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load profile data</RetryAlert>
        ) : (
          <Stack spacing={2}>
            <Box>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                Gas Safe Registration Number
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{data?.Gas_Safe_Registration_Number || 'Not given yet'}</Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} id="gas-safe-categories">
                Gas Safe categories
              </Typography>
              {categories.length ? (
                <Box
                  component="ul"
                  aria-labelledby="gas-safe-categories"
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
                >
                  {categories.map((c) => (
                    <li key={c}>
                      <Chip label={c} size="small" color="primary" variant="outlined" />
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary">
                  None ticked yet: you cannot sign job cards until you add them.
                </Typography>
              )}
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} component="p">
                Gas Safe card photo
              </Typography>
              {photo ? (
                <CardPhoto url={photo.url} />
              ) : (
                <Typography color="text.secondary">No photo uploaded yet.</Typography>
              )}
            </Box>
            <Box>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setOpen(true)}>
                Edit Business Profile
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
      <MentorProfileDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
