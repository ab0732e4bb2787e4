import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import { LOCK_CATEGORIES, LOCK_CATEGORY_NAMES, lockRequest } from '@panda/contracts/accounts';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
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

/**
 * The admin's part of the lock request: what the holder is told (lock only) and the history's
 * reason, which the vet request checks with the same rule.
 */
const accountActionForm = lockRequest.pick({ category: true, reason: true });

/** Confirms Lock/Unlock/Vet/Unvet with an optional reason that goes into the account's history. */
export function AccountActionDialog({ target, onClose }: { target: AccountActionTarget | null; onClose: () => void }) {
  // A fresh form for each account and action.
  return target ? <AccountActionForm key={`${target.action}:${target.id}`} target={target} onClose={onClose} /> : null;
}

function AccountActionForm({ target, onClose }: { target: AccountActionTarget; onClose: () => void }) {
  const locking = target.action === 'lock' || target.action === 'unlock';
  const form = useContractForm(accountActionForm, {
    group: 'account-action',
    // What the locked user is told (docs/rules.md#locked-accounts); the reason stays in the history.
    defaultValues: { category: target.action === 'lock' ? 'other' : undefined, reason: '' },
  });
  const [setLocked] = useSetLockedMutation();
  const [setVetted] = useSetVettedMutation();
  const text = TEXT[target.action];

  const close = () => {
    form.clear();
    onClose();
  };

  const submit = form.submitWith(async (values) => {
    const { role, id } = target;
    if (locking) await setLocked({ role, id, ...values, is_locked: target.action === 'lock' }).unwrap();
    else await setVetted({ role, id, reason: values.reason, is_vetted: target.action === 'vet' }).unwrap();
    toast.success(text.success);
    onClose();
  }, text.failure);

  return (
    <FormDialog
      open
      onClose={close}
      title={`${text.title}: ${target.name}`}
      maxWidth="xs"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel={text.confirm}
      pendingLabel="Saving..."
      submitColor={target.action === 'lock' || target.action === 'unvet' ? 'error' : 'primary'}
    >
      <DialogContentText sx={{ mb: 2 }}>{text.explain}</DialogContentText>
      {target.action === 'lock' && (
        <FormTextField
          select
          label="Reason shown to them"
          name="category"
          helperText="They are told their account is locked because of this, and how to reach support."
          sx={{ mb: 2 }}
        >
          {LOCK_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {LOCK_CATEGORY_NAMES[c]}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      <FormTextField
        label="Reason (optional)"
        name="reason"
        placeholder="Recorded in the account's history (not shown to them)"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        autoFocus
      />
    </FormDialog>
  );
}
