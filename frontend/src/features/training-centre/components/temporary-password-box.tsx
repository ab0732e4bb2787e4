import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { copyToClipboard } from '../../../lib/clipboard';

/**
 * A student's temporary password as the centre sees it after registering them or sending their
 * invitation again: shown ONCE (docs/rules.md#passwords-never-shown), with a Copy button. It lives only
 * in the calling screen's state and is gone once the user leaves it.
 */
export function TemporaryPasswordBox({ password }: { password: string }) {
  return (
    <Box sx={{ textAlign: 'left' }}>
      <Typography variant="subtitle2" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <KeyRounded fontSize="small" color="primary" />
        Temporary Password
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1,
          pl: 2,
          borderRadius: 2.5,
          border: '1px dashed',
          borderColor: 'primary.light',
          bgcolor: 'rgba(29, 78, 216, 0.04)',
        }}
      >
        <Typography
          data-testid="temporary-password"
          sx={{
            flexGrow: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: '1.1rem',
            fontWeight: 600,
            letterSpacing: '0.04em',
            wordBreak: 'break-all',
          }}
        >
          {password}
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<ContentCopyRounded />}
          onClick={() => void copyToClipboard(password)}
          aria-label="Copy temporary password"
        >
          Copy
        </Button>
      </Box>
      <Alert severity="info" sx={{ mt: 1.5 }}>
        This password is shown only once. It expires in 7 days and has also been emailed to the student, who will choose
        their own password at first sign-in.
      </Alert>
    </Box>
  );
}
