import Box, { type BoxProps } from '@mui/material/Box';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

export type ContractFormProps<V extends FieldValues, O> = Omit<BoxProps<'form'>, 'component' | 'onSubmit'> & {
  form: UseFormReturn<V, unknown, O>;
  /** From `form.submitWith(send, fallback)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The form's accessible name. */
  'aria-label'?: string;
};

/**
 * A `<form>` of a contract form (useContractForm): its fields (FormTextField, FormCheckbox) find
 * the form through context; the browser's own checks are off, the schema's messages speak instead.
 */
export function ContractForm<V extends FieldValues, O>({
  form,
  onSubmit,
  children,
  ...props
}: ContractFormProps<V, O>) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} {...props}>
        {children}
      </Box>
    </FormProvider>
  );
}
