import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DUPLICATE_DISTANCE, dHash, hammingDistance, hashBands } from './perceptual-hash';

/** A 120 x 90 picture: a horizontal gradient with a dark block where `block` says. */
async function picture(block: { left: number; top: number }, format: 'png' | 'jpeg' = 'png', width = 120) {
  const w = 120;
  const h = 90;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const inBlock = x >= block.left && x < block.left + 40 && y >= block.top && y < block.top + 30;
      const v = inBlock ? 20 : Math.round(60 + (x / w) * 180 + (y / h) * 10);
      raw.fill(v, (y * w + x) * 3, (y * w + x) * 3 + 3);
    }
  const img = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(width);
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 60 }).toBuffer();
}

describe('dHash', () => {
  it('gives 16 hex digits, the same for the same picture re-encoded or resized', async () => {
    const original = await dHash(await picture({ left: 10, top: 10 }));
    expect(original).toMatch(/^[0-9a-f]{16}$/);
    const jpeg = await dHash(await picture({ left: 10, top: 10 }, 'jpeg', 300));
    expect(hammingDistance(original, jpeg)).toBeLessThanOrEqual(DUPLICATE_DISTANCE);
  });

  it('tells another picture apart', async () => {
    const a = await dHash(await picture({ left: 10, top: 10 }));
    const b = await dHash(await picture({ left: 70, top: 50 }));
    expect(hammingDistance(a, b)).toBeGreaterThan(DUPLICATE_DISTANCE);
  });

  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', '8000000000000001')).toBe(2);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });

  it('cuts a hash into bands so that hashes within the distance share one', () => {
    const a = 'f0f0f0f0f0f0f0f0';
    expect(hashBands(a)).toHaveLength(DUPLICATE_DISTANCE + 1);
    // Flip one bit in each of DUPLICATE_DISTANCE bands: one band is left whole.
    let b = BigInt(`0x${a}`);
    for (let i = 0; i < DUPLICATE_DISTANCE; i++)
      b ^= 1n << BigInt(63 - Math.floor((i * 64) / (DUPLICATE_DISTANCE + 1)));
    const flipped = b.toString(16).padStart(16, '0');
    expect(hammingDistance(a, flipped)).toBe(DUPLICATE_DISTANCE);
    const shared = hashBands(a).filter((band) => hashBands(flipped).includes(band));
    expect(shared).toHaveLength(1);
  });
});
