import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { RetryAlert } from '../../../components/retry-alert';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session';
import { useGetMentorProfileStatusQuery } from '../api/mentor-api';
import { lazyDialog } from '../../../components/lazy-dialog';

const MentorProfileDialog = lazyDialog(
  () => import('./mentor-profile-dialog').then((m) => m.MentorProfileDialog),
  (p) => p.open,
  'Loading your profile...',
);

const PROMPTED_KEY = 'panda.mentorProfilePrompted';

/** True the first time this browser session asks, per mentor: the form opens itself only once. */
function firstPromptThisSession(userId: string): boolean {
  try {
    const key = `${PROMPTED_KEY}.${userId}`;
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    /* no storage: prompt anyway */
  }
  return true;
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>{value || '—'}</Typography>
    </Box>
  );
}

/**
 * Mentor profile summary with 'Complete Your Profile' / 'Edit Profile' (spec "Mentor overview and
 * profile"). A first visit with an incomplete profile opens the form automatically.
 */
export function MentorProfileCard() {
  const user = useAppSelector(selectUser);
  const status = useGetMentorProfileStatusQuery();
  const [open, setOpen] = useState(false);
  const complete = !!status.data?.profile_completed;

  useEffect(() => {
    const s = status.data;
    if (!s || !user?.id || user.must_change_password) return;
    // Opening follows sessionStorage (outside React, written once per session) and the loaded status,
    // so it is decided here, after rendering, and not while rendering.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!s.profile_completed && s.is_first_time && firstPromptThisSession(user.id)) setOpen(true);
  }, [status.data, user?.id, user?.must_change_password]);

  return (
    <Card component="section" aria-labelledby="mentor-profile-card-title" sx={{ height: '100%' }}>
      <CardContent
        sx={{
          p: { xs: 2.5, md: 3 },
          '&:last-child': { pb: { xs: 2.5, md: 3 } },
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(29, 78, 216, 0.08)',
              color: 'primary.main',
            }}
          >
            <BadgeOutlined />
          </Box>
          <Typography id="mentor-profile-card-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Business Profile
          </Typography>
          {status.data &&
            (complete ? (
              <Chip
                icon={<VerifiedRounded />}
                label="Profile Complete"
                color="success"
                size="small"
                sx={{ fontWeight: 700 }}
                data-testid="profile-complete-badge"
              />
            ) : (
              <Chip
                icon={<WarningAmberRounded />}
                label="Incomplete"
                color="warning"
                size="small"
                variant="outlined"
                sx={{ fontWeight: 700 }}
              />
            ))}
        </Box>

        {status.isLoading ? (
          <>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </>
        ) : status.isError && !status.data ? (
          <RetryAlert onRetry={() => void status.refetch()}>Failed to load profile data</RetryAlert>
        ) : complete ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Detail label="Business Name" value={status.data?.business_name ?? null} />
            <Detail label="Gas Safe Number" value={status.data?.gas_safe_number ?? null} />
          </Box>
        ) : (
          <Typography color="text.secondary">
            Complete your business profile (Gas Safe registration, qualifications and contact details) so we can match
            trainees with you.
          </Typography>
        )}

        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ mt: 2.5 }}>
          <Button
            variant={complete ? 'outlined' : 'contained'}
            startIcon={<EditOutlined />}
            onClick={() => setOpen(true)}
            disabled={status.isLoading}
          >
            {complete ? 'Edit Profile' : 'Complete Your Profile'}
          </Button>
        </Box>
      </CardContent>
      <MentorProfileDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
