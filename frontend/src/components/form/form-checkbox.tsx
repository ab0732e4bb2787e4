import Checkbox from '@mui/material/Checkbox';
import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

export interface FormCheckboxProps extends Omit<FormControlLabelProps, 'control' | 'label'> {
  name: string;
  label: ReactNode;
  /** The message's placement under the box (default: under the label, a little raised). */
  messageSx?: SxProps<Theme>;
}

/** A checkbox of the surrounding contract form, its message under it (and read with it) when refused. */
export function FormCheckbox({
  name,
  label,
  sx,
  messageSx = { mt: '-8px !important', mx: 1.75 },
  ...props
}: FormCheckboxProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const messageId = useId();
  return (
    <>
      <FormControlLabel
        {...props}
        sx={sx}
        label={label}
        control={
          <Checkbox
            name={field.name}
            checked={!!field.value}
            inputRef={field.ref}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: { 'aria-invalid': !!message, 'aria-describedby': message ? messageId : undefined } as object,
            }}
            sx={message ? { color: 'error.main' } : undefined}
          />
        }
      />
      {message && (
        <FormHelperText id={messageId} error sx={messageSx}>
          {message}
        </FormHelperText>
      )}
    </>
  );
}
