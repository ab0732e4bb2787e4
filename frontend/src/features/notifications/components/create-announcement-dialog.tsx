import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TEXTS, type AnnouncementPriority } from '@panda/contracts/notifications';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAnnouncementRecipientsInfiniteQuery, useCreateAnnouncementMutation } from '../api/notifications-api';

const TOASTS = 'create-announcement';
const PRIORITY_LABEL: Record<AnnouncementPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  medium: 'Medium',
  high: 'High',
};

export function CreateAnnouncementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="create-announcement-title"
    >
      {open && <AnnouncementForm onClose={onClose} />}
    </Dialog>
  );
}

function AnnouncementForm({ onClose }: { onClose: () => void }) {
  const user = useAppSelector(selectUser);
  const role = user?.role === 'mentor' ? 'mentor' : 'training_centre';
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // docs/rules.md#list-paging: the students come 50 at a time by name and are searched on the server, so any one can be picked.
  const students = useAnnouncementRecipientsInfiniteQuery({ role, q: q || undefined });
  const [send, { isLoading }] = useCreateAnnouncementMutation();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<AnnouncementPriority>('normal');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ title?: string; message?: string }>({});
  const { items: list, total } = loadedItems(students.data);
  // Select all adds the students shown (the loaded matches) to those chosen; Clear all drops every choice.
  const allSelected = list.length > 0 && list.every((s) => selected.includes(s.id));

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    toast.dismissErrors(TOASTS);
    const found: { title?: string; message?: string } = {
      title: title.trim() ? undefined : ANNOUNCEMENT_TEXTS.title,
      message: message.trim() ? undefined : ANNOUNCEMENT_TEXTS.message,
    };
    setErrors(found);
    const problems = [found.title, found.message, selected.length ? undefined : ANNOUNCEMENT_TEXTS.recipients].filter(
      (m): m is string => typeof m === 'string',
    );
    if (problems.length) {
      problems.forEach((m) => toast.error(m, { group: TOASTS }));
      return;
    }
    try {
      const result = await send({
        title: title.trim(),
        message: message.trim(),
        priority,
        recipient_ids: selected,
      }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (err) {
      // docs/rules.md#no-demo-fallbacks: the failure is shown and the form stays open with what was typed.
      toast.error(errorMessage(err, ANNOUNCEMENT_TEXTS.failed), { group: TOASTS });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="create-announcement-title">Create Announcement</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Title"
            name="title"
            value={title}
            required
            error={!!errors.title}
            helperText={errors.title}
            inputProps={{ maxLength: 200 }}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
          />
          <TextField
            label="Message"
            name="message"
            value={message}
            required
            multiline
            minRows={4}
            error={!!errors.message}
            helperText={errors.message}
            inputProps={{ maxLength: 5000 }}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
          />
          <TextField
            select
            label="Priority"
            name="priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as AnnouncementPriority)}
          >
            {ANNOUNCEMENT_PRIORITIES.map((p) => (
              <MenuItem key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </MenuItem>
            ))}
          </TextField>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Stack direction="row" alignItems="center" justifyContent="space-between">
              <FormLabel component="legend" required>
                Recipients ({selected.length} selected)
              </FormLabel>
              {list.length > 0 && (
                <Button
                  size="small"
                  onClick={() =>
                    setSelected((s) =>
                      allSelected ? [] : [...s, ...list.filter((x) => !s.includes(x.id)).map((x) => x.id)],
                    )
                  }
                >
                  {allSelected ? 'Clear all' : 'Select all'}
                </Button>
              )}
            </Stack>
            <TextField
              type="search"
              label="Search students"
              name="recipient-search"
              size="small"
              fullWidth
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ mt: 1 }}
            />
            {students.isLoading ? (
              <CircularProgress size={24} aria-label="Loading students" sx={{ m: 1 }} />
            ) : students.isError ? (
              <RetryAlert onRetry={() => void students.refetch()}>Failed to load students</RetryAlert>
            ) : list.length === 0 && q ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                No students match ‘{q}’
              </Alert>
            ) : list.length === 0 ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {role === 'mentor'
                  ? 'You have no placed students to announce to yet.'
                  : 'You have no registered students yet.'}
              </Alert>
            ) : (
              <>
                <FormGroup
                  sx={{
                    maxHeight: 220,
                    overflowY: 'auto',
                    mt: 0.5,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    px: 1.5,
                  }}
                >
                  {list.map((s) => (
                    <FormControlLabel
                      key={s.id}
                      control={<Checkbox checked={selected.includes(s.id)} onChange={() => toggle(s.id)} />}
                      label={
                        <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                          {s.First_Name} {s.Last_Name}{' '}
                          <Typography component="span" variant="body2" color="text.secondary">
                            ({s.Email})
                          </Typography>
                        </Typography>
                      }
                    />
                  ))}
                </FormGroup>
                <LoadMore noun={['student', 'students']} shown={list.length} total={total} pages={students} />
              </>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading || selected.length === 0}>
          {isLoading ? 'Sending...' : 'Send Announcement'}
        </Button>
      </DialogActions>
    </form>
  );
}
