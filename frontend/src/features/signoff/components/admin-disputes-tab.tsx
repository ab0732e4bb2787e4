import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { resolveDisputeRequest, type SignOffView } from '@panda/contracts/signoff';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormRadioGroup } from '../../../components/form/form-radio-group';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadMore } from '../../../components/load-more';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { jobTypeName } from '../../../lib/job-types';
import { loadedItems } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useGetDisputesInfiniteQuery, useResolveDisputeMutation } from '../../../lib/signoff-api';
import { SignOffStatusChip } from '../../../components/sign-off-status';
import { ListStates } from '../../../components/list-states';

const OUTCOMES = [
  { value: 'upheld', label: 'Uphold: revoke the sign-off (the card no longer counts)' },
  { value: 'rejected', label: 'Reject: the sign-off stands' },
] as const;

/**
 * Resolve one dispute: upheld revokes the sign-off, rejected lets it stand; a reason either way
 * (docs/rules.md#trainee-countersign), checked by the contract's schema (docs/rules.md#forms-from-contracts).
 */
function ResolveDialog({ dispute, onClose }: { dispute: SignOffView; onClose: () => void }) {
  const form = useContractForm(resolveDisputeRequest, {
    group: 'resolve-dispute',
    defaultValues: { outcome: undefined, reason: '' },
  });
  const [resolve] = useResolveDisputeMutation();
  const submit = form.submitWith(async ({ outcome, reason }) => {
    const r = await resolve({ signatureId: dispute.signature_id, outcome, reason }).unwrap();
    toast.success(r.message);
    onClose();
  }, 'Failed to resolve the dispute');
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Resolve dispute"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Resolve"
      pendingLabel="Resolving..."
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {dispute.student_name} disputes a {jobTypeName(dispute.job_type)} job card signed &quot;
        {dispute.signature.signature}&quot; by {dispute.mentor_name} on {formatDate(dispute.signature.date)}.
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Reason given: &quot;{dispute.dispute?.reason}&quot;
      </Typography>
      <FormRadioGroup name="outcome" label="Outcome" options={OUTCOMES} sx={{ mb: 2 }} />
      <FormTextField
        multiline
        minRows={3}
        required
        label="Reason for the decision"
        name="reason"
        helperText="Told to the student, the mentor and the training centre."
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
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
      <ListStates
        query={list}
        count={items.length}
        loading="Loading disputes..."
        failed="Failed to load disputes"
        empty={
          <EmptyState
            headingLevel="h2"
            dense
            icon={<GavelOutlined />}
            title={status === 'open' ? 'No open disputes' : 'No resolved disputes'}
          />
        }
      >
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
      </ListStates>
      {resolving && <ResolveDialog dispute={resolving} onClose={() => setResolving(null)} />}
    </Box>
  );
}
