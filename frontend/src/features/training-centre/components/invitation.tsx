import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { CaseloadRow, InvitationView } from '@panda/contracts/training';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useResendInviteMutation } from '../api/training-centre-api';
import { studentName } from './student-format';
import { TemporaryPasswordBox } from './temporary-password-box';

/** What each invitation state is called on the centre's student list (docs/rules.md#centre-caseload). */
export const INVITATION_LABELS: Record<InvitationView['state'], string> = {
  sent: 'Invited, not signed in yet',
  expired: 'Invitation expired',
  signed_in: 'Active',
};

/** The student's invitation state, with when an unused one expires (or expired) as its tooltip. */
export function InvitationChip({ invitation }: { invitation: InvitationView }) {
  const { state, expires_at } = invitation;
  const when = expires_at ? `${state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(expires_at)}` : undefined;
  return (
    <Chip
      size="small"
      variant={state === 'expired' ? 'filled' : 'outlined'}
      color={state === 'signed_in' ? 'success' : state === 'expired' ? 'warning' : 'primary'}
      label={INVITATION_LABELS[state]}
      title={when}
      data-testid="invitation-state"
    />
  );
}

type Student = Pick<CaseloadRow, 'id' | 'First_Name' | 'Last_Name' | 'Name' | 'Email' | 'invitation'>;

/**
 * "Resend invite" for a student who has not signed in yet: asks first (the temporary password sent
 * before stops working), then shows the new one once, as registration does.
 */
export function ResendInviteButton({ student, fullWidth }: { student: Student; fullWidth?: boolean }) {
  const [open, setOpen] = useState(false);
  if (student.invitation.state === 'signed_in') return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        fullWidth={fullWidth}
        onClick={() => setOpen(true)}
        aria-label={`Resend invite to ${studentName(student)}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Resend invite
      </Button>
      {open && <ResendInviteDialog student={student} onClose={() => setOpen(false)} />}
    </>
  );
}

function ResendInviteDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const [resend, { data, isLoading }] = useResendInviteMutation();
  const name = studentName(student);
  const send = async () => {
    try {
      await resend(student.id).unwrap();
      toast.success(`Invitation sent again to ${name}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to send the invitation again'));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="resend-invite-title" fullWidth maxWidth="sm">
      <DialogTitle id="resend-invite-title">Resend invite</DialogTitle>
      <DialogContent>
        {data ? (
          data.temporary_password ? (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                {name} ({student.Email}) has a new temporary password. The one sent before no longer works.
              </DialogContentText>
              <TemporaryPasswordBox password={data.temporary_password} />
            </>
          ) : (
            <Alert severity="info">The new temporary password has been emailed to {name} and expires in 7 days.</Alert>
          )
        ) : (
          <DialogContentText>
            Send {name} ({student.Email}) a new temporary password by e-mail? The one sent before stops working.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {data ? (
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send invite'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
