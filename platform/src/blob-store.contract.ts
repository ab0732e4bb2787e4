import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';
import { tinyPng } from './testing/images';

/** A PNG of noise (it hardly compresses) of at least `bytes` bytes. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The one suite every BlobStore implementation must pass. `make` returns a fresh, empty store. */
export function blobStoreContract(name: string, make: () => Promise<BlobStore>, skipReason?: string) {
  if (skipReason) console.warn(`SKIPPED ${name} blob store contract suite: ${skipReason}`);
  describe.skipIf(Boolean(skipReason))(
    `BlobStore contract: ${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    () => {
      let store: BlobStore;
      let png: Buffer;
      beforeAll(async () => {
        png = await tinyPng(20, 10);
      });
      beforeEach(async () => {
        store = await make();
      });
      afterEach(async () => {
        await store.close();
      });

      it('stores bytes under their sha256 and gives them back with their metadata', async () => {
        const info = await store.put(png, 'image/png');
        expect(info).toEqual({ hash: sha256(png), size: png.length, content_type: 'image/png', width: 20, height: 10 });
        expect(await store.has(info.hash)).toBe(true);
        const got = await store.get(info.hash);
        expect(got).toMatchObject(info);
        expect(Buffer.compare(got!.bytes, png)).toBe(0);
      });

      it('keeps content that is not an image without a pixel size', async () => {
        const bytes = Buffer.from('plain bytes, not a picture');
        const info = await store.put(bytes, 'application/octet-stream');
        expect(info).toMatchObject({ size: bytes.length, width: null, height: null });
        expect((await store.get(info.hash))?.bytes.toString()).toBe('plain bytes, not a picture');
      });

      it('refuses bytes declared as an image that have no image header', async () => {
        await expect(store.put(Buffer.from('not an image'), 'image/png')).rejects.toThrow();
        expect(await store.has(sha256(Buffer.from('not an image')))).toBe(false);
      });

      it('answers null / false for a hash it does not hold, and for anything that is not a hash', async () => {
        expect(await store.get(sha256(Buffer.from('never stored')))).toBeNull();
        expect(await store.has(sha256(Buffer.from('never stored')))).toBe(false);
        for (const bad of ['', '../../etc/passwd', 'A'.repeat(64), `${sha256(png)}/..`, '{"$gt":""}']) {
          expect(await store.get(bad)).toBeNull();
          expect(await store.has(bad)).toBe(false);
        }
      });

      it('is idempotent: the same bytes again (also at the same time) give the same reference', async () => {
        const first = await store.put(png, 'image/png');
        const again = await Promise.all([
          store.put(png, 'image/png'),
          store.put(png, 'image/png'),
          store.put(png, 'image/png'),
        ]);
        for (const r of again) expect(r).toEqual(first);
        expect(Buffer.compare((await store.get(first.hash))!.bytes, png)).toBe(0);
      });

      it('deletes a blob, and deleting one it does not hold (or not a hash) changes nothing', async () => {
        const kept = await store.put(Buffer.from('kept bytes'), 'application/octet-stream');
        const gone = await store.put(png, 'image/png');
        await store.delete(gone.hash);
        expect(await store.has(gone.hash)).toBe(false);
        expect(await store.get(gone.hash)).toBeNull();
        await store.delete(gone.hash);
        await store.delete('../../etc/passwd');
        expect((await store.get(kept.hash))?.bytes.toString()).toBe('kept bytes');
        // Stored again after deletion, the bytes are back.
        expect(await store.put(png, 'image/png')).toEqual(gone);
        expect(await store.has(gone.hash)).toBe(true);
      });

      it('stores and reads a 5 MB image', { timeout: 60_000 }, async () => {
        const big = await noisePng(5 * 1024 * 1024);
        expect(big.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
        const info = await store.put(big, 'image/png');
        expect(info).toMatchObject({ size: big.length, content_type: 'image/png', hash: sha256(big) });
        const got = await store.get(info.hash);
        expect(got?.size).toBe(big.length);
        expect(Buffer.compare(got!.bytes, big)).toBe(0);
      });
    },
  );
}
