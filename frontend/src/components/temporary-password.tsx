import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { COPY_FAILURE_MESSAGE, COPY_SUCCESS_MESSAGE, copyToClipboard } from '../lib/clipboard';
import { toast } from '../lib/toast';

/**
 * A new account's temporary password, shown once after it is made (docs/rules.md#passwords-never-shown),
 * with a button that copies it: `intro` says how long it lasts and what the person does with it.
 */
export function TemporaryPassword({
  password,
  intro,
  testId,
}: {
  password: string;
  intro: ReactNode;
  testId?: string;
}) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Typography
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 700, wordBreak: 'break-all' }}
          aria-label="Temporary password"
          data-testid={testId}
        >
          {password}
        </Typography>
        <IconButton
          aria-label="Copy temporary password"
          size="small"
          onClick={() =>
            void copyToClipboard(password).then((ok) =>
              ok ? toast.success(COPY_SUCCESS_MESSAGE) : toast.error(COPY_FAILURE_MESSAGE),
            )
          }
        >
          <ContentCopy fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/**
 * What a form dialog shows once it has made an account: what was done, the temporary password once
 * (or `whenShownBefore` when a repeated request no longer carries it), and Done (`another` before it).
 */
export function AccountMade({
  summary,
  password,
  intro,
  testId,
  whenShownBefore,
  onDone,
  another,
}: {
  summary: ReactNode;
  password: string | null | undefined;
  intro: ReactNode;
  testId?: string;
  whenShownBefore?: ReactNode;
  onDone: () => void;
  another?: ReactNode;
}) {
  return (
    <>
      <DialogContent dividers>
        <Alert severity="success" sx={{ mb: 2 }}>
          {summary}
        </Alert>
        {password ? (
          <TemporaryPassword password={password} intro={intro} testId={testId} />
        ) : (
          whenShownBefore && <Alert severity="info">{whenShownBefore}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {another}
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
