import CloseRounded from '@mui/icons-material/CloseRounded';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { z } from 'zod';
import { JobTypeIcon } from '../../../components/job-type-icon';
import { IconBadge } from '../../../components/icon-badge';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import {
  JOB_TYPE_CARD_TITLES,
  JOB_TYPES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEYS,
  type RequirementCounts,
} from '../../../lib/job-types';
import { GOAL_MAX, GOAL_RANGE_MESSAGE, NO_GOALS_MESSAGE, jobRequirementsRequest } from '@panda/contracts/training';
import { toast } from '../../../lib/toast';
import { useSaveJobRequirementsMutation } from '../api/student-api';

const COUNT_FIELDS = JOB_TYPES.map((t) => REQUIREMENT_FIELDS[t]);

/**
 * The contract's goals schema, after the one rule only a form has: a count typed as 0 is refused
 * ('Must be between 1 and 100'); a blank one means not needed (spec validation section 5).
 */
const goalsForm = z
  .record(z.string(), z.unknown())
  .superRefine((v, ctx) => {
    for (const f of COUNT_FIELDS)
      if (/^0+$/.test(String(v[f] ?? ''))) ctx.addIssue({ code: 'custom', path: [f], message: GOAL_RANGE_MESSAGE });
  })
  .pipe(jobRequirementsRequest);

function initialValues(requirements: RequirementCounts | null | undefined, notes: string | null | undefined) {
  const values = {
    boiler_installs_required: '',
    boiler_service_required: '',
    pipework_required: '',
    repair_required: '',
    additional_requirements: notes ?? '',
  };
  if (requirements)
    for (const type of JOB_TYPES) {
      const n = requirements[REQUIREMENT_KEYS[type]];
      values[REQUIREMENT_FIELDS[type]] = n > 0 ? String(n) : '';
    }
  return values;
}

/** What the live Training Summary counts of a typed value: only what would be accepted (1 to 100). */
const shownCount = (value: unknown) => {
  const n = Number(value || 0);
  return Number.isInteger(n) && n >= 1 && n <= GOAL_MAX ? n : 0;
};

/** Non-digits go first, then the 3-character limit (pasting 'abc12' gives '12'). */
const digitsOnly = (typed: string) => typed.replace(/\D+/g, '').slice(0, 3);

export interface TrainingGoalsDialogProps {
  open: boolean;
  /** Closing is allowed only once the student has requirements. */
  canClose: boolean;
  onClose: () => void;
  requirements: RequirementCounts | null | undefined;
  additionalRequirements: string | null | undefined;
  onSaved?: () => void;
}

/**
 * 'Set Your Training Goals' (spec "Student jobs view"; validation section 5), checked by the
 * contract's goals schema (docs/rules.md#forms-from-contracts); it starts from the saved goals each
 * time it opens.
 */
export function TrainingGoalsDialog(props: TrainingGoalsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const close = () => {
    if (props.canClose) props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      onClose={close}
      disableEscapeKeyDown={!props.canClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="training-goals-title"
      aria-describedby="training-goals-text"
    >
      {props.open && <GoalsForm {...props} fullScreen={fullScreen} />}
    </Dialog>
  );
}

function GoalsForm({
  canClose,
  onClose,
  requirements,
  additionalRequirements,
  onSaved,
  fullScreen,
}: TrainingGoalsDialogProps & { fullScreen: boolean }) {
  const form = useContractForm(goalsForm, {
    group: 'training-goals',
    defaultValues: initialValues(requirements, additionalRequirements),
  });
  const [save] = useSaveJobRequirementsMutation();
  const isLoading = form.pending;
  const values = form.watch();
  // What was typed (decides whether Save can be pressed) and what the summary counts (valid values only).
  const entered = COUNT_FIELDS.reduce((sum, f) => sum + Number(values[f] || 0), 0);
  const total = COUNT_FIELDS.reduce((sum, f) => sum + shownCount(values[f]), 0);
  const submitted = form.formState.isSubmitted;

  const close = () => {
    if (canClose && !isLoading) {
      form.clear();
      onClose();
    }
  };

  const submit = form.submitWith(async (goals) => {
    await save(goals).unwrap();
    toast.success('Job requirements saved successfully!');
    onSaved?.();
  }, 'Failed to save job requirements. Please try again.');

  return (
    <ContractForm
      form={form}
      onSubmit={submit}
      aria-label="Set Your Training Goals"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: fullScreen ? '100%' : undefined }}
    >
      <DialogTitle
        id="training-goals-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pr: canClose ? 7 : 3 }}
      >
        <IconBadge tone="secondary">
          <FlagOutlined />
        </IconBadge>
        Set Your Training Goals
      </DialogTitle>
      {canClose && (
        <IconButton
          aria-label="Close"
          onClick={close}
          disabled={isLoading}
          sx={{ position: 'absolute', right: 12, top: 14 }}
        >
          <CloseRounded />
        </IconButton>
      )}
      <DialogContent sx={{ flexGrow: 1 }}>
        <Typography id="training-goals-text" color="text.secondary" sx={{ mb: 2.5 }}>
          How many of each job do you need to complete for your qualification? Enter a number from 1 to 100, and leave a
          type blank if you don&apos;t need it.
        </Typography>
        {!canClose && (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            Set your training goals to get started. You can change them later from Training Jobs.
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {JOB_TYPES.map((type, index) => (
            <FormTextField
              key={type}
              autoFocus={index === 0 && !fullScreen}
              label={JOB_TYPE_CARD_TITLES[type]}
              name={REQUIREMENT_FIELDS[type]}
              placeholder="Not needed"
              helperText=" "
              // No maxLength on the input: it would cut the pasted text before the digits are kept.
              parse={digitsOnly}
              slotProps={{
                htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start" sx={{ color: 'text.secondary' }}>
                      <JobTypeIcon type={type} fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          ))}
        </Box>
        <FormTextField
          label="Additional Requirements"
          name="additional_requirements"
          multiline
          minRows={3}
          placeholder="Anything else your mentor should know, e.g. specific appliances or assessments"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mt: 0.5 }}
        />
        <Box
          role="status"
          aria-live="polite"
          aria-label="Training Summary"
          data-testid="training-summary"
          sx={{
            mt: 2.5,
            p: 2,
            borderRadius: '12px',
            bgcolor: total > 0 ? 'rgba(29, 78, 216, 0.05)' : 'rgba(71, 85, 105, 0.06)',
            border: '1px solid',
            borderColor: total > 0 ? 'rgba(29, 78, 216, 0.15)' : 'divider',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>Training Summary</Typography>
            <Typography
              sx={{ fontWeight: 800, fontSize: '1.25rem', color: total > 0 ? 'primary.main' : 'text.secondary' }}
            >
              {total} {total === 1 ? 'job' : 'jobs'}
            </Typography>
          </Box>
          <Typography variant="body2" color={total > 0 || !submitted ? 'text.secondary' : 'error'} sx={{ mt: 0.5 }}>
            {total > 0
              ? JOB_TYPES.filter((t) => shownCount(values[REQUIREMENT_FIELDS[t]]) > 0)
                  .map((t) => `${JOB_TYPE_CARD_TITLES[t]}: ${shownCount(values[REQUIREMENT_FIELDS[t]])}`)
                  .join(' · ')
              : NO_GOALS_MESSAGE}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1, gap: 1 }}>
        <Button color="inherit" onClick={close} disabled={!canClose || isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading || entered <= 0}>
          {isLoading ? 'Saving...' : 'Save Requirements'}
        </Button>
      </DialogActions>
    </ContractForm>
  );
}
