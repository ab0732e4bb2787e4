import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@panda/events/catalogue/accounts';
import { MAX_APPEND_BYTES } from '@panda/events/event-store';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { checkAnswer } from '@panda/server/testing/contract-check';
import { cameraJpeg, pngDeclaring, tinyPng } from '@panda/platform/testing/images';
import { fullProfile, type Login } from '../admin/test-fixtures';
import { get, place, readyMentor, registeredStudent, vettedCentre, type StudentLogin } from '../training/test-fixtures';

/** docs/rules.md#image-checks and docs/rules.md#small-events: the Gas Safe card photo is decoded, encoded again and kept in the blob store. */

let app: TestApp;
let dave: Login;
let other: Login;
let north: Login;
let amy: StudentLogin;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const dataUrl = (bytes: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${bytes.toString('base64')}`;
const form = (over: Record<string, unknown> = {}) => ({ ...fullProfile(), Terms_Agreed: true, ...over });
const saves = async (mentorId: string) =>
  (await app.platform.store.readStream(accountStream(mentorId))).filter((e) => e.type === 'MentorProfileSaved');
const savePhoto = (who: Login, photo: unknown) =>
  app.call('PUT', '/api/mentor/profile', form({ Gas_Safe_Card_Photo: photo }), who.token);

/** GET of the photo as raw bytes. */
async function photoOf(mentorId: string, token?: string, headers: Record<string, string> = {}) {
  const path = `/api/mentors/${mentorId}/gas-safe-photo`;
  const res = await fetch(`${app.url}${path}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  // The route's contract checks the answer, as the harness does for JSON calls.
  checkAnswer('GET', path, res.status, type, type?.includes('json') ? JSON.parse(bytes.toString()) : null);
  return { status: res.status, headers: res.headers, bytes };
}

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  north = await vettedCentre(app, 'North Gas Training');
  dave = await readyMentor(app, {}, { First_Name: 'Dave' });
  other = await readyMentor(app, {}, { First_Name: 'Olga' });
  amy = await registeredStudent(app, north);
  await place(app, amy, dave);
}, 60_000);
afterAll(async () => {
  await app.stop();
});

describe('the mentor profile photo in the blob store', () => {
  it('records the hash and metadata in the event, never the bytes, and serves the re-encoded image', async () => {
    const upload = await cameraJpeg(1200, 800);
    const r = await savePhoto(dave, dataUrl(upload));
    expect(r.status).toBe(200);
    const event = (await saves(dave.user.id)).at(-1)!;
    const ref = (event.data as { profile: { Gas_Safe_Card_Photo: Record<string, unknown> } }).profile
      .Gas_Safe_Card_Photo;
    expect(Object.keys(ref).sort()).toEqual(['content_type', 'hash', 'height', 'size', 'width']);
    expect(ref).toMatchObject({ content_type: 'image/jpeg', width: 1200, height: 800 });
    expect(JSON.stringify(event.data).length).toBeLessThan(2000);
    expect(JSON.stringify(event.data)).not.toContain('base64');
    // The blob was stored before the event referred to it.
    expect(await app.platform.commandDeps.blobs.has(ref.hash as string)).toBe(true);
    expect(r.body.profile.Gas_Safe_Card_Photo).toEqual({
      ...ref,
      url: `/api/mentors/${dave.user.id}/gas-safe-photo?v=${ref.hash}`,
    });
    expect((await get(app, '/api/profile', dave.token)).body.Gas_Safe_Card_Photo).toEqual(
      r.body.profile.Gas_Safe_Card_Photo,
    );

    const served = await photoOf(dave.user.id, dave.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(served.bytes)).toBe(ref.hash);
    expect(served.bytes.length).toBe(ref.size);
    expect(Buffer.compare(served.bytes, upload)).not.toBe(0);
    expect(served.bytes.includes('PandaCam')).toBe(false);
    const meta = await sharp(served.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(meta.exif).toBeUndefined();
    // Unchanged since: 304 on its ETag.
    expect((await photoOf(dave.user.id, dave.token, { 'If-None-Match': served.headers.get('etag')! })).status).toBe(
      304,
    );
  });

  it('takes a photo larger than the 1 MiB append limit: only its reference goes into the log', async () => {
    const big = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 70 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX_APPEND_BYTES);
    const r = await savePhoto(dave, dataUrl(big));
    expect(r.status).toBe(200);
    expect(r.body.profile.Gas_Safe_Card_Photo.size).toBeGreaterThan(MAX_APPEND_BYTES);
    expect(JSON.stringify((await saves(dave.user.id)).at(-1)!.data).length).toBeLessThan(2000);
    expect((await photoOf(dave.user.id, dave.token)).bytes.length).toBe(r.body.profile.Gas_Safe_Card_Photo.size);
  }, 60_000);

  it('keeps a polyglot image without the bytes appended to it', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const r = await savePhoto(dave, dataUrl(Buffer.concat([await tinyPng(24, 16), Buffer.from(script)]), 'image/png'));
    expect(r.status).toBe(200);
    expect(r.body.profile.Gas_Safe_Card_Photo).toMatchObject({ content_type: 'image/png', width: 24, height: 16 });
    const served = await photoOf(dave.user.id, dave.token);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.bytes.includes('<script')).toBe(false);
  });

  it('refuses a PNG declaring 60000 x 60000 pixels, and truncated or garbage files; nothing is recorded', async () => {
    const before = (await saves(dave.user.id)).length;
    const bomb = await savePhoto(dave, dataUrl(pngDeclaring(60_000, 60_000), 'image/png'));
    expect(bomb.status).toBe(400);
    expect(bomb.body.detail).toEqual([
      { field: 'Gas_Safe_Card_Photo', message: 'Image must be at most 8000 x 8000 pixels' },
    ]);
    const photo = await cameraJpeg(400, 300);
    for (const bad of [
      photo.subarray(0, photo.length >> 1),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
    ]) {
      const r = await savePhoto(dave, dataUrl(bad));
      expect(r.status).toBe(400);
      expect(r.body.detail).toEqual([{ field: 'Gas_Safe_Card_Photo', message: 'Please select a valid image file' }]);
    }
    expect((await saves(dave.user.id)).length).toBe(before);
  });

  it('keeps the photo on file when the form sends it back (its hash or its object), and refuses any other hash', async () => {
    const r = await savePhoto(dave, dataUrl(await cameraJpeg(320, 240)));
    const onFile = r.body.profile.Gas_Safe_Card_Photo;
    const count = (await saves(dave.user.id)).length;
    for (const keep of [onFile.hash, onFile]) {
      const again = await savePhoto(dave, keep);
      expect(again.status).toBe(200);
      expect(again.body.profile.Gas_Safe_Card_Photo).toEqual(onFile);
    }
    // Nothing changed: nothing new recorded.
    expect((await saves(dave.user.id)).length).toBe(count);
    // Another mentor cannot claim Dave's photo by its hash.
    const stolen = await savePhoto(other, onFile.hash);
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail).toEqual([{ field: 'Gas_Safe_Card_Photo', message: 'Please select a valid image file' }]);
    // A Profile Settings change saves the profile again with the same reference.
    const settings = await app.call(
      'PUT',
      '/api/profile',
      {
        First_Name: 'Dave',
        Last_Name: 'Mentor',
        Email: dave.user.Email,
        Business_Name: 'Dave Heating',
        Gas_Safe_Registration_Number: '123456',
        Business_Type: 'Sole Trader',
        Business_Postcode: 'M4 1AA',
      },
      dave.token,
    );
    expect(settings.status).toBe(200);
    const last = (await saves(dave.user.id)).at(-1)!.data as {
      profile: { Business_Name: string; Gas_Safe_Card_Photo: unknown };
    };
    expect(last.profile).toMatchObject({ Business_Name: 'Dave Heating', Gas_Safe_Card_Photo: { hash: onFile.hash } });
    // Removing it records null.
    expect((await savePhoto(dave, null)).body.profile.Gas_Safe_Card_Photo).toBeNull();
    expect((await photoOf(dave.user.id, dave.token)).status).toBe(404);
  });

  it('serves the photo to its mentor and admins only: another mentor 404, students and centres 403, no token 401', async () => {
    const r = await savePhoto(other, dataUrl(await tinyPng(30, 20), 'image/png'));
    expect(r.status).toBe(200);
    expect((await photoOf(other.user.id, other.token)).status).toBe(200);
    expect((await photoOf(other.user.id, await app.adminToken())).status).toBe(200);
    expect((await photoOf(other.user.id, dave.token)).status).toBe(404);
    expect((await photoOf(dave.user.id, amy.token)).status).toBe(403);
    expect((await photoOf(dave.user.id, north.token)).status).toBe(403);
    expect((await photoOf(other.user.id)).status).toBe(401);
    expect((await photoOf(randomUUID(), await app.adminToken())).status).toBe(404);
  });
});

describe('photos recorded inline before the blob store', () => {
  it('still replay and show, and move to the blob store when the profile is saved again', async () => {
    const mentor = await readyMentor(app, {}, { First_Name: 'Ivy' });
    const png = await tinyPng(40, 30);
    const inline = `data:image/png;base64,${png.toString('base64')}`;
    // An event as recorded before this change (appended directly: the catalogue refuses the old shape now).
    const old = {
      accountId: mentor.user.id,
      profile: fullProfile({ Gas_Safe_Card_Photo: inline }),
      termsAgreedAt: '2026-01-01T09:00:00.000Z',
    };
    const r = await app.platform.store.append(
      accountStream(mentor.user.id),
      [{ type: 'MentorProfileSaved', data: old }],
      'any',
      { time: new Date().toISOString(), actorId: mentor.user.id, correlationId: randomUUID(), commandId: randomUUID() },
    );
    await app.platform.commandDeps.waitForProjections(r.position);

    const shown = (await get(app, '/api/profile', mentor.token)).body.Gas_Safe_Card_Photo;
    expect(shown).toEqual({
      hash: sha256(png),
      content_type: 'image/png',
      size: png.length,
      width: null,
      height: null,
      url: `/api/mentors/${mentor.user.id}/gas-safe-photo?v=${sha256(png)}`,
    });
    const served = await photoOf(mentor.user.id, mentor.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(served.headers.get('etag')).toBe(`"${sha256(png)}"`);
    expect((await photoOf(mentor.user.id, mentor.token, { 'If-None-Match': `"${sha256(png)}"` })).status).toBe(304);

    // A Profile Settings business change moves the photo to the blob store; no new event holds the bytes.
    const settings = await app.call(
      'PUT',
      '/api/profile',
      {
        First_Name: 'Ivy',
        Last_Name: 'Mentor',
        Email: mentor.user.Email,
        Business_Name: 'Ivy Gas',
        Gas_Safe_Registration_Number: '123456',
        Business_Type: 'Sole Trader',
        Business_Postcode: 'M4 1AA',
      },
      mentor.token,
    );
    expect(settings.status).toBe(200);
    const later = (await saves(mentor.user.id)).filter((e) => e.position > r.position);
    expect(later.length).toBeGreaterThan(0);
    for (const e of later) expect(JSON.stringify(e.data)).not.toContain('base64');
    const moved = (later.at(-1)!.data as { profile: { Business_Name: string; Gas_Safe_Card_Photo: { hash: string } } })
      .profile;
    expect(moved).toMatchObject({
      Business_Name: 'Ivy Gas',
      Gas_Safe_Card_Photo: { content_type: 'image/png', width: 40, height: 30 },
    });
    expect(await app.platform.commandDeps.blobs.has(moved.Gas_Safe_Card_Photo.hash)).toBe(true);
    expect((await get(app, '/api/profile', mentor.token)).body.Gas_Safe_Card_Photo.hash).toBe(
      moved.Gas_Safe_Card_Photo.hash,
    );
  });

  it('the profile form keeps an inline photo by its hash, storing it in the blob store', async () => {
    const mentor = await readyMentor(app, {}, { First_Name: 'Jon' });
    const jpeg = await cameraJpeg(200, 100);
    const old = {
      accountId: mentor.user.id,
      profile: fullProfile({ Gas_Safe_Card_Photo: `data:image/jpeg;base64,${jpeg.toString('base64')}` }),
      termsAgreedAt: '2026-01-01T09:00:00.000Z',
    };
    const r = await app.platform.store.append(
      accountStream(mentor.user.id),
      [{ type: 'MentorProfileSaved', data: old }],
      'any',
      { time: new Date().toISOString(), actorId: mentor.user.id, correlationId: randomUUID(), commandId: randomUUID() },
    );
    await app.platform.commandDeps.waitForProjections(r.position);
    const saved = await savePhoto(mentor, sha256(jpeg));
    expect(saved.status).toBe(200);
    expect(saved.body.profile.Gas_Safe_Card_Photo).toMatchObject({
      content_type: 'image/jpeg',
      width: 200,
      height: 100,
    });
    expect(saved.body.profile.Gas_Safe_Card_Photo.hash).not.toBe(sha256(jpeg));
    const served = await photoOf(mentor.user.id, mentor.token);
    expect(sha256(served.bytes)).toBe(saved.body.profile.Gas_Safe_Card_Photo.hash);
  });
});
