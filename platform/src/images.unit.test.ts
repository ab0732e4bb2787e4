import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, checkImageDataUrl } from './images';

const dataUrl = (mime: string, bytes: Uint8Array | Buffer) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(60)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(60)]);

describe('image data URLs (ruling 18)', () => {
  it('accepts JPEG, PNG and WEBP by their bytes', () => {
    expect(checkImageDataUrl(dataUrl('image/jpeg', JPEG))).toMatchObject({ ok: true, mime: 'image/jpeg', bytes: JPEG.length });
    expect(checkImageDataUrl(dataUrl('image/png', PNG))).toMatchObject({ ok: true, mime: 'image/png' });
    expect(checkImageDataUrl(dataUrl('image/webp', WEBP))).toMatchObject({ ok: true, mime: 'image/webp' });
  });

  it('goes by the bytes, not the declared type, and gives back the real type', () => {
    const r = checkImageDataUrl(dataUrl('image/png', JPEG));
    expect(r).toMatchObject({ ok: true, mime: 'image/jpeg' });
    expect(r.ok && r.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(checkImageDataUrl(dataUrl('image/png', Buffer.from('<svg onload="alert(1)"></svg>')))).toEqual({ ok: false, reason: 'not_image' });
    expect(checkImageDataUrl(dataUrl('image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)])))).toEqual({ ok: false, reason: 'not_image' });
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
