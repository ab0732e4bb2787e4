import type { PhotoView } from '@panda/contracts/accounts';
import { inlineImage } from './images';

/** A stored image's reference (the blob store's `put` answer, as events record it). */
interface StoredImage {
  hash: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
}

const gasSafePhotoPath = (mentorId: string) => `/api/mentors/${encodeURIComponent(mentorId)}/gas-safe-photo`;

/**
 * A mentor profile's card photo for the API (command answers and queries alike): a blob reference,
 * or a photo recorded inline before the blob store (its hash is that of its bytes; the photo route
 * encodes it again before serving it), and where to fetch it (with the caller's token).
 */
export function photoView(mentorId: string, photo: StoredImage | string | null | undefined): PhotoView | null {
  if (photo == null) return null;
  const ref = typeof photo === 'string' ? inlineRef(photo) : photo;
  return {
    hash: ref.hash,
    content_type: ref.content_type,
    size: ref.size,
    width: ref.width,
    height: ref.height,
    url: `${gasSafePhotoPath(mentorId)}?v=${ref.hash}`,
  };
}

const inlineRef = (dataUrl: string): StoredImage => {
  const { bytes, hash, contentType } = inlineImage(dataUrl);
  return { hash, content_type: contentType, size: bytes.length, width: null, height: null };
};
