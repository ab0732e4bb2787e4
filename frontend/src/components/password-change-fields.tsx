import type { FormErrors } from '../lib/form-errors';
import type { PasswordChangeField, PasswordChangeValues } from '../lib/password-change';
import { PASSWORD_RULE } from '../lib/password-rules';
import { PasswordField } from './password-field';

const FIELDS: Array<{ field: PasswordChangeField; label: string; autoComplete: string }> = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

interface PasswordChangeFieldsProps {
  values: PasswordChangeValues;
  /** Each field's message, shown under it in place of its helper text. */
  errors: FormErrors<PasswordChangeField>;
  setField: (field: PasswordChangeField) => (e: { target: { value: string } }) => void;
  /** Focus the current-password field when shown. */
  autoFocus?: boolean;
  /** Shown under a field without a message; the new password states its rule by default. */
  helperTexts?: Partial<Record<PasswordChangeField, string>>;
}

/** Current, new and confirm-new password fields, named as the API fields (see usePasswordChangeForm). */
export function PasswordChangeFields({
  values,
  errors,
  setField,
  autoFocus,
  helperTexts = {},
}: PasswordChangeFieldsProps) {
  return (
    <>
      {FIELDS.map(({ field, label, autoComplete }) => (
        <PasswordField
          key={field}
          autoFocus={field === 'currentPassword' ? autoFocus : undefined}
          label={label}
          name={field}
          autoComplete={autoComplete}
          helperText={errors[field] ?? helperTexts[field] ?? (field === 'newPassword' ? PASSWORD_RULE : undefined)}
          value={values[field]}
          error={!!errors[field]}
          onChange={setField(field)}
        />
      ))}
    </>
  );
}
