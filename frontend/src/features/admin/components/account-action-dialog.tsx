import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LOCK_CATEGORIES, LOCK_CATEGORY_NAMES, type LockCategory } from '@panda/contracts/accounts';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useSetLockedMutation, useSetVettedMutation, type AdminUserRole } from '../api/admin-api';

export type AccountAction = 'lock' | 'unlock' | 'vet' | 'unvet';

export interface AccountActionTarget {
  action: AccountAction;
  role: AdminUserRole;
  id: string;
  name: string;
}

const TEXT: Record<
  AccountAction,
  { title: string; confirm: string; explain: string; success: string; failure: string }
> = {
  lock: {
    title: 'Lock account',
    confirm: 'Lock account',
    explain: 'They are signed out at once and cannot sign in until the account is unlocked.',
    success: 'Account locked successfully',
    failure: 'Failed to update account status',
  },
  unlock: {
    title: 'Unlock account',
    confirm: 'Unlock account',
    explain: 'They can sign in and use Panda again.',
    success: 'Account unlocked successfully',
    failure: 'Failed to update account status',
  },
  vet: {
    title: 'Vet user',
    confirm: 'Vet user',
    explain: 'Vetted mentors can be matched with students; vetted training centres can register students.',
    success: 'User vetted successfully',
    failure: 'Failed to update vetting status',
  },
  unvet: {
    title: 'Unvet user',
    confirm: 'Unvet user',
    explain: 'Mentors are no longer offered for matching; training centres can no longer register students.',
    success: 'User unvetted successfully',
    failure: 'Failed to update vetting status',
  },
};

/** Confirms Lock/Unlock/Vet/Unvet with an optional reason that goes into the account's history. */
export function AccountActionDialog({ target, onClose }: { target: AccountActionTarget | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  // What the locked user is told (docs/rules.md#locked-accounts); the reason stays in the history.
  const [category, setCategory] = useState<LockCategory>('other');
  const [setLocked, lockState] = useSetLockedMutation();
  const [setVetted, vetState] = useSetVettedMutation();
  const busy = lockState.isLoading || vetState.isLoading;

  // A new target starts with an empty reason (adjusted while rendering, not in an effect).
  const [shownTarget, setShownTarget] = useState(target);
  if (target !== shownTarget) {
    setShownTarget(target);
    if (target) {
      setReason('');
      setCategory('other');
    }
  }

  if (!target) return null;
  const text = TEXT[target.action];

  const confirm = async () => {
    if (busy) return;
    const trimmed = reason.trim() || undefined;
    try {
      if (target.action === 'lock' || target.action === 'unlock') {
        await setLocked({
          role: target.role,
          id: target.id,
          is_locked: target.action === 'lock',
          reason: trimmed,
          ...(target.action === 'lock' ? { category } : {}),
        }).unwrap();
      } else {
        await setVetted({
          role: target.role,
          id: target.id,
          is_vetted: target.action === 'vet',
          reason: trimmed,
        }).unwrap();
      }
      toast.success(text.success);
      onClose();
    } catch {
      toast.error(text.failure);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="account-action-title">
      <DialogTitle id="account-action-title">
        {text.title}: {target.name}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text.explain}</DialogContentText>
        {target.action === 'lock' && (
          <TextField
            select
            label="Reason shown to them"
            value={category}
            onChange={(e) => setCategory(e.target.value as LockCategory)}
            fullWidth
            helperText="They are told their account is locked because of this, and how to reach support."
            sx={{ mb: 2 }}
          >
            {LOCK_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {LOCK_CATEGORY_NAMES[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label="Reason (optional)"
          placeholder="Recorded in the account's history (not shown to them)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500, 'aria-label': 'Reason (optional)' } }}
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={target.action === 'lock' || target.action === 'unvet' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={busy}
        >
          {busy ? 'Saving...' : text.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
