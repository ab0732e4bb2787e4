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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { COPY_FAILURE_MESSAGE, COPY_SUCCESS_MESSAGE, copyToClipboard } from '../../../lib/clipboard';
import { useFormErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import type { AuditorProvisioned } from '@panda/contracts/audit';
import { useProvisionAuditorMutation } from '../api/audit-api';

const FORM_TOASTS = 'provision-auditor';
const EMPTY = { first_name: '', last_name: '', email: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/rules.md#auditors: an admin provisions an auditor; the one-time temporary password is shown once. */
export function ProvisionAuditorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const messages = useFormErrors<keyof typeof EMPTY>(FORM_TOASTS);
  const [done, setDone] = useState<AuditorProvisioned | null>(null);
  const [provision, { isLoading }] = useProvisionAuditorMutation();

  const close = () => {
    setForm(EMPTY);
    messages.reset();
    setDone(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const v = { first_name: form.first_name.trim(), last_name: form.last_name.trim(), email: form.email.trim() };
    const errors: Array<[keyof typeof EMPTY, string]> = [];
    if (!v.first_name) errors.push(['first_name', 'First name is required']);
    if (!v.last_name) errors.push(['last_name', 'Last name is required']);
    if (!v.email) errors.push(['email', 'Email is required']);
    else if (!EMAIL.test(v.email)) errors.push(['email', 'Please enter a valid email address']);
    if (!messages.check(errors)) return;
    try {
      setDone(await provision(v).unwrap());
      messages.reset();
      toast.success('Auditor provisioned');
    } catch (err) {
      messages.fail(err, 'Failed to provision the auditor', Object.keys(EMPTY) as Array<keyof typeof EMPTY>);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={form[name]}
      error={!!messages.errors[name]}
      helperText={messages.errors[name]}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        messages.clear(name);
      }}
      fullWidth
      required
    />
  );

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="provision-auditor-title"
    >
      <DialogTitle id="provision-auditor-title">{done ? 'Auditor provisioned' : 'Add an auditor'}</DialogTitle>
      {done ? (
        <>
          <DialogContent dividers>
            <Alert severity="success" sx={{ mb: 2 }}>
              {done.auditor.first_name} {done.auditor.last_name} ({done.auditor.email}) can sign in at this admin portal
              with read-only access to the Audit view.
            </Alert>
            {done.temporary_password ? (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Temporary password (shown only once; give it to them in person or by a separate channel; they choose
                  their own at first sign-in):
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
                  <Typography
                    sx={{ fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 700 }}
                    data-testid="auditor-temporary-password"
                  >
                    {done.temporary_password}
                  </Typography>
                  <IconButton
                    aria-label="Copy temporary password"
                    size="small"
                    onClick={() =>
                      void copyToClipboard(done.temporary_password ?? '').then((ok) =>
                        ok ? toast.success(COPY_SUCCESS_MESSAGE) : toast.error(COPY_FAILURE_MESSAGE),
                      )
                    }
                  >
                    <ContentCopy fontSize="small" />
                  </IconButton>
                </Stack>
              </Box>
            ) : (
              <Alert severity="info">
                This request was already answered once: the temporary password was shown then.
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate aria-label="Add an auditor">
          <DialogContent dividers>
            <DialogContentText sx={{ mb: 2 }}>
              Auditors replay signatures and timelines, verify the log and download evidence packs. They can change
              nothing.
            </DialogContentText>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {field('first_name', 'First Name')}
                {field('last_name', 'Last Name')}
              </Stack>
              {field('email', 'Email', 'email')}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? 'Adding...' : 'Add Auditor'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
