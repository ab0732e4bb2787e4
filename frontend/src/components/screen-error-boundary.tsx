import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/**
 * A screen whose code could not be fetched (a new version replaced it, the connection dropped) or that
 * failed to draw says so, with Reload, instead of leaving the app blank (docs/rules.md#no-endless-loading).
 * A failed code download is not fetched again by React, so Reload loads the page afresh.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          This screen could not be loaded. Reload the page to try again.
        </Alert>
      }
    >
      {children}
    </ErrorBoundary>
  );
}
