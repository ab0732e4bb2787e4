import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { forgotPasswordRequest } from '@panda/contracts/accounts';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { toast } from '../../../lib/toast';
import { useForgotPasswordMutation } from '../api/auth-api';

interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the address typed in the sign-in form. */
  initialEmail?: string;
}

export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
      {open && <ForgotPasswordForm onClose={onClose} initialEmail={initialEmail} />}
    </Dialog>
  );
}

/** Loaded on the first check, so the sign-in page's first load carries no zod (docs/rules.md#light-first-screens). */
const loadSchema = () => import('@panda/contracts/accounts').then((m) => m.forgotPasswordRequest);

function ForgotPasswordForm({ onClose, initialEmail }: { onClose: () => void; initialEmail: string }) {
  const form = useContractForm<typeof forgotPasswordRequest>(loadSchema, {
    group: 'forgot-password',
    defaultValues: { email: initialEmail },
  });
  const [forgotPassword] = useForgotPasswordMutation();

  const submit = form.submitWith(async (values) => {
    await forgotPassword(values).unwrap();
    toast.success('Password reset email sent! Check your inbox for the temporary password.');
    onClose();
  }, 'Failed to send reset email. Please try again.');

  return (
    <ContractForm form={form} onSubmit={submit}>
      <DialogTitle id="reset-password-title">Reset Password</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          Enter the email address of your account and we&apos;ll email you a temporary password.
        </DialogContentText>
        <FormTextField
          autoFocus
          fullWidth={false}
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={form.pending}>
          {form.pending ? 'Sending...' : 'Send Reset Email'}
        </Button>
      </DialogActions>
    </ContractForm>
  );
}
