/** Photo and chat image limit (spec section 9): 10 MB. */
export const MAX_IMAGE_BYTES = 10_485_760;

export type ImageCheck =
  | { ok: true; mime: 'image/jpeg' | 'image/png' | 'image/webp'; bytes: number; /** The data URL declaring the real type. */ dataUrl: string } | { ok: false; reason: 'not_image' | 'too_large' };

/** The real type of an image by its first bytes (magic numbers), whatever its name or declared type says. */
export function sniffImage(b: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[\w.-]+)*);base64,([A-Za-z0-9+/\s]*={0,2})$/;

/**
 * Ruling 18: an uploaded image (a base64 data URL) is accepted only when its bytes are a JPEG, PNG
 * or WEBP of at most 10 MB decoded. The accepted image is given back declaring its real type.
 */
export function checkImageDataUrl(dataUrl: string): ImageCheck {
  const m = DATA_URL.exec(dataUrl);
  if (!m) return { ok: false, reason: 'not_image' };
  const base64 = m[3].replace(/\s+/g, '');
  // Decoded size from the base64 length, before decoding anything large.
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes > MAX_IMAGE_BYTES) return { ok: false, reason: 'too_large' };
  if (base64.length % 4 === 1) return { ok: false, reason: 'not_image' };
  const mime = sniffImage(Buffer.from(base64.slice(0, 64), 'base64'));
  return mime ? { ok: true, mime, bytes, dataUrl: `data:${mime};base64,${base64}` } : { ok: false, reason: 'not_image' };
}
