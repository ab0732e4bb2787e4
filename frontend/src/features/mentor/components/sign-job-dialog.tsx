import Alert from '@mui/material/Alert';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  APPLIANCE_KINDS,
  APPLIANCE_LABELS,
  APPLIANCE_REQUIRED,
  DURATION_MESSAGE,
  WORK_DONE_MESSAGE,
  type ApplianceKind,
} from '@panda/contracts/evidence';
import { UK_POSTCODE_MESSAGE } from '@panda/contracts/fields';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { useFormErrors } from '../../../lib/form-errors';
import { useAppSelector } from '../../../lib/hooks';
import type { Job } from '../../../lib/job-types';
import { displayName, selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCompleteJobMutation } from '../api/mentor-api';
import { OutboxFullError, sendOrQueue, signOffPath } from '../../../lib/outbox';
import { nowTime, todayIso } from '../utils/format';
import { jobTypeName } from '../../../lib/job-types';

export const SIGNATURE_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';

type SignatureField = 'mentorName' | 'signature' | 'date' | 'time';
type EvidenceField = 'site_postcode' | 'kind' | 'make' | 'model' | 'work_done' | 'duration_minutes';
type Field = SignatureField | EvidenceField;
const SIGNATURE: readonly SignatureField[] = ['mentorName', 'signature', 'date', 'time'];
const FIELDS: readonly Field[] = [
  ...SIGNATURE,
  'site_postcode',
  'kind',
  'make',
  'model',
  'work_done',
  'duration_minutes',
];
const SIGNATURE_FIELDS = 'Please fill in all signature fields';
/** Where the server names each field (docs/rules.md#evidence). */
const SERVER_FIELD: Record<Field, string> = {
  mentorName: 'mentor_signature.mentorName',
  signature: 'mentor_signature.signature',
  date: 'mentor_signature.date',
  time: 'mentor_signature.time',
  site_postcode: 'site_postcode',
  kind: 'appliance.kind',
  make: 'appliance.make',
  model: 'appliance.model',
  work_done: 'work_done',
  duration_minutes: 'duration_minutes',
};
const REQUIRED_EVIDENCE: Partial<Record<Field, string>> = {
  site_postcode: UK_POSTCODE_MESSAGE,
  kind: APPLIANCE_REQUIRED,
  work_done: WORK_DONE_MESSAGE,
  duration_minutes: DURATION_MESSAGE,
};
const EMPTY: Record<Field, string> = {
  mentorName: '',
  signature: '',
  date: '',
  time: '',
  site_postcode: '',
  kind: '',
  make: '',
  model: '',
  work_done: '',
  duration_minutes: '',
};

export interface SignJobDialogProps {
  job: Job | null;
  onClose: () => void;
  /** After a successful sign-off (the jobs list reloads through its tags). */
  onSigned?: () => void;
}

/** Mark Complete: the mentor's typed signature for ONE job card (spec section 5, docs/rules.md#one-card-per-sign-off). */
/** "Job marked as complete! (card 2 of 6 signed)": the spec's text and which card of the book it was. */
export const signedCardMessage = (completed: number, total: number) =>
  `Job marked as complete! (card ${completed} of ${total} signed)`;

/** Said when a sign-off made with no signal waits in the outbox. */
export const QUEUED_SIGN_OFF =
  'No signal: the sign-off waits in the outbox and is sent when Panda can reach the server.';

export function SignJobDialog({ job: current, onClose, onSigned }: SignJobDialogProps) {
  // Keep showing the job while the dialog closes.
  const [job, setJob] = useState<Job | null>(current);
  if (current && current !== job) setJob(current);
  const user = useAppSelector(selectUser);
  const [complete, { isLoading }] = useCompleteJobMutation();
  const [values, setValues] = useState<Record<Field, string>>(EMPTY);
  // Each missing or refused field's message is under it, with one toast (docs/rules.md#form-errors).
  const messages = useFormErrors<Field>('sign-job');
  const invalid = messages.errors;
  const open = !!current;

  // Date defaults to today and time to now, each time the dialog opens (adjusted while rendering).
  const opening = current?.id ?? null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (opening !== openedFor) {
    setOpenedFor(opening);
    if (opening) {
      const now = new Date();
      setValues({ ...EMPTY, mentorName: displayName(user), date: todayIso(now), time: nowTime(now) });
    }
  }

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    messages.clear(field);
  };
  /** A field's name, value, change handler and message under it. */
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    error: !!invalid[field],
    helperText: invalid[field],
  });

  const close = () => {
    if (isLoading) return;
    messages.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!job || isLoading || refusal) return;
    const missing = FIELDS.filter(
      (f) => (SIGNATURE.includes(f as SignatureField) || REQUIRED_EVIDENCE[f]) && !values[f].trim(),
    );
    if (!messages.check(missing.map((f): [Field, string] => [f, REQUIRED_EVIDENCE[f] ?? SIGNATURE_FIELDS]))) return;
    // The device's clock: kept as the sign-off's time even when it is sent later (docs/rules.md#outbox).
    const now = new Date().toISOString();
    const body = {
      mentor_signature: {
        signature: values.signature.trim(),
        mentorName: values.mentorName.trim(),
        date: values.date,
        time: values.time,
        timestamp: now,
      },
      completed_at: now,
      site_postcode: values.site_postcode,
      appliance: {
        kind: values.kind as ApplianceKind,
        make: values.make.trim() || null,
        model: values.model.trim() || null,
      },
      work_done: values.work_done,
      duration_minutes: Number(values.duration_minutes),
      photo_ids: [] as string[],
    };
    try {
      const outcome = await sendOrQueue(
        (idempotencyKey) => complete({ id: job.id, idempotencyKey, ...body }).unwrap(),
        {
          userId: String(user?.id ?? ''),
          kind: 'sign-off',
          label: `${jobTypeName(job.Job_Type)}, card ${card}${job.Student_Name ? ` for ${job.Student_Name}` : ''}`,
          method: 'PUT',
          path: signOffPath(job.id),
          body,
          capturedAt: now,
        },
      );
      messages.reset();
      if ('queued' in outcome) toast.info(QUEUED_SIGN_OFF);
      else {
        // Which card it was, so a signed card is not read as a finished job (docs/rules.md#progress-at-a-glance).
        const answer = outcome.sent;
        const signed = answer.job ?? { Completed_Count: job.Completed_Count + 1, Total_Count: job.Total_Count };
        toast.success(signedCardMessage(signed.Completed_Count, signed.Total_Count));
        onSigned?.();
      }
      onClose();
    } catch (err) {
      if (err instanceof OutboxFullError) {
        toast.error(err.message, { group: 'sign-job' });
        return;
      }
      // The server names the signature's fields `mentor_signature.<field>` and the appliance's `appliance.<field>`.
      const byField = fieldErrors(err);
      const refused = FIELDS.flatMap((f): Array<[Field, string]> => {
        const message = byField[SERVER_FIELD[f]] ?? byField[f];
        return message ? [[f, message]] : [];
      });
      if (refused.length) messages.check(refused);
      else {
        messages.check([]);
        toast.error(errorMessage(err, 'Failed to mark job as complete'), { group: 'sign-job' });
      }
    }
  };

  const card = job ? Math.min(job.Total_Count, job.Completed_Count + 1) : 0;
  // docs/rules.md#gas-safe-categories: said before the mentor fills anything in (the server refuses it too).
  const refusal =
    job?.may_sign === false ? (job.sign_refusal ?? 'Your Gas Safe categories do not cover this job type') : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="sign-job-title"
      aria-describedby={refusal ? 'sign-job-refusal' : 'sign-job-text'}
    >
      <Box component="form" onSubmit={submit} noValidate aria-label="Sign job card">
        <DialogTitle id="sign-job-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <Box
            aria-hidden
            sx={{
              width: 38,
              height: 38,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(22, 163, 74, 0.1)',
              color: 'success.dark',
            }}
          >
            <DrawOutlined />
          </Box>
          Sign Off Job Card
        </DialogTitle>
        <DialogContent>
          {job && (
            <Box
              sx={{
                p: 1.75,
                mb: 2.5,
                borderRadius: '12px',
                bgcolor: 'rgba(29, 78, 216, 0.05)',
                border: '1px solid',
                borderColor: 'rgba(29, 78, 216, 0.12)',
              }}
            >
              <Typography sx={{ fontWeight: 700 }}>
                {jobTypeName(job.Job_Type)}
                {job.Student_Name ? ` · ${job.Student_Name}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Signing card {card} of {job.Total_Count} ({job.Completed_Count} completed so far)
              </Typography>
            </Box>
          )}
          {refusal && (
            <Alert severity="warning" id="sign-job-refusal" data-testid="sign-refusal">
              {refusal}. Only a mentor whose Gas Safe categories cover it can sign this job card; you can update your
              qualifications in your mentor profile.
            </Alert>
          )}
          <Typography
            id="sign-job-text"
            variant="body2"
            color="text.secondary"
            sx={{ mb: 2, display: refusal ? 'none' : undefined }}
          >
            Confirm that the trainee completed this job under your supervision. Typing your name below counts as your
            digital signature.
          </Typography>
          <Box sx={{ display: refusal ? 'none' : 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Mentor Name"
              name="mentorName"
              required
              autoComplete="name"
              value={values.mentorName}
              onChange={set('mentorName')}
              error={!!invalid.mentorName}
              helperText={invalid.mentorName}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextField
              label="Signature"
              name="signature"
              required
              autoFocus
              placeholder="Type your full name to sign"
              value={values.signature}
              onChange={set('signature')}
              error={!!invalid.signature}
              sx={{
                gridColumn: '1 / -1',
                '& input': {
                  fontFamily: values.signature ? SIGNATURE_FONT : undefined,
                  fontStyle: values.signature ? 'italic' : undefined,
                  fontSize: values.signature ? '1.35rem' : undefined,
                },
              }}
              helperText={invalid.signature ?? 'Your typed name is your digital signature'}
            />
            <TextField
              label="Date"
              {...bind('date')}
              type="date"
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Time"
              {...bind('time')}
              type="time"
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField label="Site postcode" {...bind('site_postcode')} required autoComplete="postal-code" />
            <TextField select label="Appliance" {...bind('kind')} required>
              {APPLIANCE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {APPLIANCE_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Make" {...bind('make')} />
            <TextField label="Model" {...bind('model')} />
            <TextField
              label="Work done"
              name="work_done"
              required
              multiline
              minRows={3}
              value={values.work_done}
              onChange={set('work_done')}
              error={!!invalid.work_done}
              helperText={invalid.work_done ?? 'What the trainee did, in a few sentences'}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextField
              label="Time on the job (minutes)"
              {...bind('duration_minutes')}
              type="number"
              required
              slotProps={{ htmlInput: { min: 15, max: 720, step: 5, inputMode: 'numeric' } }}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button color="inherit" onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="success"
            disabled={isLoading || !!refusal}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {isLoading ? 'Signing...' : 'Sign & Complete'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
