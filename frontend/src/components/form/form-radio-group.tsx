import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

export interface FormRadioGroupProps extends Omit<FormControlProps, 'error' | 'children'> {
  name: string;
  label: ReactNode;
  /** Each choice: the value the form keeps and the words beside its radio. */
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
}

/**
 * A radio group of the surrounding contract form (useContractForm), named by its label, its message
 * under it once the schema or the server refuses it (docs/rules.md#form-errors).
 */
export function FormRadioGroup({ name, label, options, ...props }: FormRadioGroupProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  const messageId = useId();
  const message = fieldState.error?.message;
  return (
    <FormControl {...props} error={!!message}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={message ? messageId : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((o, i) => (
          <FormControlLabel
            key={o.value}
            value={o.value}
            label={o.label}
            control={
              <Radio
                // The first choice takes the focus when the group is refused.
                inputRef={i === 0 ? field.ref : undefined}
                slotProps={{ input: { 'aria-invalid': !!message } as object }}
              />
            }
          />
        ))}
      </RadioGroup>
      {message && <FormHelperText id={messageId}>{message}</FormHelperText>}
    </FormControl>
  );
}
