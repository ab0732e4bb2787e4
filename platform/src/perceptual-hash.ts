/**
 * dHash, a perceptual hash (docs/rules.md#evidence): the image in greys at 9 x 8 pixels, and one bit
 * per pixel pair saying whether the left one is brighter than its right neighbour: 64 bits, as 16
 * hex digits. The same photo re-encoded, resized or lightly edited keeps nearly the same bits, so a
 * small Hamming distance between two hashes says "probably the same picture".
 */
export async function dHash(image: Uint8Array): Promise<string> {
  const { default: sharp } = await import('sharp');
  const pixels = await sharp(image).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two dHashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; diff; diff &= diff - 1n) n++;
  return n;
}

/** Two photos at most this many bits apart are flagged 'Possible duplicate photo'. */
export const DUPLICATE_DISTANCE = 5;

/**
 * The hash cut into DUPLICATE_DISTANCE + 1 bands (`<band>:<bits>`): two hashes within
 * DUPLICATE_DISTANCE bits agree on at least one whole band, so a lookup by band finds every
 * candidate without comparing against every photo.
 */
export function hashBands(hash: string): string[] {
  const bits = BigInt(`0x${hash}`).toString(2).padStart(64, '0');
  const bands = DUPLICATE_DISTANCE + 1;
  return Array.from({ length: bands }, (_, i) => {
    const from = Math.floor((i * 64) / bands);
    const to = Math.floor(((i + 1) * 64) / bands);
    return `${i}:${bits.slice(from, to)}`;
  });
}
