import Alert from '@mui/material/Alert';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { APPLIANCE_KINDS, APPLIANCE_LABELS, DURATION_MAX, DURATION_MIN } from '@panda/contracts/evidence';
import { completeJobRequest, type CompleteJobRequest } from '@panda/contracts/training';
import { useState } from 'react';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useAppSelector } from '../../../lib/hooks';
import type { Job } from '../../../lib/job-types';
import { displayName, selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useCompleteJobMutation } from '../api/mentor-api';
import { OutboxFullError, queueNow, sendOrQueue, signOffPath } from '../../../lib/outbox';
import { outboxPhotos } from '../../../lib/outbox/photos';
import { nowTime, todayIso } from '../utils/format';
import { jobTypeName } from '../../../lib/job-types';
import { JobPhotosField, type PhotosHold } from './job-photos-field';

export const SIGNATURE_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';

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

/** What the form starts with: the mentor's name, today's date and the time now (device clock). */
const startValues = (mentorName: string): CompleteJobRequest => {
  const now = new Date();
  return {
    mentor_signature: { mentorName, signature: '', date: todayIso(now), time: nowTime(now), timestamp: null },
    completed_at: null,
    site_postcode: '',
    appliance: { kind: undefined as never, make: '', model: '' },
    work_done: '',
    duration_minutes: '',
    photo_ids: [],
  };
};

/**
 * Sign Off Job Card: the mentor's typed signature for ONE job card (spec section 5,
 * docs/rules.md#one-card-per-sign-off) with what the card evidences and its photos
 * (docs/rules.md#evidence), checked by the contract's schema (docs/rules.md#forms-from-contracts).
 * A fresh form each time it opens.
 */
export function SignJobDialog({ job, onClose, onSigned }: SignJobDialogProps) {
  return job ? <SignJobForm key={job.id} job={job} onClose={onClose} onSigned={onSigned} /> : null;
}

function SignJobForm({ job, onClose, onSigned }: { job: Job } & Omit<SignJobDialogProps, 'job'>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const user = useAppSelector(selectUser);
  const [complete] = useCompleteJobMutation();
  const [defaults] = useState(() => startValues(displayName(user)));
  const form = useContractForm(completeJobRequest, { group: 'sign-job', defaultValues: defaults });
  const [photosHold, setPhotosHold] = useState<PhotosHold>(null);
  // Photos kept for want of signal: the card then waits in the outbox with them (docs/rules.md#outbox).
  const [waitingPhotos, setWaitingPhotos] = useState<File[]>([]);
  const signature = form.watch('mentor_signature.signature');

  const card = Math.min(job.Total_Count, job.Completed_Count + 1);
  // docs/rules.md#gas-safe-categories: said before the mentor fills anything in (the server refuses it too).
  const refusal =
    job.may_sign === false ? (job.sign_refusal ?? 'Your Gas Safe categories do not cover this job type') : null;

  const close = () => {
    form.clear();
    onClose();
  };

  const submit = form.submitWith(async (values) => {
    // The device's clock: kept as the sign-off's claimed time even when it is sent later
    // (docs/rules.md#outbox); the server records its own signing time (docs/rules.md#evidence).
    const now = new Date().toISOString();
    const body: CompleteJobRequest = {
      ...values,
      mentor_signature: { ...values.mentor_signature, timestamp: now },
      completed_at: now,
    };
    const item = {
      userId: String(user?.id ?? ''),
      kind: 'sign-off' as const,
      label: `${jobTypeName(job.Job_Type)}, card ${card}${job.Student_Name ? ` for ${job.Student_Name}` : ''}`,
      method: 'PUT' as const,
      path: signOffPath(job.id),
      body: body as Record<string, unknown>,
      capturedAt: now,
    };
    try {
      const outcome = waitingPhotos.length
        ? { queued: await queueNow({ ...item, ...(await outboxPhotos(waitingPhotos)) }) }
        : await sendOrQueue((idempotencyKey) => complete({ id: job.id, idempotencyKey, ...body }).unwrap(), item);
      if ('queued' in outcome) toast.info(QUEUED_SIGN_OFF);
      else {
        // Which card it was, so a signed card is not read as a finished job (docs/rules.md#progress-at-a-glance).
        const signed = outcome.sent.job ?? { Completed_Count: job.Completed_Count + 1, Total_Count: job.Total_Count };
        toast.success(signedCardMessage(signed.Completed_Count, signed.Total_Count));
        onSigned?.();
      }
      onClose();
    } catch (err) {
      if (err instanceof OutboxFullError) return void toast.error(err.message, { group: 'sign-job' });
      throw err;
    }
  }, 'Failed to mark job as complete');

  return (
    <FormDialog
      open
      onClose={close}
      title={
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <Box
            component="span"
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
        </Box>
      }
      formLabel="Sign job card"
      form={form}
      onSubmit={submit}
      pending={form.pending}
      submitLabel="Sign & Complete"
      pendingLabel="Signing..."
      submitDisabled={!!refusal || photosHold !== null}
      fullScreen={phone}
    >
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
      {refusal ? (
        <Alert severity="warning" id="sign-job-refusal" data-testid="sign-refusal">
          {refusal}. Only a mentor whose Gas Safe categories cover it can sign this job card; you can update your
          qualifications in your mentor profile.
        </Alert>
      ) : (
        <>
          <Typography id="sign-job-text" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Confirm that the trainee completed this job under your supervision. Typing your name below counts as your
            digital signature.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              label="Mentor Name"
              name="mentor_signature.mentorName"
              required
              autoComplete="name"
              sx={{ gridColumn: '1 / -1' }}
            />
            <FormTextField
              label="Signature"
              name="mentor_signature.signature"
              required
              autoFocus
              placeholder="Type your full name to sign"
              helperText="Your typed name is your digital signature"
              sx={{
                gridColumn: '1 / -1',
                '& input': signature
                  ? { fontFamily: SIGNATURE_FONT, fontStyle: 'italic', fontSize: '1.35rem' }
                  : undefined,
              }}
            />
            <FormTextField label="Date" name="mentor_signature.date" type="date" required />
            <FormTextField label="Time" name="mentor_signature.time" type="time" required />
            <FormTextField label="Site postcode" name="site_postcode" required autoComplete="postal-code" />
            <FormTextField select label="Appliance" name="appliance.kind" required>
              {APPLIANCE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {APPLIANCE_LABELS[k]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField label="Make" name="appliance.make" />
            <FormTextField label="Model" name="appliance.model" />
            <FormTextField
              label="Work done"
              name="work_done"
              required
              multiline
              minRows={3}
              helperText="What the trainee did, in a few sentences"
              sx={{ gridColumn: '1 / -1' }}
            />
            <FormTextField
              label="Time on the job (minutes)"
              name="duration_minutes"
              type="number"
              required
              slotProps={{ htmlInput: { min: DURATION_MIN, max: DURATION_MAX, step: 5, inputMode: 'numeric' } }}
            />
            <JobPhotosField onHoldChange={setPhotosHold} onWaitingChange={setWaitingPhotos} />
          </Box>
        </>
      )}
    </FormDialog>
  );
}
