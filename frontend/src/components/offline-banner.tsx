import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useEffect } from 'react';
import { apiReachable, selectApiReachable } from '../lib/connectivity';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { VISUALLY_HIDDEN } from './visually-hidden';

/** How often the banner asks /api/health whether the API is back. */
export const OFFLINE_PROBE_MS = 3000;

/**
 * Shown at the top of every page while the API does not answer (docs/rules.md#honest-offline-state): says so, and that what
 * is on screen may be out of date. It probes /api/health; once it answers, the banner goes and the
 * queries refetch (RTK Query's refetch on reconnect).
 */
export function OfflineBanner() {
  const reachable = useAppSelector(selectApiReachable);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (reachable) return;
    let stopped = false;
    const probe = async () => {
      try {
        const res = await fetch('/api/health', { cache: 'no-store' });
        if (res.ok && !stopped) {
          dispatch(apiReachable());
          window.dispatchEvent(new Event('online'));
        }
      } catch {
        /* still unreachable */
      }
    };
    const timer = setInterval(() => void probe(), OFFLINE_PROBE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [dispatch, reachable]);

  if (reachable) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      icon={<CloudOffOutlined />}
      role="status"
      aria-label="Connection"
      sx={{ borderRadius: 0, bgcolor: '#7c2d12', color: '#fff' }}
    >
      <AlertTitle sx={{ mb: 0.25 }}>You're offline: Panda can't reach the server</AlertTitle>
      Lists on screen may be out of date. Sign-offs, confirmations and disputes wait in the outbox and are sent when the
      connection is back; other changes can't be saved until then. We'll reconnect automatically.{' '}
      <Link component={RouterLink} to="/offline" color="inherit" sx={{ fontWeight: 700 }}>
        What works offline
      </Link>
    </Alert>
  );
}

/**
 * Marks cached lists while the API is unreachable: 'Possibly out of date'. On a phone the words are
 * for screen readers only (the banner above says the same), so the screen's title keeps its room.
 */
export function StaleMark() {
  const reachable = useAppSelector(selectApiReachable);
  if (reachable) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CloudOffOutlined />}
      label={
        <Box component="span" sx={{ '@media (max-width: 599.95px)': VISUALLY_HIDDEN }}>
          Possibly out of date
        </Box>
      }
      sx={{
        flexShrink: 0,
        fontWeight: 600,
        color: '#7c2d12',
        borderColor: '#7c2d12',
        '& .MuiChip-icon': { color: '#7c2d12' },
        '@media (max-width: 599.95px)': { '& .MuiChip-label': { px: 0.5 }, '& .MuiChip-icon': { mx: 0.5 } },
      }}
    />
  );
}
