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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState, type FormEvent } from 'react';
import { JobTypeIcon } from '../../../components/job-type-icon';
import { errorMessage, fieldErrors, FIELDS_SUMMARY_MESSAGE } from '../../../lib/errors';
import {
  JOB_TYPE_CARD_TITLES,
  JOB_TYPES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEYS,
  type RequirementCounts,
  type JobType,
} from '../../../lib/job-types';
import { GOAL_MAX, GOAL_RANGE_MESSAGE, NO_GOALS_MESSAGE } from '@panda/contracts/training';
import { toast } from '../../../lib/toast';
import { useSaveJobRequirementsMutation } from '../api/student-api';

export const GOAL_MIN = 1;

type CountField = (typeof REQUIREMENT_FIELDS)[JobType];
type Values = Record<CountField, string>;

const EMPTY: Values = {
  boiler_installs_required: '',
  boiler_service_required: '',
  pipework_required: '',
  repair_required: '',
};

function initialValues(requirements: RequirementCounts | null | undefined): Values {
  const values = { ...EMPTY };
  if (!requirements) return values;
  for (const type of JOB_TYPES) {
    const n = requirements[REQUIREMENT_KEYS[type]];
    values[REQUIREMENT_FIELDS[type]] = n > 0 ? String(n) : '';
  }
  return values;
}

/** '' = not needed (0); otherwise a whole number that must be 1 to 100. */
function countError(value: string): string | null {
  if (value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= GOAL_MIN && n <= GOAL_MAX ? null : GOAL_RANGE_MESSAGE;
}

const toCount = (value: string) => (value === '' ? 0 : Number(value) || 0);
/** What the live Training Summary counts: only values that would be accepted (1 to 100). */
const validCount = (value: string) => (countError(value) ? 0 : toCount(value));

/** Tag of this form's error toasts: a new submit clears the earlier ones. */
const FORM_TOASTS = 'training-goals';

export interface TrainingGoalsDialogProps {
  open: boolean;
  /** Closing is allowed only once the student has requirements. */
  canClose: boolean;
  onClose: () => void;
  requirements: RequirementCounts | null | undefined;
  additionalRequirements: string | null | undefined;
  onSaved?: () => void;
}

/** 'Set Your Training Goals' (spec "Student jobs view"; validation section 5). */
export function TrainingGoalsDialog({
  open,
  canClose,
  onClose,
  requirements,
  additionalRequirements,
  onSaved,
}: TrainingGoalsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [values, setValues] = useState<Values>(() => initialValues(requirements));
  const [notes, setNotes] = useState(additionalRequirements ?? '');
  const [submitted, setSubmitted] = useState(false);
  /** The server's messages under its fields (e.g. below the cards already signed), until that field changes. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<CountField, string>>>({});
  const [save, { isLoading }] = useSaveJobRequirementsMutation();
  const inputs = useRef<Partial<Record<CountField, HTMLInputElement | null>>>({});

  // Start from the saved goals each time the dialog opens (adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initialValues(requirements));
      setNotes(additionalRequirements ?? '');
      setSubmitted(false);
      setServerErrors({});
    }
  }

  // What was typed (decides whether Save can be pressed) and what the summary counts (valid values only).
  const entered = JOB_TYPES.reduce((sum, type) => sum + toCount(values[REQUIREMENT_FIELDS[type]]), 0);
  const total = JOB_TYPES.reduce((sum, type) => sum + validCount(values[REQUIREMENT_FIELDS[type]]), 0);
  const errors = Object.fromEntries(
    JOB_TYPES.map((t) => [
      REQUIREMENT_FIELDS[t],
      countError(values[REQUIREMENT_FIELDS[t]]) ?? serverErrors[REQUIREMENT_FIELDS[t]] ?? null,
    ]),
  ) as Record<CountField, string | null>;

  const close = () => {
    if (canClose && !isLoading) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setSubmitted(true);
    toast.dismissErrors(FORM_TOASTS);
    if (entered <= 0) {
      toast.error(NO_GOALS_MESSAGE, { group: FORM_TOASTS });
      return;
    }
    const firstInvalid = JOB_TYPES.map((t) => REQUIREMENT_FIELDS[t]).find((f) => errors[f]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    try {
      await save({
        boiler_installs_required: toCount(values.boiler_installs_required),
        boiler_service_required: toCount(values.boiler_service_required),
        pipework_required: toCount(values.pipework_required),
        repair_required: toCount(values.repair_required),
        additional_requirements: notes.trim(),
      }).unwrap();
      toast.dismissErrors(FORM_TOASTS);
      toast.success('Job requirements saved successfully!');
      onSaved?.();
    } catch (err) {
      const byField = fieldErrors(err);
      const onFields = JOB_TYPES.map((t) => REQUIREMENT_FIELDS[t]).filter((f) => byField[f]);
      if (onFields.length) {
        setServerErrors(Object.fromEntries(onFields.map((f) => [f, byField[f]])));
        inputs.current[onFields[0]]?.focus();
        toast.error(FIELDS_SUMMARY_MESSAGE, { group: FORM_TOASTS });
      } else {
        toast.error(errorMessage(err, 'Failed to save job requirements. Please try again.'), { group: FORM_TOASTS });
      }
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      disableEscapeKeyDown={!canClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="training-goals-title"
      aria-describedby="training-goals-text"
    >
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Set Your Training Goals"
        sx={{ display: 'flex', flexDirection: 'column', minHeight: fullScreen ? '100%' : undefined }}
      >
        <DialogTitle
          id="training-goals-title"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, pr: canClose ? 7 : 3 }}
        >
          <Box
            aria-hidden
            sx={{
              width: 38,
              height: 38,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(249, 115, 22, 0.12)',
              color: 'secondary.dark',
            }}
          >
            <FlagOutlined />
          </Box>
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
            How many of each job do you need to complete for your qualification? Enter a number from 1 to 100, and leave
            a type blank if you don&apos;t need it.
          </Typography>
          {!canClose && (
            <Alert severity="info" sx={{ mb: 2.5 }}>
              Set your training goals to get started. You can change them later from Training Jobs.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {JOB_TYPES.map((type, index) => {
              const field = REQUIREMENT_FIELDS[type];
              const error = errors[field];
              return (
                <TextField
                  key={field}
                  autoFocus={index === 0 && !fullScreen}
                  label={JOB_TYPE_CARD_TITLES[type]}
                  name={field}
                  value={values[field]}
                  placeholder="Not needed"
                  error={!!error}
                  helperText={error ?? ' '}
                  inputRef={(el: HTMLInputElement | null) => {
                    inputs.current[field] = el;
                  }}
                  onChange={(e) => {
                    // Non-digits go first, then the 3-character limit (pasting 'abc12' gives '12'); no
                    // maxLength on the input, which would cut the pasted text before this runs.
                    const digits = e.target.value.replace(/\D+/g, '').slice(0, 3);
                    setValues((v) => ({ ...v, [field]: digits }));
                    setServerErrors(({ [field]: _changed, ...rest }) => rest);
                  }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-invalid': !!error },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start" sx={{ color: 'text.secondary' }}>
                          <JobTypeIcon type={type} fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              );
            })}
          </Box>
          <TextField
            label="Additional Requirements"
            name="additional_requirements"
            value={notes}
            onChange={(e) => setNotes(e.target.value.slice(0, 2000))}
            multiline
            minRows={3}
            placeholder="Anything else your mentor should know, e.g. specific appliances or assessments"
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
                ? JOB_TYPES.filter((t) => validCount(values[REQUIREMENT_FIELDS[t]]) > 0)
                    .map((t) => `${JOB_TYPE_CARD_TITLES[t]}: ${validCount(values[REQUIREMENT_FIELDS[t]])}`)
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
      </Box>
    </Dialog>
  );
}
