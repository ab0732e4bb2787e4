import { createHash } from 'node:crypto';

/** Photo and chat image limit (spec section 9): 10 MB. */
export const MAX_IMAGE_BYTES = 10_485_760;

export type ImageCheck =
  | {
      ok: true;
      mime: 'image/jpeg' | 'image/png' | 'image/webp';
      bytes: number;
      /** The data URL declaring the real type. */ dataUrl: string;
    }
  | { ok: false; reason: 'not_image' | 'too_large' };

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
 * docs/rules.md#image-checks: an uploaded image (a base64 data URL) is accepted only when its bytes are a JPEG, PNG
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
  return mime
    ? { ok: true, mime, bytes, dataUrl: `data:${mime};base64,${base64}` }
    : { ok: false, reason: 'not_image' };
}

/** Largest accepted side of an image, read from its header before any pixel is decoded. */
export const MAX_IMAGE_SIDE = 8000;

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** An image decoded and encoded again: only its pixels survive (no metadata, no trailing bytes). */
export interface CleanImage {
  bytes: Buffer;
  contentType: ImageMime;
  width: number;
  height: number;
}

export type ImageDecode =
  { ok: true; image: CleanImage } | { ok: false; reason: 'not_image' | 'too_large' | 'too_many_pixels' };

const FORMAT_MIME: Record<string, ImageMime> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * docs/rules.md#image-checks done with a real decoder (sharp / libvips): the bytes must be a JPEG, PNG or WEBP of at
 * most 10 MB; its header may declare at most 8,000 px a side (checked before decoding pixels, and
 * libvips is told the same pixel limit); then it is decoded in full (a truncated or corrupt file is
 * refused) and encoded again in its own format, turned upright by its EXIF orientation and with all
 * metadata dropped, so nothing but the pixels is kept.
 */
export async function decodeImage(input: Uint8Array): Promise<ImageDecode> {
  if (input.length > MAX_IMAGE_BYTES) return { ok: false, reason: 'too_large' };
  // One image of 8,000 x 8,000 px takes about 200 MB decoded: at most two at a time per process.
  while (decoding >= MAX_PARALLEL_DECODES) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  try {
    return await decode(input);
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

const MAX_PARALLEL_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

async function decode(input: Uint8Array): Promise<ImageDecode> {
  // Only the three accepted formats reach the decoder (libvips would also read SVG, GIF, TIFF, ...).
  const sniffed = sniffImage(input);
  if (!sniffed) return { ok: false, reason: 'not_image' };
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  const options = { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'warning', animated: false } as const;
  try {
    // The header alone (no pixel limit here, so that an oversized declaration is named as such).
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    const mime = FORMAT_MIME[meta.format ?? ''];
    if (!mime || mime !== sniffed || !meta.width || !meta.height) return { ok: false, reason: 'not_image' };
    if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) return { ok: false, reason: 'too_many_pixels' };
    const pipeline = sharp(input, options).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : mime === 'image/png'
          ? pipeline.png()
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { bytes: data, contentType: mime, width: info.width, height: info.height } };
  } catch {
    // libvips could not read it: corrupt, truncated, or over the pixel limit.
    return { ok: false, reason: 'not_image' };
  }
}

/** The bytes of a base64 image data URL that checkImageDataUrl accepted. */
export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * A photo recorded inline in an event before the blob store (a data URL): its bytes, their sha256
 * (which the API shows as its hash) and the type the data URL declares.
 */
export function inlineImage(dataUrl: string): { bytes: Buffer; hash: string; contentType: string } {
  const bytes = dataUrlBytes(dataUrl);
  const contentType = /^data:([\w.+-]+\/[\w.+-]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex'), contentType };
}

/** A JPEG no larger than `side` pixels each way, for printing a stored photo small (the portfolio's thumbnails); null when it does not decode. */
export async function thumbnailJpeg(bytes: Uint8Array, side: number): Promise<Buffer | null> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
