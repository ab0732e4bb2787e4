import type { ChangePasswordRequest } from '@panda/contracts/accounts';
import { useState, type FormEvent } from 'react';
import { useFormErrors } from './form-errors';
import { toast } from './toast';

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'password-change';

export const NEW_PASSWORD_MIN_LENGTH = 6;

/** The body of PUT /api/change-password. */
export type PasswordChangeValues = ChangePasswordRequest;

export type PasswordChangeField = keyof PasswordChangeValues;

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** Spec section 5 "Password change": every problem, each shown under its field. */
export function validatePasswordChange(v: PasswordChangeValues): Array<[PasswordChangeField, string]> {
  const errors: Array<[PasswordChangeField, string]> = [];
  if (!v.currentPassword) errors.push(['currentPassword', 'Current password is required']);
  if (!v.newPassword) errors.push(['newPassword', 'New password is required']);
  else if (v.newPassword.length < NEW_PASSWORD_MIN_LENGTH)
    errors.push(['newPassword', 'New password must be at least 6 characters']);
  if (v.newPassword && v.confirmPassword !== v.newPassword)
    errors.push(['confirmPassword', 'Password confirmation does not match']);
  return errors;
}

export interface PasswordChangeFormOptions {
  /** Sends the change (PUT /api/change-password); rejects when it fails. */
  save: (values: PasswordChangeValues) => Promise<unknown>;
  /** While true, a submit does nothing. */
  saving: boolean;
  /** After the success toast, once the form is cleared. */
  onSaved?: () => void;
}

/**
 * A change-password form: the three values, each field's message (`errors`), `setField(field)` as
 * an input's onChange (clears that field's message), `reset()`, and `submit` as the form's
 * onSubmit: it shows each validation problem under its field with one summary toast, else saves,
 * toasts 'Password changed successfully!' and clears the form; a refusal goes under its field.
 */
export function usePasswordChangeForm({ save, saving, onSaved }: PasswordChangeFormOptions) {
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const messages = useFormErrors<PasswordChangeField>(FORM_TOASTS);

  const setField = (field: PasswordChangeField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    messages.clear(field);
  };

  const reset = () => {
    setValues(EMPTY);
    messages.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !messages.check(validatePasswordChange(values))) return;
    try {
      await save(values);
      reset();
      toast.success('Password changed successfully!');
      onSaved?.();
    } catch (err) {
      messages.fail(err, 'Failed to change password', FIELDS);
    }
  };

  return { values, errors: messages.errors, setField, reset, submit };
}
