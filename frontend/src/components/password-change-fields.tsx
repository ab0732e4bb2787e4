import { changePasswordRequest, type ChangePasswordRequest } from '@panda/contracts/accounts';
import { PASSWORD_RULE } from '../lib/password-rules';
import { toast } from '../lib/toast';
import { FormTextField } from './form/form-text-field';
import { useContractForm } from './form/use-contract-form';

type PasswordChangeField = keyof ChangePasswordRequest;

const FIELDS: Array<{ field: PasswordChangeField; label: string; autoComplete: string }> = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const EMPTY: ChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface PasswordChangeFieldsProps {
  /** Focus the current-password field when shown. */
  autoFocus?: boolean;
  /** Shown under a field without a message; the new password states its rule by default. */
  helperTexts?: Partial<Record<PasswordChangeField, string>>;
}

/** Current, new and confirm-new password fields of a password-change form (usePasswordChangeForm). */
export function PasswordChangeFields({ autoFocus, helperTexts = {} }: PasswordChangeFieldsProps) {
  return FIELDS.map(({ field, label, autoComplete }) => (
    <FormTextField
      key={field}
      password
      autoFocus={field === 'currentPassword' ? autoFocus : undefined}
      label={label}
      name={field}
      autoComplete={autoComplete}
      helperText={helperTexts[field] ?? (field === 'newPassword' ? PASSWORD_RULE : undefined)}
    />
  ));
}

/**
 * A change-password form checked by the contract of PUT /api/change-password
 * (docs/rules.md#forms-from-contracts): `submit` saves once, then clears the form, toasts
 * 'Password changed successfully!' and calls `onSaved`; a refusal goes under its field.
 */
export function usePasswordChangeForm({
  save,
  onSaved,
}: {
  save: (values: ChangePasswordRequest) => Promise<unknown>;
  onSaved?: () => void;
}) {
  const form = useContractForm(changePasswordRequest, { group: 'password-change', defaultValues: EMPTY });
  const submit = form.submitWith(async (values) => {
    await save(values);
    form.clear();
    toast.success('Password changed successfully!');
    onSaved?.();
  }, 'Failed to change password');
  return { form, submit };
}
