import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, checkImageDataUrl, decodeImage } from './images';
import { cameraJpeg, pngDeclaring, tinyPng } from './testing/images';

const dataUrl = (mime: string, bytes: Uint8Array | Buffer) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(60)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(60),
]);

describe('image data URLs', () => {
  it('accepts JPEG, PNG and WEBP by their bytes', () => {
    expect(checkImageDataUrl(dataUrl('image/jpeg', JPEG))).toMatchObject({
      ok: true,
      mime: 'image/jpeg',
      bytes: JPEG.length,
    });
    expect(checkImageDataUrl(dataUrl('image/png', PNG))).toMatchObject({ ok: true, mime: 'image/png' });
    expect(checkImageDataUrl(dataUrl('image/webp', WEBP))).toMatchObject({ ok: true, mime: 'image/webp' });
  });

  it('goes by the bytes, not the declared type, and gives back the real type', () => {
    const r = checkImageDataUrl(dataUrl('image/png', JPEG));
    expect(r).toMatchObject({ ok: true, mime: 'image/jpeg' });
    expect(r.ok && r.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(checkImageDataUrl(dataUrl('image/png', Buffer.from('<svg onload="alert(1)"></svg>')))).toEqual({
      ok: false,
      reason: 'not_image',
    });
    expect(checkImageDataUrl(dataUrl('image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)])))).toEqual({
      ok: false,
      reason: 'not_image',
    });
  });

  it('refuses what is no data URL', () => {
    expect(checkImageDataUrl('https://example.com/card.jpg')).toEqual({ ok: false, reason: 'not_image' });
    expect(checkImageDataUrl('data:image/png;base64,')).toEqual({ ok: false, reason: 'not_image' });
    expect(checkImageDataUrl('data:image/png,not-base64')).toEqual({ ok: false, reason: 'not_image' });
  });

  it('accepts exactly 10 MB and refuses one byte more', () => {
    const at = Buffer.concat([JPEG, Buffer.alloc(MAX_IMAGE_BYTES - JPEG.length)]);
    expect(checkImageDataUrl(dataUrl('image/jpeg', at))).toMatchObject({ ok: true, bytes: MAX_IMAGE_BYTES });
    const over = Buffer.concat([at, Buffer.alloc(1)]);
    expect(checkImageDataUrl(dataUrl('image/jpeg', over))).toEqual({ ok: false, reason: 'too_large' });
  });
});

describe('decodeImage: decoded and encoded again with sharp', () => {
  it('accepts a real photo, keeps its size and type, and drops its camera metadata', async () => {
    const photo = await cameraJpeg(1200, 800);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await decodeImage(photo);
    if (!r.ok) throw new Error(r.reason);
    expect(r.image).toMatchObject({ contentType: 'image/jpeg', width: 1200, height: 800 });
    const again = await sharp(r.image.bytes).metadata();
    expect(again).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(again.exif).toBeUndefined();
    expect(r.image.bytes.includes('PandaCam')).toBe(false);
  });

  it('refuses a PNG declaring 60000 x 60000 pixels from its header, before decoding pixels', async () => {
    expect(await decodeImage(pngDeclaring(60_000, 60_000))).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await decodeImage(pngDeclaring(MAX_IMAGE_SIDE + 1, 10))).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('refuses truncated and garbage files that only look like images by their first bytes', async () => {
    const photo = await cameraJpeg(400, 300);
    expect(await decodeImage(photo.subarray(0, photo.length >> 1))).toEqual({ ok: false, reason: 'not_image' });
    const png = await tinyPng();
    expect(await decodeImage(png.subarray(0, png.length - 20))).toEqual({ ok: false, reason: 'not_image' });
    expect(await decodeImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]))).toEqual({
      ok: false,
      reason: 'not_image',
    });
    expect(await decodeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toEqual({
      ok: false,
      reason: 'not_image',
    });
  });

  it('keeps the pixels of a polyglot and none of the bytes appended to it', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const r = await decodeImage(Buffer.concat([await tinyPng(16, 12), Buffer.from(script)]));
    if (!r.ok) throw new Error(r.reason);
    expect(r.image).toMatchObject({ contentType: 'image/png', width: 16, height: 12 });
    expect(r.image.bytes.includes(script)).toBe(false);
    expect(r.image.bytes.includes('<script')).toBe(false);
  });

  it('decodes many uploads arriving at once (two at a time), each to its own result', async () => {
    const sizes = [8, 9, 10, 11, 12, 13];
    const results = await Promise.all(sizes.map(async (w) => decodeImage(await tinyPng(w, 5))));
    expect(results.map((r) => (r.ok ? r.image.width : r.reason))).toEqual(sizes);
  });

  it('refuses more than 10 MB without decoding', async () => {
    expect(await decodeImage(Buffer.alloc(MAX_IMAGE_BYTES + 1))).toEqual({ ok: false, reason: 'too_large' });
  });
});
