import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CENTRE_SUBJECTS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  centreTicketRequest,
  createTicketRequest,
} from '@panda/contracts/support';
import type { StudentCard } from '@panda/contracts/training';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useAppSelector } from '../../../lib/hooks';
import { useDebouncedValue } from '../../../lib/paging';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCreateTicketMutation, useGetTicketStudentsQuery } from '../api/support-api';
import { shortStudentId } from './ticket-parts';

const studentLabel = (s: StudentCard) => `${s.Name ?? `${s.First_Name} ${s.Last_Name}`} (${shortStudentId(s.id)})`;

const EMPTY = { Subject: '', Message: '', Student_ID: null as string | null };

/**
 * The Student Issue picker, bound to the form's `Student_ID`: the centre's first 50 students by
 * name from the server; typing searches on the server (name, e-mail, phone, postcode or id) after a
 * pause, so any student can be found however many the centre has (docs/rules.md#list-paging).
 */
function StudentPicker() {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: 'Student_ID' });
  const [value, setValue] = useState<StudentCard | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const students = useGetTicketStudentsQuery({ q: q || undefined });
  const options = students.data?.items ?? [];
  const more = (students.data?.total ?? 0) - options.length;
  const settling = search.trim() !== q || students.isFetching;
  const choose = (s: StudentCard | null) => {
    setValue(s);
    field.onChange(s?.id ?? null);
  };
  return (
    <Autocomplete
      value={value}
      onChange={(_e, s) => choose(s)}
      inputValue={value ? studentLabel(value) : search}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') {
          setSearch(text);
          if (value) choose(null);
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
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="Student"
          required
          placeholder="Type a name, e-mail or student ID"
          error={students.isError || !!fieldState.error}
          helperText={
            fieldState.error?.message ??
            (students.isError
              ? 'Failed to load students'
              : more > 0 && !value
                ? `Showing ${options.length} of ${students.data?.total ?? 0}: type to search for the others`
                : undefined)
          }
        />
      )}
    />
  );
}

/**
 * New Ticket (spec §5), checked by the contract's ticket schema (a centre's: a subject from its
 * list, a student for a Student Issue) (docs/rules.md#forms-from-contracts); a fresh form each time it opens.
 */
export function NewTicketDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  return open ? <NewTicketForm onClose={onClose} onCreated={onCreated} /> : null;
}

function NewTicketForm({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const user = useAppSelector(selectUser);
  const isCentre = user?.role === 'training_centre';
  const form = useContractForm(isCentre ? centreTicketRequest : createTicketRequest, {
    group: 'new-ticket',
    defaultValues: EMPTY,
  });
  const [create] = useCreateTicketMutation();
  const studentIssue = isCentre && form.watch('Subject') === 'Student Issue';

  const close = () => {
    form.clear();
    onClose();
  };

  const submit = form.submitWith(async (values) => {
    const r = await create(values).unwrap();
    toast.success('Support ticket created successfully');
    onClose();
    onCreated(r.id);
  }, 'Failed to create support ticket');

  return (
    <FormDialog
      open
      onClose={close}
      title="New Ticket"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Create Ticket"
      pendingLabel="Creating..."
    >
      <Stack spacing={2}>
        {isCentre ? (
          <FormTextField
            select
            label="Subject"
            name="Subject"
            required
            // A student is named only for a Student Issue (spec §5): another subject drops the choice.
            onChange={() => form.setValue('Student_ID', null)}
          >
            {CENTRE_SUBJECTS.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <FormTextField
            label="Subject"
            name="Subject"
            required
            slotProps={{ htmlInput: { maxLength: SUPPORT_SUBJECT_MAX } }}
          />
        )}
        {studentIssue && <StudentPicker />}
        <FormTextField
          label="Message"
          name="Message"
          required
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX } }}
        />
      </Stack>
    </FormDialog>
  );
}
