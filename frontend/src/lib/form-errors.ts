import { useCallback, useState } from 'react';
import { errorMessage, fieldErrors, FIELDS_SUMMARY_MESSAGE } from './errors';
import { toast } from './toast';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

/**
 * After a refused submit, focus moves to the first field marked invalid in the form being sent, so
 * a screen reader reads its label and the message under it (docs/rules.md#form-errors).
 */
export function focusFirstInvalid(): void {
  const form = document.activeElement?.closest('form') ?? null;
  requestAnimationFrame(() => {
    (form ?? document).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * A form's messages under its fields (docs/rules.md#form-errors): `errors[field]` is the field's message (its
 * helperText), with at most one toast for the whole form, tagged `group` so the next submit or a
 * success clears it.
 */
export function useFormErrors<F extends string>(group: string) {
  const [errors, setErrors] = useState<FormErrors<F>>({});

  const show = (entries: Array<[F, string]>) => {
    toast.dismissErrors(group);
    setErrors(Object.fromEntries(entries) as FormErrors<F>);
    if (entries.length) {
      toast.error(entries.length === 1 ? entries[0][1] : FIELDS_SUMMARY_MESSAGE, { group });
      focusFirstInvalid();
    }
  };

  /** After an edit of `field`: its message goes. */
  const clear = useCallback(
    (field: F) => setErrors((e) => (e[field] === undefined ? e : { ...e, [field]: undefined })),
    [],
  );
  /** After a success (or a cancel): no stale message or error toast stays. */
  const reset = useCallback(() => {
    toast.dismissErrors(group);
    setErrors({});
  }, [group]);

  return {
    errors,
    clear,
    reset,
    /** Before sending: shows the client-side problems ([field, message]); true when there are none. */
    check: (problems: Array<[F, string]>): boolean => {
      show(problems);
      return problems.length === 0;
    },
    /** A refused request: the server's messages for `fields` go under them, anything else is one toast. */
    fail: (error: unknown, fallback: string, fields: readonly F[]) => {
      const byField = fieldErrors(error);
      const known = fields.filter((f) => byField[f] !== undefined).map((f): [F, string] => [f, byField[f]]);
      if (known.length) show(known);
      else {
        show([]);
        toast.error(errorMessage(error, fallback), { group });
      }
    },
  };
}
