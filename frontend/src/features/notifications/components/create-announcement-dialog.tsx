import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import {
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXTS,
  ANNOUNCEMENT_TITLE_MAX,
  announcementRequestSchema,
  type AnnouncementPriority,
} from '@panda/contracts/notifications';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { useAppSelector } from '../../../lib/hooks';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAnnouncementRecipientsInfiniteQuery, useCreateAnnouncementMutation } from '../api/notifications-api';

const PRIORITY_LABEL: Record<AnnouncementPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  medium: 'Medium',
  high: 'High',
};

const EMPTY = { title: '', message: '', priority: 'normal' as AnnouncementPriority, recipient_ids: [] as string[] };

/** Create Announcement: the contract's form (docs/rules.md#forms-from-contracts); a fresh form each time it opens. */
export function CreateAnnouncementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <AnnouncementForm onClose={onClose} /> : null;
}

function AnnouncementForm({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useContractForm(announcementRequestSchema, { group: 'create-announcement', defaultValues: EMPTY });
  const [send] = useCreateAnnouncementMutation();
  const chosen = form.watch('recipient_ids') ?? [];

  const close = () => {
    form.clear();
    onClose();
  };

  // docs/rules.md#no-demo-fallbacks: a failure is shown and the form stays open with what was typed.
  const submit = form.submitWith(async (values) => {
    const result = await send(values).unwrap();
    toast.success(result.message);
    onClose();
  }, ANNOUNCEMENT_TEXTS.failed);

  return (
    <FormDialog
      open
      onClose={close}
      title="Create Announcement"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Send Announcement"
      pendingLabel="Sending..."
      submitDisabled={chosen.length === 0}
      fullScreen={fullScreen}
    >
      <Stack spacing={2.5}>
        <FormTextField
          label="Title"
          name="title"
          required
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_TITLE_MAX } }}
        />
        <FormTextField
          label="Message"
          name="message"
          required
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_MESSAGE_MAX } }}
        />
        <FormTextField select label="Priority" name="priority">
          {ANNOUNCEMENT_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {PRIORITY_LABEL[p]}
            </MenuItem>
          ))}
        </FormTextField>
        <RecipientsField />
      </Stack>
    </FormDialog>
  );
}

/** The students to announce to (the form's `recipient_ids`), searched and paged on the server. */
function RecipientsField() {
  const user = useAppSelector(selectUser);
  const role = user?.role === 'mentor' ? 'mentor' : 'training_centre';
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // docs/rules.md#list-paging: the students come 50 at a time by name and are searched on the server, so any one can be picked.
  const students = useAnnouncementRecipientsInfiniteQuery({ role, q: q || undefined });
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: 'recipient_ids' });
  const selected: string[] = field.value ?? [];
  const setSelected = (next: string[]) => field.onChange(next);
  const { items: list, total } = loadedItems(students.data);
  // Select all adds the students shown (the loaded matches) to those chosen; Clear all drops every choice.
  const allSelected = list.length > 0 && list.every((s) => selected.includes(s.id));

  const toggle = (id: string) =>
    setSelected(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <FormLabel component="legend" required>
          Recipients ({selected.length} selected)
        </FormLabel>
        {list.length > 0 && (
          <Button
            size="small"
            onClick={() =>
              setSelected(
                allSelected ? [] : [...selected, ...list.filter((x) => !selected.includes(x.id)).map((x) => x.id)],
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
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
