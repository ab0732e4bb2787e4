import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { PasswordField } from '../password-field';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error' | 'defaultValue'> & {
  name: string;
  /** A password input with a show/hide toggle. */
  password?: boolean;
  /** Rewrites what was typed before the form keeps it (e.g. a phone number's digits only). */
  parse?: (typed: string) => unknown;
};

const PICKER_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/**
 * A text field of the surrounding contract form (useContractForm): its value, and its message as
 * helper text once the schema or the server refuses it (docs/rules.md#form-errors); `helperText`
 * shows while it has none. `select` (with MenuItem children), `type="date"` (its label kept above the
 * input) and `password` work as on a plain TextField.
 */
export function FormTextField({
  name,
  password,
  parse,
  helperText,
  onChange,
  onBlur,
  slotProps,
  ...props
}: FormTextFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const Field = password ? PasswordField : TextField;
  return (
    <Field
      fullWidth
      {...props}
      // A date or time input always shows its own placeholder (dd/mm/yyyy): its label stays above it.
      slotProps={
        props.type && PICKER_TYPES.has(props.type)
          ? { ...slotProps, inputLabel: { shrink: true, ...slotProps?.inputLabel } }
          : slotProps
      }
      name={field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      onChange={(e) => {
        field.onChange(parse ? parse(e.target.value) : e);
        onChange?.(e);
      }}
      onBlur={(e) => {
        field.onBlur();
        onBlur?.(e);
      }}
    />
  );
}
