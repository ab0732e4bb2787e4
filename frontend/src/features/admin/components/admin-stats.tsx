import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { StatCard } from '../../../components/stat-card';

export interface AdminTotal {
  total: number | undefined;
  loading: boolean;
}

const CARDS = [
  { label: 'Total Students', icon: <SchoolOutlined />, tone: 'primary' },
  { label: 'Total Mentors', icon: <EngineeringOutlined />, tone: 'secondary' },
  { label: 'Training Centres', icon: <ApartmentOutlined />, tone: 'info' },
  { label: 'Total Placements', icon: <HandshakeOutlined />, tone: 'success' },
] as const;

/** The counters above the lists: students, mentors, centres, placements, then any the app adds. */
export function AdminStats({
  totals,
  extra,
}: {
  /** Students, mentors, training centres and placements, in that order. */
  totals: AdminTotal[];
  extra?: ReactNode;
}) {
  return (
    <Box
      data-testid="admin-stats"
      sx={(t) => ({
        display: 'grid',
        // One row on a wide screen, however many counters there are (the app adds Open Tickets).
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          lg: `repeat(${CARDS.length + (extra ? 1 : 0)}, minmax(0, 1fr))`,
        },
        gap: 2,
        mb: 3,
        // On a phone the counters are small tiles, three to a row without their icons, so that the list
        // tabs (Support and Disputes among them) are on the first screen (docs/rules.md#phone-first-screen).
        [t.breakpoints.down('sm')]: {
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 1,
          mb: 2,
          '& .MuiCardContent-root, & .MuiCardContent-root:last-child': { p: 1.25 },
          '& .MuiCardContent-root > [aria-hidden]': { display: 'none' },
          '& .MuiCardContent-root .MuiTypography-body2': { fontSize: '0.75rem', lineHeight: 1.3 },
          '& .MuiCardContent-root > div > div:not(.MuiTypography-caption)': { fontSize: '1.15rem' },
        },
      })}
    >
      {CARDS.map((card, i) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={totals[i]?.total ?? 0}
          loading={!!totals[i]?.loading}
          icon={card.icon}
          tone={card.tone}
        />
      ))}
      {extra}
    </Box>
  );
}
