import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/errors';
import { jobTypeName } from '../../../lib/job-types';
import { useAuditSignaturesQuery } from '../api/audit-api';
import { BAD, GOOD, dateTime } from '../lib/format';
import { LateSendNote } from '../../../components/late-send-note';
import { SignOffStatusChip } from '../../../components/sign-off-status';
import { AuditEvidence } from './audit-evidence';

/** A job card's sign-offs as they stood at the as-of instant, folded from the log, each with its evidence. */
export function SignaturesPanel({ jobId, asOf }: { jobId: string; asOf: string | null }) {
  const { data, error, isFetching } = useAuditSignaturesQuery({ jobId, asOf });
  // Every sign-off line shows its state; a revoked one is listed but does not count (docs/rules.md#dispute-visibility).
  const revoked = data?.signatures.filter((s) => s.revoked).length ?? 0;
  return (
    <Box component="section" aria-labelledby="signatures-title" sx={{ mt: 2 }}>
      <Typography id="signatures-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Signatures{data?.job ? `: ${jobTypeName(data.job.job_type)}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        As they stood {data ? `at ${dateTime(data.as_of)}` : ''}
        {data?.job ? ` · ${data.job.completed_count} of ${data.job.total_count} cards signed` : ''}
        {revoked ? ` · ${revoked} revoked sign-off${revoked === 1 ? '' : 's'} not counted` : ''}
      </Typography>
      {isFetching && <LinearProgress aria-label="Loading signatures" sx={{ mb: 1 }} />}
      {error && <Alert severity="error">{errorMessage(error, 'Could not load the signatures')}</Alert>}
      {data && !data.existed && <Alert severity="info">This job card did not exist yet at that time.</Alert>}
      {data?.existed && data.signatures.length === 0 && (
        <Alert severity="info">No card had been signed at that time.</Alert>
      )}
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Sign-offs">
        {data?.signatures.map((s) => (
          <Box
            component="li"
            key={s.position}
            data-testid="signoff"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>Card {s.card_number}</Typography>
              <Typography variant="body2">“{s.signature.signature}”</Typography>
              <SignOffStatusChip card={s} />
              <Box sx={{ flex: 1 }} />
              {s.content_hash_source === 'computed_on_replay' ? (
                <Chip size="small" label="Hash computed on replay" />
              ) : s.content_hash_matches ? (
                <Chip size="small" sx={GOOD} label="Content matches hash" />
              ) : (
                <Chip size="small" sx={BAD} label="Content differs from signed hash" />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Signed {dateTime(s.signed_at)} by {s.signer.name} ({s.signer.email})
              {s.signer.gas_safe_number ? ` · Gas Safe ${s.signer.gas_safe_number}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Signature dated {s.signature.date} {s.signature.time} by {s.signature.mentorName} · work completed{' '}
              {dateTime(s.completed_at)}
            </Typography>
            <LateSendNote capturedAt={s.captured_at} signedAt={s.signed_at} />
            <AuditEvidence signOff={s} />
            <Typography
              variant="caption"
              component="div"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mt: 0.5 }}
            >
              Content hash (scheme {s.hash_version}): SHA-256 {s.content_hash}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
