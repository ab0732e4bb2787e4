import type { PasswordChangeField, PasswordChangeValues } from '../lib/password-change';
import { PasswordField } from './password-field';

const FIELDS: Array<{ field: PasswordChangeField; label: string; autoComplete: string }> = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

interface PasswordChangeFieldsProps {
  values: PasswordChangeValues;
  invalid: Partial<Record<PasswordChangeField, boolean>>;
  setField: (field: PasswordChangeField) => (e: { target: { value: string } }) => void;
  /** Focus the current-password field when shown. */
  autoFocus?: boolean;
  helperTexts?: Partial<Record<PasswordChangeField, string>>;
}

/** Current, new and confirm-new password fields, named as the API fields (see usePasswordChangeForm). */
export function PasswordChangeFields({ values, invalid, setField, autoFocus, helperTexts = {} }: PasswordChangeFieldsProps) {
  return (
    <>
      {FIELDS.map(({ field, label, autoComplete }) => (
        <PasswordField
          key={field}
          autoFocus={field === 'currentPassword' ? autoFocus : undefined}
          label={label}
          name={field}
          autoComplete={autoComplete}
          helperText={helperTexts[field]}
          value={values[field]}
          error={!!invalid[field]}
          onChange={setField(field)}
        />
      ))}
    </>
  );
}
