import Checkbox from '@mui/material/Checkbox';
import FormControlLabel, { type FormControlLabelProps } from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

export interface FormCheckboxProps extends Omit<FormControlLabelProps, 'control' | 'label'> {
  name: string;
  label: ReactNode;
}

/** A checkbox of the surrounding contract form, its message under it when refused. */
export function FormCheckbox({ name, label, sx, ...props }: FormCheckboxProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
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
            slotProps={{ input: { 'aria-invalid': !!message } as object }}
            sx={message ? { color: 'error.main' } : undefined}
          />
        }
      />
      {message && (
        <FormHelperText error sx={{ mt: '-8px !important', mx: 1.75 }}>
          {message}
        </FormHelperText>
      )}
    </>
  );
}
