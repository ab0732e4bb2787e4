import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode } from 'react';
import { copyToClipboard } from '../../lib/clipboard';
import type { LookupEntityType, PersonRef } from '@panda/contracts/accounts';

/** The entity details modal's shared pieces: the entity reference, rows, links and section titles. */

export interface EntityRef {
  /** 'student' | 'mentor' | 'training_centre' | 'placement'; anything else shows 'Unknown entity type'. */
  type: string;
  id: string;
}

export const ENTITY_TITLES: Record<LookupEntityType, string> = {
  student: 'Student Details',
  mentor: 'Mentor Details',
  training_centre: 'Training Centre Details',
  placement: 'Placement Details',
};

/** The details modal shows the first 3 jobs or students, then '+N more ...'. */
export const DETAILS_LIST_LIMIT = 3;

/** A related entity as a link: its id, name and e-mail (the lookup contract's person). */
export type Ref = PersonRef;

// ---------------------------------------------------------------------------------------------
// Small building blocks

interface DetailRowProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  action?: ReactNode;
}

export function DetailRow({ icon, label, children, action }: DetailRowProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontWeight: 600, letterSpacing: '0.02em' }}
        >
          {label}
        </Typography>
        <Box sx={{ typography: 'body2', fontWeight: 500, wordBreak: 'break-word' }}>{children}</Box>
      </Box>
      {action}
    </Box>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void copyToClipboard(value)} sx={{ mt: 0.5 }}>
        <ContentCopyRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export type OpenEntity = (ref: EntityRef) => void;

export function EntityLink({
  refValue,
  type,
  onOpen,
  fallback = 'Not available',
}: {
  refValue: Ref | null;
  type: LookupEntityType;
  onOpen: OpenEntity;
  fallback?: string;
}) {
  if (!refValue) return <>{fallback}</>;
  const label = refValue.name ?? refValue.email ?? refValue.id ?? fallback;
  if (!refValue.id) return <>{label}</>;
  const id = refValue.id;
  return (
    <Link
      component="button"
      type="button"
      onClick={() => onOpen({ type, id })}
      sx={{ font: 'inherit', fontWeight: 600, textAlign: 'left', verticalAlign: 'baseline' }}
      aria-label={`${label}: open ${ENTITY_TITLES[type].replace(' Details', '').toLowerCase()} details`}
    >
      {label}
    </Link>
  );
}

export function Header({
  icon,
  title,
  subtitle,
  chip,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: string | null;
  chip?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
      <Avatar sx={{ bgcolor: 'rgba(29, 78, 216, 0.1)', color: 'primary.main', width: 48, height: 48 }}>{icon}</Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.25, wordBreak: 'break-word' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {chip}
    </Box>
  );
}

/** The e-mail address with a copy button, or 'Not available'. */
export function EmailRow({ email }: { email: string | null }) {
  return (
    <DetailRow
      icon={<MailOutlineRounded fontSize="small" />}
      label="Email"
      action={email ? <CopyButton value={email} label="Copy email" /> : undefined}
    >
      {email ?? 'Not available'}
    </DetailRow>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="overline"
      color="text.secondary"
      component="h3"
      sx={{ display: 'block', mt: 2, mb: 0.5, fontSize: '0.7rem' }}
    >
      {children}
    </Typography>
  );
}

export function MoreLine({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.75 }}>
      {children}
    </Typography>
  );
}

// ---------------------------------------------------------------------------------------------
// One body per entity type

export function placementStatusColor(status: string | null): 'success' | 'warning' | 'default' {
  const s = (status ?? '').toLowerCase();
  if (s === 'active') return 'success';
  if (s === 'pending') return 'warning';
  return 'default';
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
