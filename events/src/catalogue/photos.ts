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

export const photoEvents = [JobPhotoUploaded] as const;
