import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';

export interface FormDialogProps<V extends FieldValues, O> {
  open: boolean;
  /** Cancel, Escape and the backdrop; ignored while the form is being sent. */
  onClose: () => void;
  title: ReactNode;
  /** The form's accessible name (default: the title when it is text). */
  formLabel?: string;
  form: UseFormReturn<V, unknown, O>;
  /** From `form.submitWith(send, fallback)`. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** True while the form is being sent: both buttons are disabled and the submit shows `pendingLabel`. */
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Disables the submit button for another reason than sending. */
  submitDisabled?: boolean;
  /** Shown instead of the form (e.g. the result after a success), with its own actions. */
  replacement?: ReactNode;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** Extra buttons before Cancel. */
  extraActions?: ReactNode;
  /** The submit button's colour (`error` for a step that takes something away). */
  submitColor?: ButtonProps['color'];
}

/**
 * The one shell of the app's form dialogs: a titled dialog (named by its title), a `<form>` of a
 * contract form whose fields find it through context, and Cancel / submit buttons that are disabled
 * while it is sent, so it is sent once (docs/rules.md#forms-from-contracts). A refusal that names no
 * field is the form's one toast (docs/rules.md#form-errors).
 */
export function FormDialog<V extends FieldValues, O>({
  open,
  onClose,
  title,
  formLabel,
  form,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  submitDisabled,
  replacement,
  children,
  maxWidth = 'sm',
  fullScreen,
  extraActions,
  submitColor,
}: FormDialogProps<V, O>) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {replacement ?? (
        <FormProvider {...form}>
          <Box
            component="form"
            onSubmit={onSubmit}
            noValidate
            aria-label={formLabel ?? (typeof title === 'string' ? title : undefined)}
            aria-labelledby={formLabel || typeof title === 'string' ? undefined : titleId}
          >
            <DialogContent dividers>{children}</DialogContent>
            <DialogActions sx={{ px: 3, py: 1.5 }}>
              {extraActions}
              <Button onClick={onClose} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant="contained" color={submitColor} disabled={pending || submitDisabled}>
                {pending ? pendingLabel : submitLabel}
              </Button>
            </DialogActions>
          </Box>
        </FormProvider>
      )}
    </Dialog>
  );
}
