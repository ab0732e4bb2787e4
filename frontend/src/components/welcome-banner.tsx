import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';

interface WelcomeBannerProps {
  /** The chip above the heading, e.g. "Mentor dashboard". */
  badge: string;
  /** Width and height of the orange glow in the top right corner. */
  glowSize: number;
  /** How far the glow sits beyond the top and right edges. */
  glowOverhang: number;
  children: ReactNode;
}

/** The blue gradient card that greets a user at the top of an overview. */
export function WelcomeBanner({ badge, glowSize, glowOverhang, children }: WelcomeBannerProps) {
  return (
    <Card
      sx={{
        border: 'none',
        color: '#fff',
        background: 'linear-gradient(135deg, #1d4ed8 0%, #1e3a8a 70%, #172554 100%)',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          right: -glowOverhang,
          top: -glowOverhang,
          width: glowSize,
          height: glowSize,
          borderRadius: '50%',
          background: 'radial-gradient(circle, rgba(249,115,22,0.45) 0%, rgba(249,115,22,0) 70%)',
        }}
      />
      <CardContent sx={{ p: { xs: 3, md: 4 }, position: 'relative' }}>
        <Chip
          label={badge}
          size="small"
          sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: '#fff', fontWeight: 600, mb: 2 }}
        />
        {children}
      </CardContent>
    </Card>
  );
}
