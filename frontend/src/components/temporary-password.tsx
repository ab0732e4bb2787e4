import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
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
