import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { jobTypeName } from '../../../lib/job-types';
import { selectToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import type { Subject, SubjectRole } from '@panda/contracts/audit';
import { useAuditSubjectsQuery, useAuditTimelineQuery } from '../api/audit-api';
import { downloadWithToken } from '../../../lib/download';
import { ACTION_LABELS, BAD, GOOD, ROLE_NAMES, dateTime, localToIso } from '../lib/format';
import { SignaturesPanel } from './signatures-panel';
import { VerifyPanel } from './verify-panel';

/**
 * The Audit view (docs/rules.md#audit-calls): pick a student, mentor or centre; replay their timeline and a job
 * card's signatures as of any instant; verify the log; download a student's evidence pack.
 * Everything shown is folded from the event log by the server, and every read is recorded.
 */
export function AuditView({ actions }: { actions?: React.ReactNode }) {
  const [role, setRole] = useState<SubjectRole | ''>('');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<{ q: string; role: SubjectRole | '' } | null>(null);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [asOfInput, setAsOfInput] = useState('');
  const asOf = localToIso(asOfInput);
  const [jobId, setJobId] = useState<string | null>(null);

  const subjects = useAuditSubjectsQuery(query ?? { q: '', role: '' }, { skip: !query });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ q: text.trim(), role });
  };
  const pick = (s: Subject) => {
    setSubject(s);
    setJobId(null);
  };

  return (
    <Stack spacing={2}>
      {actions}
      <VerifyPanel />
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} component="section" aria-labelledby="find-title">
        <Typography id="find-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Find a record
        </Typography>
        <Box component="form" onSubmit={search} role="search" aria-label="Find a student, mentor or training centre">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              select
              label="Kind"
              value={role}
              onChange={(e) => setRole(e.target.value as SubjectRole | '')}
              sx={{ flex: { sm: '0 0 200px' } }}
              size="small"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Anyone</MenuItem>
              <MenuItem value="student">Students</MenuItem>
              <MenuItem value="mentor">Mentors</MenuItem>
              <MenuItem value="training_centre">Training centres</MenuItem>
            </TextField>
            <TextField
              label="Name or e-mail"
              value={text}
              onChange={(e) => setText(e.target.value)}
              size="small"
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{
                htmlInput: { type: 'search', maxLength: 100 },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="outlined" sx={{ flexShrink: 0 }}>
              Search
            </Button>
          </Stack>
        </Box>
        {subjects.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label="Searching" />}
        {subjects.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(subjects.error, 'Search failed')}
          </Alert>
        )}
        {query &&
          subjects.data &&
          !subjects.isFetching &&
          (subjects.data.length === 0 ? (
            <Typography sx={{ mt: 1 }} color="text.secondary">
              No one matches.
            </Typography>
          ) : (
            <List dense aria-label="Search results" sx={{ mt: 1, maxHeight: 280, overflow: 'auto' }}>
              {subjects.data.map((s) => (
                <ListItem key={s.id} disablePadding>
                  <ListItemButton selected={subject?.id === s.id} onClick={() => pick(s)}>
                    <ListItemText primary={s.name} secondary={`${ROLE_NAMES[s.role] ?? s.role} · ${s.email}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          ))}
      </Paper>

      {subject && (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} component="section" aria-labelledby="record-title">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id="record-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                {subject.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {ROLE_NAMES[subject.role]} · {subject.email}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label="As of"
                type="datetime-local"
                size="small"
                sx={{ flex: { xs: 1, md: 'none' }, minWidth: { md: 270 } }}
                value={asOfInput}
                onChange={(e) => setAsOfInput(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'aria-describedby': 'as-of-help' } }}
              />
              <Button onClick={() => setAsOfInput('')} disabled={!asOfInput}>
                Now
              </Button>
            </Stack>
          </Stack>
          <Typography id="as-of-help" variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {asOf
              ? `Showing the record as it stood at ${dateTime(asOf)} (your local time).`
              : 'Showing the record as it stands now. Pick a date and time to replay it as it stood then.'}
          </Typography>
          {subject.role === 'student' && <EvidenceButtons student={subject} />}
          <RecordTimeline subject={subject} asOf={asOf} jobId={jobId} onJob={setJobId} />
        </Paper>
      )}
    </Stack>
  );
}

function EvidenceButtons({ student }: { student: Subject }) {
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (kind: 'pdf' | 'csv') => {
    setBusy(kind);
    try {
      await downloadWithToken(
        `/api/audit/students/${encodeURIComponent(student.id)}/evidence.${kind}`,
        token,
        `evidence.${kind}`,
      );
      toast.success(`Evidence pack (${kind.toUpperCase()}) downloaded`);
    } catch (err) {
      toast.error(errorMessage(err, 'Download failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1.5 }}>
      <Button variant="contained" startIcon={<PictureAsPdf />} onClick={() => void download('pdf')} disabled={!!busy}>
        {busy === 'pdf' ? 'Preparing PDF...' : 'Download evidence pack (PDF)'}
      </Button>
      <Button variant="outlined" startIcon={<Description />} onClick={() => void download('csv')} disabled={!!busy}>
        {busy === 'csv' ? 'Preparing CSV...' : 'Download CSV'}
      </Button>
    </Stack>
  );
}

function RecordTimeline({
  subject,
  asOf,
  jobId,
  onJob,
}: {
  subject: Subject;
  asOf: string | null;
  jobId: string | null;
  onJob: (id: string | null) => void;
}) {
  const { data, error, isFetching } = useAuditTimelineQuery({ id: subject.id, asOf });
  useEffect(() => {
    // A job picked earlier that did not exist at the new instant is dropped.
    if (jobId && data?.jobs && !data.jobs.some((j) => j.id === jobId)) onJob(null);
  }, [data, jobId, onJob]);
  return (
    <Box sx={{ mt: 1 }}>
      {isFetching && <LinearProgress aria-label="Loading timeline" sx={{ mb: 1 }} />}
      {error && <Alert severity="error">{errorMessage(error, 'Could not load the timeline')}</Alert>}
      {data && !data.existed && <Alert severity="info">This account did not exist yet at that time.</Alert>}
      {data?.account && (
        <Stack direction="row" sx={{ my: 1, flexWrap: 'wrap', gap: 1 }}>
          <Chip size="small" label={`Registered ${dateTime(data.account.registered_at)}`} />
          {data.account.role !== 'student' && (
            <Chip
              size="small"
              sx={data.account.vetted ? GOOD : undefined}
              label={data.account.vetted ? 'Vetted' : 'Not vetted'}
            />
          )}
          <Chip
            size="small"
            sx={data.account.locked ? BAD : undefined}
            label={data.account.locked ? 'Locked' : 'Not locked'}
          />
          {data.account.gas_safe_number && <Chip size="small" label={`Gas Safe ${data.account.gas_safe_number}`} />}
        </Stack>
      )}
      {data?.jobs && (
        <Box component="section" aria-labelledby="jobs-title" sx={{ mt: 2 }}>
          <Typography id="jobs-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Job cards
          </Typography>
          {data.jobs.length === 0 ? (
            <Typography color="text.secondary">No job cards yet at that time.</Typography>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {data.jobs.map((j) => (
                <Button
                  key={j.id}
                  variant={jobId === j.id ? 'contained' : 'outlined'}
                  onClick={() => onJob(j.id)}
                  aria-pressed={jobId === j.id}
                >
                  {jobTypeName(j.job_type)}: {j.completed_count}/{j.total_count} signed
                </Button>
              ))}
            </Stack>
          )}
          {jobId && <SignaturesPanel jobId={jobId} asOf={asOf} />}
        </Box>
      )}
      {data?.existed && (
        <Box component="section" aria-labelledby="timeline-title" sx={{ mt: 2 }}>
          <Typography id="timeline-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Timeline
          </Typography>
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Timeline">
            {data.timeline.map((e) => (
              <Box
                component="li"
                key={`${e.position}-${e.action}`}
                sx={{
                  borderLeft: 3,
                  borderColor:
                    e.action === 'locked'
                      ? 'error.main'
                      : e.action === 'signature_disputed'
                        ? 'warning.main'
                        : 'primary.main',
                  pl: 1.5,
                  py: 0.5,
                }}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  {ACTION_LABELS[e.action] ?? e.action}
                  {e.student_name && subject.role !== 'student' ? `: ${e.student_name}` : ''}
                  {e.mentor_name && subject.role !== 'mentor' && e.action.startsWith('placement')
                    ? ` with ${e.mentor_name}`
                    : ''}
                  {e.mentor_name && subject.role !== 'mentor' && !e.action.startsWith('placement')
                    ? ` (signed by ${e.mentor_name})`
                    : ''}
                  {e.status ? ` (${e.status})` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {dateTime(e.at)} · by {e.actor.name}
                  {e.actor.email ? ` (${e.actor.email})` : ''}
                </Typography>
                {e.reason && <Typography variant="body2">Reason: {e.reason}</Typography>}
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
