import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface RetryAlertProps {
  onRetry: () => void;
  children: ReactNode;
}

/** An error Alert with a Retry button. */
export function RetryAlert({ onRetry, children }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
