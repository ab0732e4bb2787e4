import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { accountStream } from '@panda/events/catalogue/accounts';
import { checkEvent } from '@panda/events/catalogue';
import { signatureContentHash } from '@panda/events/signature-hash';
import { ownCommand } from './provision';
import type { SeedDeps } from './seed';

/** One of the demo's scenes: what the photo shows, and a colour for it. */
export interface DemoScene {
  caption: string;
  /** Hue (0–359) of the wall behind the appliance. */
  hue: number;
}

/** A real 480 x 360 JPEG of a drawn scene, varied by `index` so no two look alike to the perceptual hash. */
export async function demoPhoto(scene: DemoScene, index: number): Promise<Buffer> {
  const x = 40 + ((index * 97) % 260);
  const y = 30 + ((index * 53) % 90);
  const [x1, x2] = index % 2 ? ['0', '1'] : ['1', '0'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
  <defs><linearGradient id="wall" x1="${x1}" y1="0" x2="${x2}" y2="1">
    <stop offset="0" stop-color="hsl(${scene.hue},35%,85%)"/><stop offset="1" stop-color="hsl(${scene.hue},30%,35%)"/>
  </linearGradient></defs>
  <rect width="480" height="360" fill="url(#wall)"/>
  <rect x="0" y="300" width="480" height="60" fill="#5b4a3a"/>
  <rect x="${x}" y="${y}" width="140" height="190" rx="10" fill="#f4f4f2" stroke="#333" stroke-width="4"/>
  <rect x="${x + 25}" y="${y + 30}" width="90" height="40" fill="#1f2a36"/>
  <circle cx="${x + 70}" cy="${y + 130}" r="${14 + (index % 3) * 6}" fill="#c0392b"/>
  <path d="M${x + 30} ${y + 190} V300 M${x + 70} ${y + 190} V300 M${x + 110} ${y + 190} V300" stroke="#b87333" stroke-width="10"/>
  <text x="16" y="344" font-family="sans-serif" font-size="20" fill="#fff">${scene.caption}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Uploads a photo as the web app does (POST /api/job-photos, the raw image as the body) and answers its id. */
export async function uploadPhoto(baseUrl: string, token: string, jpeg: Buffer): Promise<string> {
  const res = await fetch(`${baseUrl}/api/job-photos`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: new Uint8Array(jpeg),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /api/job-photos -> ${res.status} ${text}`);
  return (JSON.parse(text) as { photo_id: string }).photo_id;
}

/** A card signed before evidence was required (docs/rules.md#evidence), appended as the log holds such cards: no command makes one now. */
export async function recordPreEvidenceCard(
  deps: SeedDeps,
  card: {
    studentId: string;
    mentorId: string;
    job: { id: string; Job_Type: string };
    signature: { signature: string; mentorName: string; date: string; time: string; timestamp: string };
    completedAt: string;
  },
): Promise<void> {
  const content = {
    studentId: card.studentId,
    jobType: card.job.Job_Type,
    count: 1,
    completedAt: card.completedAt,
    mentorId: card.mentorId,
    signature: card.signature,
  };
  const data = checkEvent('JobCardSigned', {
    jobId: card.job.id,
    studentId: card.studentId,
    mentorId: card.mentorId,
    signature: card.signature,
    completedAt: card.completedAt,
    completedCount: 1,
    contentHash: signatureContentHash(content),
    signatureId: randomUUID(),
  });
  const meta = ownCommand(deps, card.mentorId, `seed-pre-evidence-${card.job.id}`);
  const appended = await deps.store.append(
    accountStream(card.studentId),
    [{ type: 'JobCardSigned', data }],
    'any',
    meta,
  );
  await deps.waitForProjections(appended.position);
}
