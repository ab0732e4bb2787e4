import GppBadOutlined from '@mui/icons-material/GppBadOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/errors';
import { useVerifyLogMutation } from '../api/audit-api';
import { FAULTS, dateTime } from '../lib/format';

/** Verify the log (docs/rules.md#hash-chain): a clear green or red answer, with the first bad position. */
export function VerifyPanel() {
  const [verify, { data, error, isLoading, fulfilledTimeStamp }] = useVerifyLogMutation();
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} component="section" aria-labelledby="verify-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, mb: data || error ? 2 : 0 }}
      >
        <Stack sx={{ flex: 1 }}>
          <Typography id="verify-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Event log integrity
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every event is hash-chained to the one before it. Verify recomputes the whole chain.
          </Typography>
        </Stack>
        <Button
          variant="contained"
          onClick={() => void verify()}
          disabled={isLoading}
          startIcon={<VerifiedUserOutlined />}
        >
          {isLoading ? 'Verifying...' : 'Verify log'}
        </Button>
      </Stack>
      {error && !isLoading && <Alert severity="error">{errorMessage(error, 'Could not verify the log')}</Alert>}
      {data && !isLoading && (
        <Alert
          severity={data.ok ? 'success' : 'error'}
          icon={data.ok ? <VerifiedUserOutlined /> : <GppBadOutlined />}
          data-testid="verify-result"
          variant="outlined"
          sx={{ borderWidth: 2 }}
        >
          <AlertTitle>{data.ok ? 'Log intact' : `Log altered at position ${data.first_bad_position}`}</AlertTitle>
          {data.ok
            ? `All ${data.events.toLocaleString('en-GB')} events verified${fulfilledTimeStamp ? ` at ${dateTime(new Date(fulfilledTimeStamp).toISOString())}` : ''}.`
            : `The chain breaks at event ${data.first_bad_position}: ${FAULTS[data.fault ?? ''] ?? data.fault}. ${data.events - 1} events before it verified.`}
          <Typography
            component="div"
            variant="caption"
            sx={{ mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {data.ok ? 'Head hash' : 'Last good hash'}: {data.head_hash}
          </Typography>
        </Alert>
      )}
    </Paper>
  );
}
