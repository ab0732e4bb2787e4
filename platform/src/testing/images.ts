/** Test images made on the spot (sharp), and hand-made headers for the hostile cases. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG (noisy gradient) carrying camera EXIF, as a phone would send it. */
export async function cameraJpeg(width = 1200, height = 800): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .composite([
      {
        input: {
          create: {
            width: Math.floor(width / 2),
            height,
            channels: 4,
            background: { r: 30, g: 90, b: 200, alpha: 0.5 },
          },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PandaCam', Model: 'Secret Model X', Copyright: 'GPS 51.5N 0.12W' } })
    .toBuffer();
}

/** A small valid PNG. */
export const tinyPng = (width = 16, height = 12) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A well-formed PNG whose header declares width x height, with a few bytes of pixel data (a "pixel bomb"). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
