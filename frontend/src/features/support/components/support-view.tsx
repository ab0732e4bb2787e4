import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CENTRE_SUBJECTS } from '@panda/contracts/support';
import type { StudentCard } from '@panda/contracts/training';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { RetryAlert } from '../../../components/retry-alert';
import { useDashboardNavigate, useDashboardParams } from '../../../lib/dashboard-nav';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  useCloseTicketMutation,
  useCreateTicketMutation,
  useGetMyTicketQuery,
  useGetMyTicketsInfiniteQuery,
  useGetTicketStudentsQuery,
  useReplyToTicketMutation,
  type TicketSummary,
} from '../api/support-api';
import {
  closeTicket,
  formatTicketDate,
  shortStudentId,
  TicketConversation,
  TicketLoadFailed,
  TicketStatusChip,
  ticketNumber,
} from './ticket-parts';

/** Support Center (spec §2): the ticket list, New Ticket, and a ticket's detail (?view=support&id=...). */
export function SupportView() {
  const { id } = useDashboardParams();
  return id ? <TicketDetailView id={id} /> : <TicketList />;
}

function TicketList() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const tickets = useGetMyTicketsInfiniteQuery({ q: q || undefined });
  const { items, total } = loadedItems(tickets.data);
  const go = useDashboardNavigate();
  const [creating, setCreating] = useState(false);
  const reported = useRef(false);
  useEffect(() => {
    if (tickets.isError && !reported.current) toast.error('Failed to load support tickets');
    reported.current = tickets.isError;
  }, [tickets.isError]);

  const newButton = (label: string) => (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            Support Center
          </Typography>
          <Typography color="text.secondary">
            Ask us anything. The AI Assistant answers straight away; our support team replies here too.
          </Typography>
        </Box>
        {newButton('New Ticket')}
      </Stack>
      {tickets.isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading support tickets..." />
      ) : tickets.isError ? (
        <RetryAlert onRetry={() => void tickets.refetch()}>Failed to load support tickets</RetryAlert>
      ) : !items.length && !q && !search.trim() ? (
        <Card>
          <EmptyState
            icon={<SupportAgentOutlined />}
            title="No support tickets yet"
            text="Stuck or have a question? Open a ticket and we'll help."
            action={newButton('Create Your First Ticket')}
          />
        </Card>
      ) : (
        <>
          <TextField
            size="small"
            type="search"
            label="Search tickets"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
          />
          {items.length === 0 ? (
            <Typography color="text.secondary" role="status" sx={{ py: 4, textAlign: 'center' }}>
              {search.trim() !== q || tickets.isFetching ? 'Searching...' : `No tickets match “${q}”.`}
            </Typography>
          ) : (
            <Stack spacing={1.5} component="ul" aria-label="Support tickets" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((t) => (
                <li key={t.id}>
                  <TicketCard ticket={t} onOpen={() => go('support', t.id)} />
                </li>
              ))}
            </Stack>
          )}
          <LoadMore noun={['ticket', 'tickets']} shown={items.length} total={total} pages={tickets} />
        </>
      )}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => go('support', id)} />
    </Box>
  );
}

function TicketCard({ ticket, onOpen }: { ticket: TicketSummary; onOpen: () => void }) {
  return (
    <Card>
      <CardActionArea onClick={onOpen}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography component="h3" sx={{ fontWeight: 700, minWidth: 0, wordBreak: 'break-word' }}>
              {ticket.Subject}
            </Typography>
            <TicketStatusChip status={ticket.Status} aiAnswered={ticket.ai_answered} />
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {ticket.response_text ?? ticket.Message}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            #{ticketNumber(ticket.id)} · Last activity {formatTicketDate(ticket.last_activity)} · {ticket.message_count}{' '}
            {ticket.message_count === 1 ? 'message' : 'messages'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const studentLabel = (s: StudentCard) => `${s.Name ?? `${s.First_Name} ${s.Last_Name}`} (${shortStudentId(s.id)})`;

/**
 * The Student Issue picker: the centre's first 50 students by name from the server; typing
 * searches on the server (name, e-mail, phone, postcode or id) after a pause, so any student can be
 * found however many the centre has (docs/rules.md#list-paging).
 */
function StudentPicker({ value, onChange }: { value: StudentCard | null; onChange: (s: StudentCard | null) => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const students = useGetTicketStudentsQuery({ q: q || undefined });
  const options = students.data?.items ?? [];
  const more = (students.data?.total ?? 0) - options.length;
  const settling = search.trim() !== q || students.isFetching;
  return (
    <Autocomplete
      value={value}
      onChange={(_e, s) => onChange(s)}
      inputValue={value ? studentLabel(value) : search}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') {
          setSearch(text);
          if (value) onChange(null);
        }
      }}
      options={options}
      // The server searched; every answer it gives is a match.
      filterOptions={(x) => x}
      getOptionLabel={studentLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, s) => (
        <li {...props} key={s.id}>
          {studentLabel(s)}
        </li>
      )}
      loading={settling}
      loadingText="Searching..."
      noOptionsText={q ? `No students match ‘${q}’` : 'You have no students yet'}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label="Student"
          required
          placeholder="Type a name, e-mail or student ID"
          error={students.isError}
          helperText={
            students.isError
              ? 'Failed to load students'
              : more > 0 && !value
                ? `Showing ${options.length} of ${students.data?.total ?? 0}: type to search for the others`
                : undefined
          }
        />
      )}
    />
  );
}

function NewTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const user = useAppSelector(selectUser);
  const isCentre = user?.role === 'training_centre';
  const [create, { isLoading }] = useCreateTicketMutation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [student, setStudent] = useState<StudentCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each opening starts an empty form (adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSubject('');
      setMessage('');
      setStudent(null);
      setError(null);
    }
  }

  const submit = async () => {
    if (!subject.trim() || !message.trim()) return setError('Please fill in all required fields');
    const studentIssue = isCentre && subject === 'Student Issue';
    if (studentIssue && !student) return setError('Please select a student for student issues');
    setError(null);
    try {
      const r = await create({
        Subject: subject.trim(),
        Message: message.trim(),
        Student_ID: studentIssue && student ? student.id : null,
      }).unwrap();
      toast.success('Support ticket created successfully');
      onClose();
      onCreated(r.id);
    } catch (err) {
      const text = errorMessage(err, 'Failed to create support ticket');
      setError(text);
      toast.error('Failed to create support ticket');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-ticket-title"
    >
      <DialogTitle id="new-ticket-title">New Ticket</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="new-ticket-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => (e.preventDefault(), void submit())}
        >
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {isCentre ? (
            <TextField
              select
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              required
              fullWidth
            >
              {CENTRE_SUBJECTS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
          {isCentre && subject === 'Student Issue' && <StudentPicker value={student} onChange={setStudent} />}
          <TextField
            label="Message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            required
            fullWidth
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" form="new-ticket-form" variant="contained" disabled={isLoading}>
          {isLoading ? 'Creating...' : 'Create Ticket'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TicketDetailView({ id }: { id: string }) {
  const go = useDashboardNavigate();
  const ticket = useGetMyTicketQuery(id);
  const [reply, replying] = useReplyToTicketMutation();
  const [close, closing] = useCloseTicketMutation();

  const refresh = async () => {
    const r = await ticket.refetch();
    if (r.isError) toast.error('Failed to refresh ticket');
  };
  const back = (
    <Button startIcon={<ArrowBackRounded />} onClick={() => go('support')} sx={{ mb: 2 }}>
      Back to Support
    </Button>
  );
  if (ticket.isLoading) return <LoadingScreen fullScreen={false} message="Loading ticket..." />;
  if (ticket.isError || !ticket.data) {
    return (
      <Box sx={{ maxWidth: 960, mx: 'auto' }}>
        {back}
        <TicketLoadFailed error={ticket.error} onRetry={() => void ticket.refetch()} />
      </Box>
    );
  }
  const t = ticket.data;
  const closed = t.Status === 'closed';
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      {back}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
                {t.Subject}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  Ticket #{ticketNumber(t.id)}
                </Typography>
                <TicketStatusChip status={t.Status} aiAnswered={t.ai_answered} />
              </Stack>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                startIcon={<RefreshRounded />}
                onClick={() => void refresh()}
                disabled={ticket.isFetching}
              >
                Refresh
              </Button>
              {!closed && (
                <Button
                  variant="outlined"
                  onClick={() => void closeTicket(() => close(id).unwrap())}
                  disabled={closing.isLoading}
                >
                  Close Ticket
                </Button>
              )}
            </Stack>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 3 }}
            sx={{ mb: 2, color: 'text.secondary' }}
          >
            <Typography variant="body2">Created {formatTicketDate(t.Created_At)}</Typography>
            <Typography variant="body2">Last activity {formatTicketDate(t.last_activity)}</Typography>
            <Typography variant="body2">
              {t.message_count} {t.message_count === 1 ? 'message' : 'messages'}
            </Typography>
            {t.Student_ID && (
              <Typography variant="body2">
                Student {t.student_name ?? ''} ({shortStudentId(t.Student_ID)})
              </Typography>
            )}
          </Stack>
          <TicketConversation
            ticket={t}
            viewer="owner"
            reply={(message) => reply({ id, message }).unwrap()}
            replying={replying.isLoading}
            closedNote="This ticket is closed. Open a new ticket if you need more help."
          />
        </CardContent>
      </Card>
    </Box>
  );
}
