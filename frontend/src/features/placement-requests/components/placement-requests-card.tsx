import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useAcceptPlacementMutation, usePlacementRequestsQuery } from '../api/placement-requests-api';
import type { PlacementRequest } from '@panda/contracts/placements';
import { formatDate } from '../../../lib/dates';
import { requirementName } from '../../../lib/job-types';

function requirementsText(r: PlacementRequest['job_requirements']): string {
  if (!r) return 'Not set';
  const parts = Object.entries(r)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${requirementName(k)}: ${n}`);
  return parts.length ? parts.join(' · ') : 'None yet';
}

// The decline form's code loads when a mentor first opens it (docs/rules.md#light-first-screens).
const DeclineDialog = lazyDialog(
  () => import('./decline-dialog').then((m) => m.DeclineDialog),
  (p) => !!p.request,
);

/**
 * The mentor's pending placement requests (docs/rules.md#placement-status): Accept makes the placement active (the student
 * becomes Matched and their jobs open); Decline asks for a reason. Renders nothing when there are none.
 */
export function PlacementRequestsCard() {
  const { data, isError, refetch } = usePlacementRequestsQuery();
  const [accept, { isLoading: accepting, originalArgs }] = useAcceptPlacementMutation();
  const [declining, setDeclining] = useState<PlacementRequest | null>(null);

  if (isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        Failed to load placement requests
      </Alert>
    );
  if (!data || data.length === 0) return null;

  const onAccept = async (r: PlacementRequest) => {
    try {
      await accept(r.id).unwrap();
      toast.success(`You are now mentoring ${r.student.Name}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to accept the placement request'));
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="placement-requests-title"
      sx={{ borderLeft: 4, borderColor: 'warning.main' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
          <HandshakeOutlined color="warning" />
          <Typography id="placement-requests-title" variant="h6" component="h2">
            Placement requests
          </Typography>
          <Chip size="small" color="warning" label={data.length} aria-label={`${data.length} pending`} />
        </Stack>
        <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {data.map((r) => (
            <Box
              component="li"
              key={r.id}
              sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider' }}
              aria-label={`Placement request for ${r.student.Name}`}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{r.student.Name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {r.student.Postcode ?? 'No postcode'} · {r.training_centre ? r.training_centre.name : 'Independent'}{' '}
                    · Proposed {formatDate(r.Proposed_At)}
                  </Typography>
                  <Typography variant="body2">Needs: {requirementsText(r.job_requirements)}</Typography>
                  {r.Notes && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}
                    >
                      “{r.Notes}”
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button variant="outlined" color="error" onClick={() => setDeclining(r)} disabled={accepting}>
                    Decline
                  </Button>
                  <Button variant="contained" onClick={() => void onAccept(r)} disabled={accepting}>
                    {accepting && originalArgs === r.id ? 'Accepting...' : 'Accept'}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </Card>
  );
}
