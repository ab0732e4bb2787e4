import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudentCriteriaResponse } from '@panda/contracts/criteria';
import { useGetStudentCriteriaQuery } from '../lib/criteria-api';
import { formatDate } from '../lib/dates';
import { jobTypeName } from '../lib/job-types';

type Progress = StudentCriteriaResponse['criteria'][number];

/** 'water_heater' -> 'Water heater' (the labels' schema file is not loaded for this). */
const applianceName = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' ');

function CriterionRow({ c }: { c: Progress }) {
  const percent = Math.min(100, Math.round((c.evidenced / c.required) * 100));
  return (
    <Box component="li" data-testid="criterion-row" sx={{ listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {c.code}
        </Typography>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {c.title}
        </Typography>
        {c.met && <Chip size="small" color="success" label="Met" sx={{ height: 20, fontWeight: 600 }} />}
        <Typography variant="body2" color="text.secondary" data-testid="criterion-count">
          {c.evidenced}/{c.required}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={c.met ? 'success' : 'primary'}
        aria-label={`${c.code} ${c.title}: ${c.evidenced} of ${c.required} cards`}
        sx={{ height: 7, borderRadius: 4 }}
      />
      {c.cards.length > 0 && (
        <Box component="details" sx={{ mt: 0.75, '& summary': { cursor: 'pointer', color: 'primary.main' } }}>
          <Typography component="summary" variant="caption" sx={{ fontWeight: 600 }}>
            {c.cards.length === 1 ? 'The card behind it' : `The ${c.cards.length} cards behind it`}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
            {c.cards.map((card) => (
              <Typography component="li" variant="caption" key={card.signature_id} sx={{ display: 'list-item' }}>
                {formatDate(card.date)} · {jobTypeName(card.job_type)}
                {card.appliance_kind ? ` · ${applianceName(card.appliance_kind)}` : ''} ·{' '}
                <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {card.signature_id}
                </Box>
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** Progress per criterion as given (docs/rules.md#qualification-criteria). */
export function CriteriaProgressList({ progress }: { progress: StudentCriteriaResponse }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="criteria-summary">
        {progress.met} of {progress.total} criteria met
      </Typography>
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Progress per criterion">
        {progress.criteria.map((c) => (
          <CriterionRow key={c.code} c={c} />
        ))}
      </Stack>
    </>
  );
}

/** A student's progress per qualification criterion, with the cards behind each. */
export function CriteriaProgress({ studentId }: { studentId: string }) {
  const query = useGetStudentCriteriaQuery(studentId);
  if (query.isLoading) return <Typography color="text.secondary">Loading criteria...</Typography>;
  if (query.isError || !query.data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Retry
          </Button>
        }
      >
        Failed to load the criteria
      </Alert>
    );
  return <CriteriaProgressList progress={query.data} />;
}
