import {
  JOB_PHOTO_DEVICE_QUALITY,
  JOB_PHOTO_DEVICE_SIDE,
  JOB_PHOTO_MAX_BYTES,
  JOB_PHOTO_TOO_LARGE,
} from '@panda/contracts/evidence';
import type { NewOutboxItem } from './items';

/**
 * Photos of a sign-off made with no signal (docs/rules.md#outbox): each is resized on the device
 * (createImageBitmap and a canvas) before it is kept in the outbox, and uploaded before the
 * sign-off when Panda can reach the server again.
 */

/** The upload endpoint of a job-card photo (relative to /api). */
export const JOB_PHOTOS_PATH = '/job-photos';

/** The size a `width` × `height` image is brought to so that its longest side is at most `side`. */
export function fitWithin(width: number, height: number, side = JOB_PHOTO_DEVICE_SIDE) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Said when the browser cannot read a picked photo (not an image, or a format it cannot decode). */
export const PHOTO_UNREADABLE = 'This photo could not be read on this device: please choose a JPEG, PNG or WEBP photo';

/**
 * The photo re-encoded as JPEG with its longest side at most JOB_PHOTO_DEVICE_SIDE, turned upright
 * (EXIF orientation) and without its metadata. Throws with a message for the user when the browser
 * cannot decode it, or the result is still over the server's limit.
 */
export async function resizePhoto(photo: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(PHOTO_UNREADABLE);
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error(PHOTO_UNREADABLE);
    context.drawImage(bitmap, 0, 0, width, height);
    const resized = await canvas.convertToBlob({ type: 'image/jpeg', quality: JOB_PHOTO_DEVICE_QUALITY });
    if (resized.size > JOB_PHOTO_MAX_BYTES) throw new Error(JOB_PHOTO_TOO_LARGE);
    return resized;
  } finally {
    bitmap.close();
  }
}

/** A photo's file name with the `.jpg` it is re-encoded as. */
const jpegName = (name: string, index: number) => `${name.replace(/\.[^.]*$/, '') || `photo-${index + 1}`}.jpg`;

/**
 * The hook the sign-off dialog calls for the photos it queues: each picked file resized, ready to
 * give `sendOrQueue` as the item's uploads (their ids then fill `photo_ids`).
 */
export async function outboxPhotos(
  files: ReadonlyArray<Blob & { name?: string }>,
): Promise<Pick<NewOutboxItem, 'uploads' | 'uploadIdsField'>> {
  const uploads = [];
  for (const [index, file] of files.entries())
    uploads.push({ path: JOB_PHOTOS_PATH, blob: await resizePhoto(file), name: jpegName(file.name ?? '', index) });
  return { uploads, uploadIdsField: 'photo_ids' };
}
