import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { RESOLUTION_REASON_REQUIRED, type SignOffView } from '@panda/contracts/signoff';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { jobTypeName } from '../../../lib/job-types';
import { loadedItems } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useGetDisputesInfiniteQuery, useResolveDisputeMutation } from '../../../lib/signoff-api';
import { SignOffStatusChip } from '../../../components/sign-off-status';

/** Resolve one dispute: upheld revokes the sign-off, rejected lets it stand; a reason either way (docs/rules.md#trainee-countersign). */
function ResolveDialog({ dispute, onClose }: { dispute: SignOffView; onClose: () => void }) {
  const [outcome, setOutcome] = useState<'upheld' | 'rejected' | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; reason?: string }>({});
  const [resolve, state] = useResolveDisputeMutation();
  const submit = async () => {
    const missing = {
      ...(outcome ? {} : { outcome: 'Please choose an outcome' }),
      ...(reason.trim() ? {} : { reason: RESOLUTION_REASON_REQUIRED }),
    };
    setErrors(missing);
    if (!outcome || !reason.trim()) return;
    try {
      const r = await resolve({ signatureId: dispute.signature_id, outcome, reason }).unwrap();
      toast.success(r.message);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reason || fields.outcome) setErrors({ reason: fields.reason, outcome: fields.outcome });
      else toast.error(errorMessage(err, 'Failed to resolve the dispute'));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">Resolve dispute</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {dispute.student_name} disputes a {jobTypeName(dispute.job_type)} job card signed &quot;
          {dispute.signature.signature}&quot; by {dispute.mentor_name} on {formatDate(dispute.signature.date)}.
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Reason given: &quot;{dispute.dispute?.reason}&quot;
        </Typography>
        <FormControl error={!!errors.outcome} sx={{ mb: 2 }}>
          <FormLabel id="resolve-outcome-label">Outcome</FormLabel>
          <RadioGroup
            aria-labelledby="resolve-outcome-label"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as 'upheld' | 'rejected')}
          >
            <FormControlLabel
              value="upheld"
              control={<Radio />}
              label="Uphold: revoke the sign-off (the card no longer counts)"
            />
            <FormControlLabel value="rejected" control={<Radio />} label="Reject: the sign-off stands" />
          </RadioGroup>
          {errors.outcome && <FormHelperText>{errors.outcome}</FormHelperText>}
        </FormControl>
        <TextField
          fullWidth
          multiline
          minRows={3}
          required
          label="Reason for the decision"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (errors.reason) setErrors({ ...errors, reason: undefined });
          }}
          error={!!errors.reason}
          helperText={errors.reason ?? 'Told to the student, the mentor and the training centre.'}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={state.isLoading}>
          Resolve
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The admin Disputes list (docs/rules.md#trainee-countersign): open disputes (the longest waiting first) until resolved, then under Resolved. */
export function AdminDisputesTab() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const list = useGetDisputesInfiniteQuery(status);
  const { items, total } = loadedItems(list.data, (d) => d.signature_id);
  const [resolving, setResolving] = useState<SignOffView | null>(null);
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_e, v) => v && setStatus(v)}
        aria-label="Filter disputes"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="open">Open</ToggleButton>
        <ToggleButton value="resolved">Resolved</ToggleButton>
      </ToggleButtonGroup>
      {list.isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading disputes..." />
      ) : list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>Failed to load disputes</RetryAlert>
      ) : !items.length ? (
        <EmptyState
          headingLevel="h2"
          dense
          icon={<GavelOutlined />}
          title={status === 'open' ? 'No open disputes' : 'No resolved disputes'}
        />
      ) : (
        <>
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={status === 'open' ? 'Open disputes' : 'Resolved disputes'}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {items.map((d) => (
              <Box
                component="li"
                key={d.signature_id}
                data-testid="dispute-row"
                sx={{ p: 1.75, border: 1, borderColor: 'divider', borderRadius: 2 }}
              >
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 1,
                    alignItems: 'center',
                    justifyContent: 'space-between',
                  }}
                >
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {d.student_name} · {jobTypeName(d.job_type)}
                  </Typography>
                  <SignOffStatusChip card={d} />
                </Box>
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  Signed &quot;{d.signature.signature}&quot; by {d.mentor_name} on {formatDate(d.signature.date)} at{' '}
                  {d.signature.time}
                  {d.centre_name ? ` · ${d.centre_name}` : ' · Independent student'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  Disputed {formatDateTime(d.dispute?.disputed_at)}: &quot;{d.dispute?.reason}&quot;
                  {d.dispute?.outcome
                    ? ` · ${d.dispute.outcome === 'upheld' ? 'Upheld' : 'Rejected'} ${formatDate(d.dispute.resolved_at)}: ${d.dispute.resolution_reason ?? ''}`
                    : ''}
                </Typography>
                {!d.dispute?.outcome && (
                  <Button
                    size="small"
                    variant="outlined"
                    sx={{ mt: 1.25 }}
                    onClick={() => setResolving(d)}
                    aria-label={`Resolve the dispute of ${d.student_name}`}
                  >
                    Resolve
                  </Button>
                )}
              </Box>
            ))}
          </Stack>
          <LoadMore noun={['dispute', 'disputes']} shown={items.length} total={total} pages={list} />
        </>
      )}
      {resolving && <ResolveDialog dispute={resolving} onClose={() => setResolving(null)} />}
    </Box>
  );
}
