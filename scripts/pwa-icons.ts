/**
 * Writes the installed app's icons (frontend/public/icons/) from the favicon's artwork
 * (docs/rules.md#installable-app): 192 and 512 px icons, a 512 px maskable icon whose flame keeps
 * within the safe zone on the brand blue, and a 180 px Apple touch icon. Run after changing the
 * artwork: `npx tsx scripts/pwa-icons.ts`; the PNGs are committed.
 */
import sharp from 'sharp';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../frontend/public/', import.meta.url));
const svg = await readFile(`${publicDir}favicon.svg`);
await mkdir(`${publicDir}icons`, { recursive: true });

const render = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);

for (const size of [192, 512]) await render(size).png().toFile(`${publicDir}icons/icon-${size}.png`);
await render(180).flatten({ background: '#1e40af' }).png().toFile(`${publicDir}icons/apple-touch-icon.png`);

// Maskable: the artwork at 70 % on a full square of the brand blue (the safe zone is the inner 80 %).
const inner = await render(360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1e40af' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(`${publicDir}icons/maskable-512.png`);
