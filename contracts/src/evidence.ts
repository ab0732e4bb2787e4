import { z } from 'zod';
import { multiLineText, optionalText, postcodeField, UK_POSTCODE_MESSAGE } from './fields';
import { commandResultSchema, defineRoutes } from './route-contract';

/**
 * A job card is evidence (docs/rules.md#evidence): what was done, where, on which appliance, for how
 * long, with up to six photos. The sign-off request carries these fields beside the signature; the
 * JobCardSigned event records them (camelCase) and the signed content hash covers them.
 */

// The appliance kinds and labels live in a module with no schema: a screen of the web app's first load
// (the student's signed job cards) shows them without loading zod (docs/rules.md#light-first-screens).
export {
  APPLIANCE_KINDS,
  APPLIANCE_LABELS,
  DUPLICATE_PHOTO_LABEL,
  PRE_EVIDENCE_LABEL,
  type ApplianceKind,
} from './evidence-labels';
import { APPLIANCE_KINDS } from './evidence-labels';

export const WORK_DONE_MIN = 20;
export const WORK_DONE_MAX = 2000;
export const DURATION_MIN = 15;
export const DURATION_MAX = 720;
export const MAX_PHOTOS = 6;
export const REFLECTION_MAX = 2000;

export const APPLIANCE_REQUIRED = 'Please choose the appliance';
export const WORK_DONE_MESSAGE = `Please describe the work done (${WORK_DONE_MIN} to ${WORK_DONE_MAX} characters)`;
export const DURATION_MESSAGE = `Time on the job must be between ${DURATION_MIN} and ${DURATION_MAX} minutes`;
export const TOO_MANY_PHOTOS = `At most ${MAX_PHOTOS} photos`;

/** The evidence fields of `PUT /api/jobs/{id}/complete` (snake_case, as the API speaks). */
export const evidenceRequestFields = {
  site_postcode: postcodeField(UK_POSTCODE_MESSAGE),
  appliance: z.object(
    {
      kind: z.enum(APPLIANCE_KINDS, { error: APPLIANCE_REQUIRED }),
      make: optionalText(100),
      model: optionalText(100),
    },
    { error: APPLIANCE_REQUIRED },
  ),
  work_done: multiLineText(WORK_DONE_MESSAGE)
    .trim()
    .min(WORK_DONE_MIN, WORK_DONE_MESSAGE)
    .max(WORK_DONE_MAX, WORK_DONE_MESSAGE),
  duration_minutes: z.coerce
    .number({ error: DURATION_MESSAGE })
    .int(DURATION_MESSAGE)
    .min(DURATION_MIN, DURATION_MESSAGE)
    .max(DURATION_MAX, DURATION_MESSAGE),
  photo_ids: z.array(z.string().trim().min(1).max(100)).max(MAX_PHOTOS, TOO_MANY_PHOTOS).default([]),
};

/** The optional reflection the trainee adds when confirming a sign-off. */
export const reflectionField = optionalText(REFLECTION_MAX, { multiLine: true });

const UK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The calendar day (YYYY-MM-DD) an instant falls on in UK time: a card's work date is a UK day. */
export const ukDateOf = (at: string | number | Date): string => UK_DAY.format(new Date(at));
const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The time of day (HH:MM) an instant falls on in UK time. */
export const ukTimeOf = (at: string | number | Date): string => UK_TIME.format(new Date(at));

/** The image types a job-card photo may be sent as (the raw body of `POST /api/job-photos`). */
export const JOB_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A photo's largest size, as the raw body of `POST /api/job-photos` (10 MB). */
export const JOB_PHOTO_MAX_BYTES = 10_485_760;
/**
 * The longest side (px) a photo is brought down to on the device before it is kept in the outbox
 * or sent, re-encoded as JPEG at JOB_PHOTO_DEVICE_QUALITY (docs/rules.md#outbox): a site photo stays
 * legible, and the outbox holds a few hundred kB per photo, not a camera's megabytes.
 */
export const JOB_PHOTO_DEVICE_SIDE = 2048;
export const JOB_PHOTO_DEVICE_QUALITY = 0.85;
export const JOB_PHOTO_NOT_IMAGE = 'Please choose a JPEG, PNG or WEBP photo';
export const JOB_PHOTO_TOO_LARGE = 'Each photo must be smaller than 10MB';

/** `POST /api/job-photos`: the stored photo's id (for `photo_ids`) and the SHA-256 of the stored image. */
export const jobPhotoResponse = commandResultSchema.extend({
  photo_id: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type JobPhotoResponse = z.infer<typeof jobPhotoResponse>;

export const evidenceRoutes = defineRoutes([
  { method: 'POST', path: '/api/job-photos', responses: { 201: jobPhotoResponse } },
  { method: 'GET', path: '/api/job-photos/:id', responses: { 200: { contentType: /^image\/(jpeg|png|webp)/ } } },
]);
