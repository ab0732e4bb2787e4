import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Job-card photos (docs/rules.md#evidence): each uploaded photo has its own stream
 * `job-photo-<photoId>`. The image itself is kept in the blob store under its SHA-256; the events
 * hold its reference, never its bytes.
 */
export const jobPhotoStream = (photoId: string) => `job-photo-${photoId}`;

/** A mentor uploaded a photo for a sign-off; it was decoded, encoded again and stored. */
export const JobPhotoUploaded = defineEvent(
  'JobPhotoUploaded',
  z.object({
    photoId: z.string(),
    mentorId: z.string(),
    /** SHA-256 (hex) of the stored (re-encoded) image: its name in the blob store. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Perceptual hash (dHash, 16 hex digits) of the image, for the duplicate flag. */
    dhash: z.string().regex(/^[0-9a-f]{16}$/),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    size: z.number().int().min(1),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  }),
);

/**
 * A photo no sign-off used within PHOTO_UNUSED_HOURS of its upload was removed (docs/rules.md#unused-photos):
 * its image is deleted from the blob store unless something else holds the same bytes (`blobDeleted`).
 */
export const JobPhotoDiscarded = defineEvent(
  'JobPhotoDiscarded',
  z.object({
    photoId: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** When it was uploaded; it was discarded because no card used it by 24 hours later. */
    uploadedAt: z.string(),
    blobDeleted: z.boolean(),
  }),
);

/** How long an uploaded photo waits for a sign-off to use it (docs/rules.md#unused-photos). */
export const PHOTO_UNUSED_HOURS = 24;

export const photoEvents = [JobPhotoUploaded, JobPhotoDiscarded] as const;
