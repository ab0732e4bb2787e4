import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type StatTone = 'primary' | 'success' | 'warning' | 'info' | 'secondary' | 'neutral';

const TONES: Record<StatTone, { bg: string; fg: string }> = {
  primary: { bg: 'rgba(29, 78, 216, 0.08)', fg: '#1d4ed8' },
  success: { bg: 'rgba(22, 163, 74, 0.1)', fg: '#15803d' },
  warning: { bg: 'rgba(217, 119, 6, 0.12)', fg: '#b45309' },
  info: { bg: 'rgba(2, 132, 199, 0.1)', fg: '#0369a1' },
  secondary: { bg: 'rgba(249, 115, 22, 0.12)', fg: '#c2410c' },
  neutral: { bg: 'rgba(71, 85, 105, 0.1)', fg: '#475569' },
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: StatTone;
  /** Small text under the value. */
  caption?: ReactNode;
  loading?: boolean;
  'data-testid'?: string;
}

/** A labelled figure with an icon, for dashboard overviews. */
export function StatCard({ label, value, icon, tone = 'primary', caption, loading, ...rest }: StatCardProps) {
  const colors = TONES[tone];
  return (
    <Card sx={{ height: '100%' }} data-testid={rest['data-testid']} role="group" aria-label={label}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 }, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: colors.bg,
            color: colors.fg,
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography
            component="div"
            sx={{ fontWeight: 800, fontSize: '1.35rem', lineHeight: 1.3, color: 'text.primary' }}
          >
            {loading ? <Skeleton width={80} /> : value}
          </Typography>
          {caption && !loading && (
            <Typography variant="caption" color="text.secondary" component="div">
              {caption}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
