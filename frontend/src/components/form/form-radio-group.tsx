import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

export interface FormRadioGroupProps {
  name: string;
  label: ReactNode;
  options: { value: string; label: ReactNode }[];
}

/** A choice of the surrounding contract form, its message under it (announced) when refused. */
export function FormRadioGroup({ name, label, options }: FormRadioGroupProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const message = fieldState.error?.message;
  return (
    <FormControl error={!!message} sx={{ mb: 2 }}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        aria-describedby={message ? `${id}-message` : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {message && (
        <FormHelperText id={`${id}-message`} role="alert">
          {message}
        </FormHelperText>
      )}
    </FormControl>
  );
}
