import { createHash } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import {
  JOB_PHOTO_MAX_BYTES,
  JOB_PHOTO_NOT_IMAGE,
  JOB_PHOTO_TOO_LARGE,
  JOB_PHOTO_TYPES,
} from '@panda/contracts/evidence';
import { jobPhotoStream, type photoEvents } from '@panda/events/catalogue/photos';
import type { EventsOf } from '@panda/events/define';
import { badRequest, HttpError } from '@panda/platform/errors';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { decodeImage } from '@panda/platform/images';
import { dHash } from '@panda/platform/perceptual-hash';
import { sha256 } from '@panda/platform/blob-store';
import { handle, type Decider } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';

/**
 * Job-card photos (docs/rules.md#evidence):
 * - POST /api/job-photos   the image as the raw body with its image Content-Type -> 201 {photo_id, sha256}
 * The image is decoded and encoded again (platform/images.ts), stored in the blob store, and its
 * upload recorded in the photo's own stream. A retry with the same Idempotency-Key (and bytes)
 * names the same photo and records nothing new.
 */

type PhotoEvent = EventsOf<typeof photoEvents>;
type PhotoUpload = Extract<PhotoEvent, { type: 'JobPhotoUploaded' }>['data'];
interface PhotoState {
  uploaded: PhotoUpload | null;
}

const photoDecider: Decider<{ upload: PhotoUpload }, PhotoState, PhotoEvent> = {
  initialState: () => ({ uploaded: null }),
  evolve: (state, event) => (event.type === 'JobPhotoUploaded' ? { uploaded: event.data } : state),
  // A stream holds one upload: the photo's id is made from the command, so a second is a retry.
  decide: (command, state) => (state.uploaded ? [] : [{ type: 'JobPhotoUploaded', data: command.upload }]),
};

/** The photo id a command uploads, made from its command id (so a retried request names the same photo). */
export const photoIdFor = (commandId: string) =>
  `ph-${createHash('sha256').update(`job-photo:${commandId}`).digest('hex').slice(0, 24)}`;

/** The raw image body, or a clear refusal: not one of the accepted types (400) or too large (413). */
const rawImage: RequestHandler = (req, res, next) => {
  const type = (req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(JOB_PHOTO_TYPES as readonly string[]).includes(type))
    return next(badRequest([{ field: 'photo', message: JOB_PHOTO_NOT_IMAGE }]));
  express.raw({ type: () => true, limit: JOB_PHOTO_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large')
      return next(new HttpError(413, [{ field: 'photo', message: JOB_PHOTO_TOO_LARGE }]));
    next(err);
  });
};

export function jobPhotoRoutes(deps: CommandDeps): Router {
  const r = Router();

  r.post('/api/job-photos', authenticate(deps.authenticator), requireRole('mentor'), rawImage, async (req, res) => {
    const { id: mentorId } = authOf(req);
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0)
      throw badRequest([{ field: 'photo', message: JOB_PHOTO_NOT_IMAGE }]);
    const meta = metaFor(req, deps, '', sha256(body));
    const photoId = photoIdFor(meta.commandId);
    const stream = jobPhotoStream(photoId);
    // A retry finds its photo already recorded: the same answer, without decoding it again.
    const earlier = (await deps.store.readStream(stream)).find((e) => e.type === 'JobPhotoUploaded');
    if (earlier) {
      const d = earlier.data as PhotoUpload;
      return sendResult(res, 201, earlier.position, { photo_id: d.photoId, sha256: d.sha256 });
    }
    const decoded = await decodeImage(body);
    if (!decoded.ok)
      throw decoded.reason === 'too_large'
        ? new HttpError(413, [{ field: 'photo', message: JOB_PHOTO_TOO_LARGE }])
        : badRequest([{ field: 'photo', message: JOB_PHOTO_NOT_IMAGE }]);
    const image = decoded.image;
    // The blob first: an unreferenced blob is harmless, a reference to a missing one is not.
    const [stored, dhash] = await Promise.all([deps.blobs.put(image.bytes, image.contentType), dHash(image.bytes)]);
    const upload: PhotoUpload = {
      photoId,
      mentorId,
      sha256: stored.hash,
      dhash,
      contentType: image.contentType,
      size: stored.size,
      width: image.width,
      height: image.height,
    };
    const result = await handle(deps.store, stream, photoDecider, { upload }, meta);
    // The unused-photo sweep may have deleted these same bytes, left by an older unused photo, between
    // the put above and this record (docs/rules.md#unused-photos): put them back for this one.
    if (!(await deps.blobs.has(stored.hash))) await deps.blobs.put(image.bytes, image.contentType);
    const recorded = result.state.uploaded ?? upload;
    sendResult(res, 201, result.position, { photo_id: recorded.photoId, sha256: recorded.sha256 });
  });

  return r;
}
