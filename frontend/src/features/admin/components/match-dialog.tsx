import ExpandMore from '@mui/icons-material/ExpandMore';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { RetryAlert } from '../../../components/retry-alert';
import { toast } from '../../../lib/toast';
import { proposePlacementRequest, type Candidate } from '@panda/contracts/placements';
import { usePlacementCandidatesQuery, useProposePlacementMutation } from '../api/admin-api';

export interface MatchTarget {
  id: string;
  name: string;
}

function CandidateCard({
  c,
  onPropose,
  busy,
  disabled,
}: {
  c: Candidate;
  onPropose: () => void;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <Card variant="outlined" component="li" aria-label={`Rank ${c.rank}: ${c.name}`} sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: c.rank === 1 ? 'primary.main' : 'grey.200',
            color: c.rank === 1 ? '#fff' : 'text.primary',
            fontWeight: 800,
          }}
        >
          {c.rank}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>
            {c.name}
            {c.Business_Name ? (
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                {' '}
                · {c.Business_Name}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {c.email} · {c.Business_Postcode ?? 'No postcode'}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
            <Chip size="small" color="primary" label={`Score ${c.score}/100`} />
            <Chip size="small" label={c.distance_miles === null ? 'Distance unknown' : `${c.distance_miles} miles`} />
            <Chip
              size="small"
              color={c.free_capacity > 0 ? 'success' : 'warning'}
              label={`${c.free_capacity} of ${c.capacity} places free`}
            />
            {c.not_qualified_for.length > 0 && (
              <Chip size="small" color="warning" label={`Not qualified: ${c.not_qualified_for.join(', ')}`} />
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {c.rank_reason}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {c.reasons.map((r) => (
              <Typography component="li" variant="body2" key={r}>
                {r}
              </Typography>
            ))}
          </Box>
        </Box>
        <Button
          variant="contained"
          onClick={onPropose}
          disabled={disabled || busy}
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
        >
          Propose placement
        </Button>
      </Stack>
    </Card>
  );
}

const PLACEMENT_NOTES_MAX = 2000;

/** Match: eligible mentors for an unplaced student, ranked with reasons; choosing one proposes a placement. */
export function MatchDialog({ target, onClose }: { target: MatchTarget | null; onClose: () => void }) {
  // A fresh form (empty notes) for each student.
  return target ? <MatchForm key={target.id} target={target} onClose={onClose} /> : null;
}

/**
 * The proposal is the contract's form (docs/rules.md#forms-from-contracts): the notes are typed, the
 * mentor is the candidate whose button was pressed; it is sent once.
 */
function MatchForm({ target, onClose }: { target: MatchTarget; onClose: () => void }) {
  const { data, isError, isFetching, refetch } = usePlacementCandidatesQuery(target.id, {
    refetchOnMountOrArgChange: true,
  });
  const form = useContractForm(proposePlacementRequest, {
    group: 'propose-placement',
    defaultValues: { student_id: target.id, mentor_id: '', notes: '' },
  });
  const [propose] = useProposePlacementMutation();
  const isLoading = form.pending;

  const submit = form.submitWith(async (values) => {
    await propose(values).unwrap();
    const mentor = data?.candidates.find((c) => c.id === values.mentor_id);
    toast.success(`Placement proposed to ${mentor?.name ?? 'the mentor'}: waiting for the mentor to accept`);
    onClose();
  }, 'Failed to propose placement');

  const choose = (c: Candidate) => {
    form.setValue('mentor_id', c.id);
    void submit();
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="match-title">
      <DialogTitle id="match-title">Match {target.name} with a mentor</DialogTitle>
      <DialogContent dividers>
        {isError ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load data</RetryAlert>
        ) : !data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
            <CircularProgress size={28} aria-label="Loading mentors" />
          </Box>
        ) : (
          <ContractForm form={form} onSubmit={submit} aria-label="Placement proposal">
            <Stack spacing={2} sx={{ opacity: isFetching ? 0.7 : 1 }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Postcode <strong>{data.student.Postcode ?? 'not given'}</strong> · {data.student.account_type}
                  {data.student.training_centre_name ? ` (${data.student.training_centre_name})` : ''} · Still needs:{' '}
                  <strong>{data.student.needs.length ? data.student.needs.join(', ') : 'no more jobs'}</strong>
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Eligible mentors are vetted, unlocked and have a complete profile. Score: distance up to 50, free
                  capacity up to 20 (at most 3 students per mentor), qualifications up to 30.
                </Typography>
              </Box>
              {data.student.blocked && <Alert severity="warning">{data.student.blocked}</Alert>}
              <FormTextField
                label="Notes for the placement (optional)"
                name="notes"
                size="small"
                slotProps={{ htmlInput: { maxLength: PLACEMENT_NOTES_MAX } }}
              />
              {data.candidates.length === 0 ? (
                <EmptyState
                  dense
                  icon={<PersonSearchOutlined />}
                  title="No eligible mentors"
                  text="No mentor is vetted, unlocked and has a complete profile yet."
                />
              ) : (
                <Stack component="ol" spacing={1.5} aria-label="Ranked mentors" sx={{ p: 0, m: 0 }}>
                  {data.candidates.map((c) => (
                    <CandidateCard
                      key={c.id}
                      c={c}
                      busy={isLoading}
                      disabled={Boolean(data.student.blocked)}
                      onPropose={() => choose(c)}
                    />
                  ))}
                </Stack>
              )}
              {data.excluded.length > 0 && (
                <Accordion disableGutters variant="outlined">
                  <AccordionSummary
                    expandIcon={<ExpandMore />}
                    aria-controls="excluded-mentors"
                    id="excluded-mentors-header"
                  >
                    <Typography variant="body2">Not eligible ({data.excluded.length})</Typography>
                  </AccordionSummary>
                  <AccordionDetails id="excluded-mentors">
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {data.excluded.map((m) => (
                        <Typography component="li" variant="body2" key={m.id}>
                          {m.name} ({m.email}): {m.reasons.join(', ')}
                        </Typography>
                      ))}
                    </Box>
                  </AccordionDetails>
                </Accordion>
              )}
            </Stack>
          </ContractForm>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
