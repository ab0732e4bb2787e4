import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { postcodeProblem } from '@panda/contracts/fields';
import { phoneProblem } from '@panda/contracts/uk-phone';
import { useFormErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import type {
  StudentRegisteredResponse as StudentRegistered,
  StudentRegistrationRequest as StudentRegistration,
} from '@panda/contracts/accounts';
import { useRegisterIndependentStudentMutation } from '../api/admin-api';
import { requirementName } from '../../../lib/job-types';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'admin-register-student';

const COUNTS = Array.from({ length: 51 }, (_, i) => i);
const JOBS = (['Boiler_Installs', 'Boiler_Service', 'Pipework', 'Repair'] as const).map(
  (k) => [k, requirementName(k)] as const,
);
const EMPTY = { First_Name: '', Last_Name: '', Email: '', Phone_Number: '', Postcode: '' };
const DEFAULT_COUNTS = { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/rules.md#independent-students: an admin registers an independent student (no training centre). */
export function RegisterStudentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [counts, setCounts] = useState(DEFAULT_COUNTS);
  const messages = useFormErrors<keyof typeof EMPTY>(FORM_TOASTS);
  const [done, setDone] = useState<StudentRegistered | null>(null);
  const [register, { isLoading }] = useRegisterIndependentStudentMutation();

  const reset = () => {
    setForm(EMPTY);
    setCounts(DEFAULT_COUNTS);
    messages.reset();
    setDone(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const v = Object.fromEntries(Object.entries(form).map(([k, x]) => [k, x.trim()])) as typeof EMPTY;
    const errors: Array<[keyof typeof EMPTY, string]> = [];
    if (!v.First_Name) errors.push(['First_Name', 'First name is required']);
    if (!v.Last_Name) errors.push(['Last_Name', 'Last name is required']);
    if (!v.Email) errors.push(['Email', 'Email is required']);
    else if (!EMAIL.test(v.Email)) errors.push(['Email', 'Please enter a valid email address']);
    const phone = phoneProblem(v.Phone_Number);
    if (!v.Phone_Number) errors.push(['Phone_Number', 'Phone number is required']);
    else if (phone) errors.push(['Phone_Number', phone]);
    const postcode = postcodeProblem(v.Postcode);
    if (!v.Postcode) errors.push(['Postcode', 'Postcode is required']);
    else if (postcode) errors.push(['Postcode', postcode]);
    if (!messages.check(errors)) return;
    const payload: StudentRegistration = { ...v, ...counts };
    try {
      const result = await register(payload).unwrap();
      messages.reset();
      toast.success('Student registered successfully!');
      setDone(result);
    } catch (err) {
      messages.fail(err, 'Failed to register student', Object.keys(EMPTY) as Array<keyof typeof EMPTY>);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      error={!!messages.errors[name]}
      helperText={messages.errors[name]}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        messages.clear(name);
      }}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="register-student-title"
    >
      <DialogTitle id="register-student-title">
        {done ? 'Student registered' : 'Register Independent Student'}
      </DialogTitle>
      {done ? (
        <>
          <DialogContent dividers>
            <Alert severity="success" sx={{ mb: 2 }}>
              {done.student.First_Name} {done.student.Last_Name} ({done.student.Email}) is registered as an independent
              student and has been e-mailed their sign-in details.
            </Alert>
            {done.temporary_password && (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Temporary password (shown only once; it expires in 7 days and they choose their own at first sign-in):
                </Typography>
                <Stack direction="row" alignItems="center" spacing={1} sx={{ mt: 0.5 }}>
                  <Typography
                    sx={{ fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 700 }}
                    aria-label="Temporary password"
                  >
                    {done.temporary_password}
                  </Typography>
                  <IconButton
                    aria-label="Copy temporary password"
                    size="small"
                    onClick={() =>
                      navigator.clipboard?.writeText(done.temporary_password ?? '').then(
                        () => toast.success('Copied to clipboard!'),
                        () => toast.error('Failed to copy'),
                      )
                    }
                  >
                    <ContentCopy fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={reset}>Register Another Student</Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate aria-label="Register independent student">
          <DialogContent dividers>
            <DialogContentText sx={{ mb: 2 }}>
              For a student without a training centre. Their account type shows Independent; match them with a mentor
              from the Students tab.
            </DialogContentText>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('First_Name', 'First Name')}
                {field('Last_Name', 'Last Name')}
              </Stack>
              {field('Email', 'Email', { type: 'email' })}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('Phone_Number', 'Phone Number', {
                  type: 'tel',
                  slotProps: { htmlInput: { inputMode: 'numeric' } },
                })}
                {field('Postcode', 'Postcode')}
              </Stack>
              <Typography variant="subtitle2" component="h3">
                Job requirements
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
                {JOBS.map(([key, label]) => (
                  <TextField
                    key={key}
                    select
                    label={label}
                    value={counts[key]}
                    onChange={(e) => setCounts((c) => ({ ...c, [key]: Number(e.target.value) }))}
                    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 280 } } } } } }}
                  >
                    {COUNTS.map((n) => (
                      <MenuItem key={n} value={n}>
                        {n}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? 'Registering...' : 'Register Student'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
