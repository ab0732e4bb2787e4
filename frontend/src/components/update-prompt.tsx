import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useUpdateReady } from '../lib/pwa/update';

/**
 * "New version available — Reload" (docs/rules.md#installable-app): shown once a new version of the
 * app waits; Reload lets it take over and reloads the page, so nobody stays on an old version.
 * Nothing is lost by reloading: work made offline waits in the outbox.
 */
export function UpdatePrompt() {
  const reload = useUpdateReady();
  const [reloading, setReloading] = useState(false);
  if (!reload) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      aria-label="New version"
      data-testid="update-prompt"
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        left: 16,
        bottom: 16,
        right: { xs: 16, sm: 'auto' },
        maxWidth: 480,
        bgcolor: '#1e3a8a',
        color: '#fff',
        alignItems: 'center',
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            reload();
          }}
        >
          Reload
        </Button>
      }
    >
      New version available
    </Alert>
  );
}
