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
import { isLookupEntityType, useGetEntityLookupQuery, type LookupEntityType } from '../lib/lookup-api';
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

// ---------------------------------------------------------------------------------------------
// Reading the lookup answer tolerantly (field names follow spec section 3; both casings accepted).

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() ? v.trim() : null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function pick(o: Obj | null | undefined, ...keys: string[]): unknown {
  if (!o) return undefined;
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
}

function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1) return true;
  if (v === 'false' || v === 0) return false;
  return null;
}

function personName(o: Obj | null | undefined): string | null {
  if (!o) return null;
  const full = [text(pick(o, 'First_Name', 'first_name')), text(pick(o, 'Last_Name', 'last_name'))]
    .filter(Boolean)
    .join(' ');
  return text(pick(o, 'Name', 'name', 'full_name')) ?? (full || null);
}

interface Ref {
  id: string | null;
  name: string | null;
  email: string | null;
}

/** A related entity: an object under `key` (or under relationships), else flat `<key>_id/_name/_email` fields. */
function relatedRef(data: Obj, key: 'student' | 'mentor' | 'training_centre', aliases: string[] = []): Ref | null {
  const rel = isObj(data.relationships) ? data.relationships : null;
  for (const k of [key, ...aliases]) {
    const candidate = pick(data, k) ?? pick(rel, k);
    if (isObj(candidate)) {
      const ref = {
        id: text(pick(candidate, 'id', 'ID')),
        name: personName(candidate),
        email: text(pick(candidate, 'Email', 'email')),
      };
      if (ref.id || ref.name || ref.email) return ref;
    }
  }
  const prefixes = [key, ...aliases];
  const id = text(
    prefixes.map((p) => pick(data, `${p}_id`, `${p}Id`)).find((v) => v !== undefined) ??
      (typeof data[key] === 'string' ? data[key] : undefined),
  );
  const name = text(prefixes.map((p) => pick(data, `${p}_name`)).find((v) => v !== undefined));
  const email = text(prefixes.map((p) => pick(data, `${p}_email`)).find((v) => v !== undefined));
  return id || name || email ? { id, name, email } : null;
}

function unwrap(raw: unknown, type: string): Obj {
  if (!isObj(raw)) return {};
  if (isObj(raw.data)) return raw.data;
  if (isObj(raw[type])) return raw[type] as Obj;
  if (isObj(raw.entity)) return raw.entity;
  return raw;
}

const arrayOf = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

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

function StudentBody({ data, onOpen }: { data: Obj; onOpen: OpenEntity }) {
  const name = personName(data) ?? 'Student';
  const email = text(pick(data, 'Email', 'email'));
  const id = text(pick(data, 'id', 'ID', 'student_id'));
  const matched = bool(pick(data, 'Matched', 'matched')) ?? pick(data, 'placement_status', 'status') === 'active';
  const centre = relatedRef(data, 'training_centre', ['centre']);
  const mentor = relatedRef(data, 'mentor', ['assigned_mentor']);
  const jobs = arrayOf(pick(data, 'jobs', 'job_progress'));
  const totalJobs = num(pick(data, 'jobs_total', 'jobs_count', 'total_jobs')) ?? jobs.length;
  const shown = jobs.slice(0, DETAILS_LIST_LIMIT);
  const more = Math.max(0, Math.max(totalJobs, jobs.length) - shown.length);

  return (
    <>
      <Header icon={<SchoolOutlined />} title={name} subtitle="Student" chip={<MatchChip matched={matched} />} />
      <Divider />
      <EmailRow email={email} />
      <DetailRow
        icon={<BadgeOutlined fontSize="small" />}
        label="Student ID"
        action={id ? <CopyButton value={id} label="Copy student ID" /> : undefined}
      >
        <Box
          component="span"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.82rem' }}
        >
          {id ?? 'Not available'}
        </Box>
      </DetailRow>
      <DetailRow icon={<CalendarMonthOutlined fontSize="small" />} label="Registered">
        {formatDate(pick(data, 'Created_At', 'created_at', 'time_created', 'registered_at'))}
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
          {shown.map((job, index) => {
            const type = jobTypeName(text(pick(job, 'Job_Type', 'job_type', 'type')) ?? 'Job');
            const completed = num(pick(job, 'Completed_Count', 'completed_count', 'completed')) ?? 0;
            const total = num(pick(job, 'Total_Count', 'total_count', 'total')) ?? 0;
            const percent = total > 0 ? Math.min(100, Math.round((completed / total) * 100)) : 0;
            return (
              <Box key={text(job.id) ?? `${type}-${index}`}>
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
  students: Obj[];
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
      {shown.map((s, index) => {
        const id = text(pick(s, 'id', 'ID', 'student_id'));
        const name = personName(s) ?? text(pick(s, 'Email', 'email')) ?? 'Student';
        const matched = bool(pick(s, 'Matched', 'matched')) ?? pick(s, 'placement_status', 'status') === 'active';
        return (
          <Box
            component="li"
            key={id ?? index}
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
                <EntityLink refValue={{ id, name, email: null }} type="student" onOpen={onOpen} />
              </Typography>
              {text(pick(s, 'Email', 'email')) && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {text(pick(s, 'Email', 'email'))}
                </Typography>
              )}
            </Box>
            <MatchChip matched={matched} />
          </Box>
        );
      })}
    </Box>
  );
}

function MentorBody({ data, onOpen }: { data: Obj; onOpen: OpenEntity }) {
  const name = personName(data) ?? 'Mentor';
  const email = text(pick(data, 'Email', 'email'));
  const students = arrayOf(pick(data, 'students', 'assigned_students'));
  const count = num(pick(data, 'student_count', 'students_count')) ?? students.length;
  const active = bool(pick(data, 'Matched', 'matched', 'active')) ?? count > 0;
  const business = text(pick(data, 'Business_Name', 'business_name'));
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

function CentreBody({ data, onOpen }: { data: Obj; onOpen: OpenEntity }) {
  const name = text(pick(data, 'Name', 'name', 'training_centre_name', 'Training_Centre_Name')) ?? 'Training Centre';
  const contact =
    text(pick(data, 'contact_name', 'contact')) ??
    ([
      text(pick(data, 'contact_first_name', 'First_Name', 'first_name')),
      text(pick(data, 'contact_last_name', 'Last_Name', 'last_name')),
    ]
      .filter(Boolean)
      .join(' ') ||
      null);
  const email = text(pick(data, 'Email', 'email'));
  const students = arrayOf(pick(data, 'students', 'registered_students'));
  const count = num(pick(data, 'student_count', 'students_count')) ?? students.length;

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

function PlacementBody({ data, onOpen }: { data: Obj; onOpen: OpenEntity }) {
  const status = text(pick(data, 'Status', 'status'));
  const student = relatedRef(data, 'student');
  const mentor = relatedRef(data, 'mentor');
  const centre = relatedRef(data, 'training_centre', ['centre']);
  const notes = text(pick(data, 'Notes', 'notes'));
  const color = placementStatusColor(status);

  return (
    <>
      <Header
        icon={<HandshakeOutlined />}
        title={student?.name && mentor?.name ? `${student.name} with ${mentor.name}` : 'Placement'}
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
        {formatDate(pick(data, 'Placed_At', 'placed_at'))}
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
  const body = unwrap(data, type);
  switch (type) {
    case 'student':
      return <StudentBody data={body} onOpen={onOpen} />;
    case 'mentor':
      return <MentorBody data={body} onOpen={onOpen} />;
    case 'training_centre':
      return <CentreBody data={body} onOpen={onOpen} />;
    case 'placement':
      return <PlacementBody data={body} onOpen={onOpen} />;
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
