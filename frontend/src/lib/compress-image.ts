/**
 * Client-side image compression (spec section 9): the image is scaled to fit within
 * maxWidth x maxHeight on a canvas and re-encoded as JPEG, starting at quality 0.8 and lowering
 * it by 0.1 while the result is over `maxBytes` (never at or below 0.1).
 *
 * Errors are thrown as ImageCompressionError with kind 'read' (the file could not be read) or
 * 'process' (it could not be decoded or encoded), so callers can show the spec's texts.
 */

export const MAX_IMAGE_BYTES = 10_485_760;

export interface CompressOptions {
  maxWidth: number;
  maxHeight?: number;
  maxBytes?: number;
  quality?: number;
}

export interface CompressedImage {
  dataUrl: string;
  /** Decoded size of the JPEG in bytes. */
  bytes: number;
  width: number;
  height: number;
  originalBytes: number;
  quality: number;
}

export class ImageCompressionError extends Error {
  constructor(
    readonly kind: 'read' | 'process',
    message: string,
  ) {
    super(message);
    this.name = 'ImageCompressionError';
  }
}

export function isImageFile(file: File): boolean {
  return typeof file.type === 'string' && file.type.startsWith('image/');
}

/** Decoded byte size of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const base64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new ImageCompressionError('read', 'Error reading image file'));
    };
    reader.onerror = () => reject(new ImageCompressionError('read', 'Error reading image file'));
    reader.onabort = () => reject(new ImageCompressionError('read', 'Error reading image file'));
    try {
      reader.readAsDataURL(file);
    } catch {
      reject(new ImageCompressionError('read', 'Error reading image file'));
    }
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new ImageCompressionError('process', 'Error processing image'));
    img.src = src;
  });
}

export async function compressImage(file: File, options: CompressOptions): Promise<CompressedImage> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const source = await readAsDataUrl(file);
  try {
    const img = await loadImage(source);
    const naturalWidth = img.naturalWidth || img.width;
    const naturalHeight = img.naturalHeight || img.height;
    if (!naturalWidth || !naturalHeight) throw new Error('empty image');
    const maxHeight = options.maxHeight ?? Number.POSITIVE_INFINITY;
    const scale = Math.min(1, options.maxWidth / naturalWidth, maxHeight / naturalHeight);
    const width = Math.max(1, Math.round(naturalWidth * scale));
    const height = Math.max(1, Math.round(naturalHeight * scale));

    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    // JPEG has no transparency: paint a white background first.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, 0, 0, width, height);

    let quality = options.quality ?? 0.8;
    let dataUrl = canvas.toDataURL('image/jpeg', quality);
    // Lower the quality by 0.1 while too large, staying above 0.1.
    while (dataUrlBytes(dataUrl) > maxBytes && quality - 0.1 > 0.1 + 1e-9) {
      quality = Math.round((quality - 0.1) * 10) / 10;
      dataUrl = canvas.toDataURL('image/jpeg', quality);
    }
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('encoding failed');
    return { dataUrl, bytes: dataUrlBytes(dataUrl), width, height, originalBytes: file.size, quality };
  } catch (err) {
    if (err instanceof ImageCompressionError) throw err;
    throw new ImageCompressionError('process', 'Error processing image');
  }
}
