import { useState, type FormEvent } from 'react';
import { toast } from './toast';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'password-change';

export const NEW_PASSWORD_MIN_LENGTH = 6;

/** The body of PUT /api/change-password. */
export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec section 5 "Password change": each problem its own toast. */
export function validatePasswordChange(v: PasswordChangeValues): Array<[PasswordChangeField, string]> {
  const errors: Array<[PasswordChangeField, string]> = [];
  if (!v.currentPassword) errors.push(['currentPassword', 'Current password is required']);
  if (!v.newPassword) errors.push(['newPassword', 'New password is required']);
  else if (v.newPassword.length < NEW_PASSWORD_MIN_LENGTH) errors.push(['newPassword', 'New password must be at least 6 characters']);
  if (v.newPassword && v.confirmPassword !== v.newPassword) errors.push(['confirmPassword', 'Password confirmation does not match']);
  return errors;
}

export interface PasswordChangeFormOptions {
  /** Sends the change (PUT /api/change-password); rejects when it fails. */
  save: (values: PasswordChangeValues) => Promise<unknown>;
  /** While true, a submit does nothing. */
  saving: boolean;
  /** After the success toast, once the form is cleared. */
  onSaved?: () => void;
  onFailed: (error: unknown) => void;
  /** After every edit of a field. */
  onEdit?: () => void;
}

/**
 * A change-password form: the three values, which of them are marked invalid, `setField(field)`
 * as an input's onChange (clears that field's mark), `reset()`, and `submit` as the form's
 * onSubmit: it toasts each validation problem (marking the fields), else saves, toasts
 * 'Password changed successfully!' and clears the form.
 */
export function usePasswordChangeForm({ save, saving, onSaved, onFailed, onEdit }: PasswordChangeFormOptions) {
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<PasswordChangeField, boolean>>>({});

  const setField = (field: PasswordChangeField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((s) => ({ ...s, [field]: false }));
    onEdit?.();
  };

  const reset = () => {
    setValues(EMPTY);
    setInvalid({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const errors = validatePasswordChange(values);
    toast.dismissErrors(FORM_TOASTS);
    setInvalid(Object.fromEntries(errors.map(([f]) => [f, true])));
    if (errors.length) {
      for (const [, message] of errors) toast.error(message, { group: FORM_TOASTS });
      return;
    }
    try {
      await save(values);
      toast.success('Password changed successfully!');
      reset();
      onSaved?.();
    } catch (err) {
      onFailed(err);
    }
  };

  return { values, invalid, setField, reset, submit };
}
