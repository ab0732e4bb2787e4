import type { AppendMeta } from '@panda/events/envelope';
import type { ImageRef } from '@panda/events/catalogue/profiles';
import { badRequest } from '@panda/platform/errors';
import { decodeImage, inlineImage, MAX_IMAGE_SIDE, type CleanImage } from '@panda/platform/images';
import { runAccountCommand } from '../accounts/service';
import type { AccountState } from '../accounts/decider';
import type { CommandDeps } from '../shared/deps';

import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE } from '@panda/contracts/accounts';

export { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE };
export const PHOTO_TOO_MANY_PIXELS = `Image must be at most ${MAX_IMAGE_SIDE} x ${MAX_IMAGE_SIDE} pixels`;

/** What the mentor profile form sends for the photo: a new upload, the photo on file (by its hash), or none. */
export type PhotoInput = { upload: Buffer } | { keep: string } | null;

/**
 * Decodes an uploaded image, encodes it again (platform/images.ts) and stores the result in the blob
 * store BEFORE any event refers to it (an orphan blob is harmless, a dangling reference is not).
 * An image that does not decode is a 400 on `field`, in the API's field-error format.
 */
export async function storeImage(
  deps: Pick<CommandDeps, 'blobs'>,
  bytes: Uint8Array,
  field: string,
): Promise<ImageRef> {
  const decoded = await decodeImage(bytes);
  if (!decoded.ok) {
    const message =
      decoded.reason === 'too_large'
        ? PHOTO_TOO_LARGE
        : decoded.reason === 'too_many_pixels'
          ? PHOTO_TOO_MANY_PIXELS
          : PHOTO_NOT_IMAGE;
    throw badRequest([{ field, message }]);
  }
  return putImage(deps, decoded.image);
}

async function putImage(deps: Pick<CommandDeps, 'blobs'>, image: CleanImage): Promise<ImageRef> {
  const stored = await deps.blobs.put(image.bytes, image.contentType);
  return {
    hash: stored.hash,
    content_type: image.contentType,
    size: stored.size,
    width: image.width,
    height: image.height,
  };
}

/** The hash the API shows for the photo on file: its blob's, or for an inline photo the sha256 of its bytes. */
const photoHash = (photo: ImageRef | string | null | undefined) =>
  photo == null ? null : typeof photo === 'string' ? inlineImage(photo).hash : photo.hash;

/** The photo a profile save records: the new upload stored, the one on file kept (moved to the blob store if inline), or none. */
export async function resolvePhoto(
  deps: Pick<CommandDeps, 'blobs'>,
  state: AccountState,
  input: PhotoInput,
  field: string,
): Promise<ImageRef | null> {
  if (input === null) return null;
  if ('upload' in input) return storeImage(deps, input.upload, field);
  const onFile = state.mentorProfile?.Gas_Safe_Card_Photo ?? null;
  if (onFile === null || photoHash(onFile) !== input.keep) throw badRequest([{ field, message: PHOTO_NOT_IMAGE }]);
  return typeof onFile === 'string' ? storeImage(deps, inlineImage(onFile).bytes, field) : onFile;
}

/**
 * Before the blob store, MentorProfileSaved carried the photo inline. Before a command copies such a
 * profile into a new event, the photo is moved to the blob store (decoded and encoded again like an
 * upload) and the profile saved with its reference, so that no new event carries image bytes. A photo
 * that does not decode cannot be shown either, and is dropped (logged).
 */
export async function moveInlinePhoto(deps: CommandDeps, state: AccountState, meta: AppendMeta): Promise<void> {
  const profile = state.mentorProfile;
  const inline = profile?.Gas_Safe_Card_Photo;
  if (!profile || typeof inline !== 'string' || !state.id) return;
  const decoded = await decodeImage(inlineImage(inline).bytes);
  if (!decoded.ok)
    deps.logger.warn(
      { accountId: state.id, reason: decoded.reason },
      'inline Gas Safe card photo does not decode: dropped when moving it to the blob store',
    );
  const photo = decoded.ok ? await putImage(deps, decoded.image) : null;
  await runAccountCommand(
    deps,
    state.id,
    {
      type: 'SaveMentorProfile',
      profile: { ...profile, Gas_Safe_Card_Photo: photo },
      agreedAt: state.termsAgreedAt ?? meta.time,
    },
    { ...meta, commandId: `${meta.commandId}:photo` },
  );
}
