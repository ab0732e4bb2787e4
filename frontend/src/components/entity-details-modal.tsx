import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { copyToClipboard } from '../lib/clipboard';
import { formatDate } from '../lib/dates';
import type {
  CentreLookup,
  LookupEntityType,
  MentorLookup,
  PersonRef,
  PlacementLookup,
  StudentBrief,
  StudentLookup,
} from '@panda/contracts/accounts';
import { isLookupEntityType, useGetEntityLookupQuery } from '../lib/lookup-api';
import { MatchChip } from './match-chip';
import { jobTypeName } from '../lib/job-types';

/**
 * The entity details modal (spec "Entity details modal"): Student / Mentor / Training Centre /
 * Placement Details loaded from GET /api/lookup/{entityType}/{entityId}. Related entities are links
 * that open in the same modal (with a Back button). Shared by every feature:
 *
 *   const [entity, setEntity] = useState<EntityRef | null>(null);
 *   <Link component="button" onClick={() => setEntity({ type: 'student', id })}>{id}</Link>
 *   <EntityDetailsModal entity={entity} onClose={() => setEntity(null)} />
 */

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
type Ref = PersonRef;

// ---------------------------------------------------------------------------------------------
// Small building blocks

interface DetailRowProps {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  action?: ReactNode;
}

function DetailRow({ icon, label, children, action }: DetailRowProps) {
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

function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void copyToClipboard(value)} sx={{ mt: 0.5 }}>
        <ContentCopyRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

type OpenEntity = (ref: EntityRef) => void;

function EntityLink({
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

function Header({
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
function EmailRow({ email }: { email: string | null }) {
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

function SectionTitle({ children }: { children: ReactNode }) {
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

function MoreLine({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mt: 0.75 }}>
      {children}
    </Typography>
  );
}

// ---------------------------------------------------------------------------------------------
// One body per entity type

function StudentBody({ data, onOpen }: { data: StudentLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Student';
  const email = data.Email;
  const id = data.id;
  const matched = data.Matched;
  const centre = data.training_centre;
  const mentor = data.mentor;
  const jobs = data.jobs;
  const shown = jobs.slice(0, DETAILS_LIST_LIMIT);
  const more = Math.max(0, data.jobs_total - shown.length);

  return (
    <>
      <Header icon={<SchoolOutlined />} title={name} subtitle="Student" chip={<MatchChip matched={matched} />} />
      <Divider />
      <EmailRow email={email} />
      <DetailRow
        icon={<BadgeOutlined fontSize="small" />}
        label="Student ID"
        action={<CopyButton value={id} label="Copy student ID" />}
      >
        <Box
          component="span"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.82rem' }}
        >
          {id}
        </Box>
      </DetailRow>
      <DetailRow icon={<CalendarMonthOutlined fontSize="small" />} label="Registered">
        {formatDate(data.Created_At)}
      </DetailRow>
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {matched ? 'Matched' : 'Pending'}
      </DetailRow>
      <DetailRow icon={<ApartmentOutlined fontSize="small" />} label="Training Centre">
        <EntityLink refValue={centre} type="training_centre" onOpen={onOpen} fallback="Independent" />
      </DetailRow>
      <DetailRow icon={<EngineeringOutlined fontSize="small" />} label="Assigned Mentor">
        <EntityLink refValue={mentor} type="mentor" onOpen={onOpen} fallback="Not assigned yet" />
      </DetailRow>

      <SectionTitle>Job Progress</SectionTitle>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No jobs yet. Jobs open once the student is matched with a mentor.
        </Typography>
      ) : (
        <Stack spacing={1.25} data-testid="details-jobs">
          {shown.map((job) => {
            const type = jobTypeName(job.Job_Type);
            const completed = job.Completed_Count;
            const total = job.Total_Count;
            const percent = Math.min(100, job.percent);
            return (
              <Box key={job.id}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {type}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {completed}/{total}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  color={completed >= total && total > 0 ? 'success' : 'primary'}
                  aria-label={`${type} progress`}
                  sx={{ height: 6, borderRadius: 3 }}
                />
              </Box>
            );
          })}
        </Stack>
      )}
      {more > 0 && (
        <MoreLine>
          +{more} more {more === 1 ? 'job' : 'jobs'}...
        </MoreLine>
      )}
    </>
  );
}

function StudentList({
  students,
  onOpen,
  limit,
  scroll,
}: {
  students: StudentBrief[];
  onOpen: OpenEntity;
  limit?: number;
  scroll?: boolean;
}) {
  const shown = limit ? students.slice(0, limit) : students;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        ...(scroll
          ? { maxHeight: 240, overflowY: 'auto', border: '1px solid', borderColor: 'divider', borderRadius: 2.5 }
          : {}),
      }}
    >
      {shown.map((s) => {
        return (
          <Box
            component="li"
            key={s.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              px: scroll ? 1.5 : 0,
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 'none' },
            }}
          >
            <PersonOutlineRounded fontSize="small" sx={{ color: 'text.secondary' }} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                <EntityLink
                  refValue={{ id: s.id, name: s.Name || s.Email || 'Student', email: s.Email }}
                  type="student"
                  onOpen={onOpen}
                />
              </Typography>
              {s.Email && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {s.Email}
                </Typography>
              )}
            </Box>
            <MatchChip matched={s.Matched} />
          </Box>
        );
      })}
    </Box>
  );
}

function MentorBody({ data, onOpen }: { data: MentorLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Mentor';
  const email = data.Email;
  const students = data.students;
  const count = data.student_count;
  const active = data.Matched;
  const business = data.Business_Name;
  const more = Math.max(0, Math.max(count, students.length) - Math.min(students.length, DETAILS_LIST_LIMIT));

  return (
    <>
      <Header
        icon={<EngineeringOutlined />}
        title={name}
        subtitle={business ?? 'Mentor'}
        chip={
          <Chip
            size="small"
            label={active ? 'Active' : 'Available'}
            color={active ? 'success' : 'default'}
            sx={{ fontWeight: 600 }}
          />
        }
      />
      <Divider />
      <EmailRow email={email} />
      <DetailRow icon={<GroupsOutlined fontSize="small" />} label="Students">
        {count}
      </DetailRow>
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {active ? 'Active' : 'Available'}
      </DetailRow>

      <SectionTitle>Assigned Students</SectionTitle>
      {students.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No students assigned yet.
        </Typography>
      ) : (
        <StudentList students={students} onOpen={onOpen} limit={DETAILS_LIST_LIMIT} />
      )}
      {more > 0 && (
        <MoreLine>
          +{more} more {more === 1 ? 'student' : 'students'}...
        </MoreLine>
      )}
    </>
  );
}

function CentreBody({ data, onOpen }: { data: CentreLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Training Centre';
  const contact = data.contact || null;
  const email = data.Email;
  const students = data.students;
  const count = data.student_count;

  return (
    <>
      <Header icon={<ApartmentOutlined />} title={name} subtitle="Training Centre" />
      <Divider />
      <DetailRow icon={<PersonOutlineRounded fontSize="small" />} label="Contact">
        {contact ?? 'Not available'}
      </DetailRow>
      <EmailRow email={email} />
      <DetailRow icon={<GroupsOutlined fontSize="small" />} label="Students">
        {count}
      </DetailRow>

      <SectionTitle>Registered Students</SectionTitle>
      {students.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No students registered yet.
        </Typography>
      ) : (
        <StudentList students={students} onOpen={onOpen} scroll />
      )}
    </>
  );
}

export function placementStatusColor(status: string | null): 'success' | 'warning' | 'default' {
  const s = (status ?? '').toLowerCase();
  if (s === 'active') return 'success';
  if (s === 'pending') return 'warning';
  return 'default';
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function PlacementBody({ data, onOpen }: { data: PlacementLookup; onOpen: OpenEntity }) {
  const status = data.Status;
  const { student, mentor, training_centre: centre } = data.relationships;
  const notes = data.Notes?.trim() || null;
  const color = placementStatusColor(status);

  return (
    <>
      <Header
        icon={<HandshakeOutlined />}
        title={student.name && mentor.name ? `${student.name} with ${mentor.name}` : 'Placement'}
        subtitle="Placement"
        chip={
          <Chip
            size="small"
            label={status ? capitalise(status) : 'Unknown'}
            color={color}
            data-status-color={color === 'success' ? 'green' : color === 'warning' ? 'yellow' : 'grey'}
            sx={{ fontWeight: 600, ...(color === 'warning' ? { bgcolor: '#facc15', color: '#422006' } : {}) }}
          />
        }
      />
      <Divider />
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {status ? capitalise(status) : 'Not available'}
      </DetailRow>
      <DetailRow icon={<CalendarMonthOutlined fontSize="small" />} label="Placed At">
        {formatDate(data.Placed_At)}
      </DetailRow>
      <DetailRow icon={<NotesOutlined fontSize="small" />} label="Notes">
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {notes ?? 'No notes'}
        </Box>
      </DetailRow>
      <SectionTitle>Linked</SectionTitle>
      <DetailRow icon={<SchoolOutlined fontSize="small" />} label="Student">
        <EntityLink refValue={student} type="student" onOpen={onOpen} />
      </DetailRow>
      <DetailRow icon={<EngineeringOutlined fontSize="small" />} label="Mentor">
        <EntityLink refValue={mentor} type="mentor" onOpen={onOpen} />
      </DetailRow>
      <DetailRow icon={<ApartmentOutlined fontSize="small" />} label="Training Centre">
        <EntityLink refValue={centre} type="training_centre" onOpen={onOpen} fallback="Independent" />
      </DetailRow>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

function LookupContent({ entity, onOpen }: { entity: EntityRef; onOpen: OpenEntity }) {
  const type = entity.type;
  const known = isLookupEntityType(type);
  const { data, isLoading, isFetching, isError, refetch } = useGetEntityLookupQuery(
    known ? { entityType: type, entityId: entity.id } : { entityType: 'student', entityId: '' },
    { skip: !known || !entity.id },
  );

  if (!known) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <HelpOutlineRounded sx={{ fontSize: 40, color: 'text.secondary', mb: 1 }} />
        <Typography color="text.secondary">Unknown entity type</Typography>
      </Box>
    );
  }
  if (isLoading || (isError && isFetching)) {
    return (
      <Box
        role="status"
        aria-live="polite"
        sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <CircularProgress size={32} aria-label="Loading details" />
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Box
        role="alert"
        sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}
      >
        <ErrorOutlineRounded sx={{ fontSize: 40, color: 'error.main' }} />
        <Typography sx={{ fontWeight: 600 }}>Failed to load data</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          Retry
        </Button>
      </Box>
    );
  }
  switch (data.type) {
    case 'student':
      return <StudentBody data={data} onOpen={onOpen} />;
    case 'mentor':
      return <MentorBody data={data} onOpen={onOpen} />;
    case 'training_centre':
      return <CentreBody data={data} onOpen={onOpen} />;
    case 'placement':
      return <PlacementBody data={data} onOpen={onOpen} />;
  }
}

export interface EntityDetailsModalProps {
  /** The entity to show; null closes the modal. */
  entity: EntityRef | null;
  onClose: () => void;
}

export function EntityDetailsModal({ entity, onClose }: EntityDetailsModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = `entity-details-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // History of entities opened through links inside the modal; restarts whenever `entity` changes.
  const [history, setHistory] = useState<{ source: EntityRef | null; stack: EntityRef[] }>({
    source: entity,
    stack: entity ? [entity] : [],
  });
  let stack = history.stack;
  if (history.source !== entity) {
    // On close the last entity stays, so the content does not vanish during the closing transition.
    stack = entity ? [entity] : history.stack;
    setHistory({ source: entity, stack });
  }
  const current = stack[stack.length - 1] ?? entity;
  const title = current && isLookupEntityType(current.type) ? ENTITY_TITLES[current.type] : 'Entity Details';

  const open = (ref: EntityRef) => setHistory((h) => ({ ...h, stack: [...h.stack, ref] }));
  const back = () => setHistory((h) => ({ ...h, stack: h.stack.slice(0, -1) }));

  return (
    <Dialog open={!!entity} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5, pb: 1 }}>
        {stack.length > 1 && (
          <IconButton aria-label="Back" onClick={back} size="small" edge="start">
            <ArrowBackRounded />
          </IconButton>
        )}
        <Box component="span" sx={{ flexGrow: 1 }}>
          {title}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} size="small">
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        {current && <LookupContent key={`${current.type}:${current.id}`} entity={current} onOpen={open} />}
      </DialogContent>
    </Dialog>
  );
}
