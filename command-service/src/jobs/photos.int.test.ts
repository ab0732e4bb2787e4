import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { accountStream } from '@panda/events/catalogue/accounts';
import { jobPhotoStream } from '@panda/events/catalogue/photos';
import { jobPhotos } from '@panda/projections/read-models/job-photos';
import type { Login } from '../admin/test-fixtures';
import {
  EVIDENCE,
  get,
  jobOfType,
  photoId,
  place,
  readyMentor,
  registeredStudent,
  signature,
  testPhoto,
  uploadPhoto,
  vettedCentre,
  type StudentLogin,
} from '../training/test-fixtures';

/** Job-card photos over HTTP (docs/rules.md#evidence): upload, the rules a sign-off applies to them, who may see them, the duplicate flag. */

let app: TestApp;
let centre: Login;
let otherCentre: Login;
let dave: Login;
let erin: Login;
let amy: StudentLogin;
let ben: StudentLogin;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  centre = await vettedCentre(app, 'North');
  otherCentre = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  erin = await readyMentor(app, { First_Name: 'Erin', Last_Name: 'Moss' });
  amy = await registeredStudent(app, centre, { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  ben = await registeredStudent(app, otherCentre, { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, amy, dave);
  await place(app, ben, dave);
});
afterAll(async () => {
  await app?.stop();
});

/** An auditor's session (provisioned by an admin, temporary password replaced). */
async function auditorToken(): Promise<string> {
  const email = `auditor-${Date.now()}@example.test`;
  const admin = await app.adminToken();
  const made = await app.call('POST', '/api/admin/auditors', { email, first_name: 'Ada', last_name: 'Auditor' }, admin);
  const signin = await app.call('POST', '/api/admin/auth/signin', { email, password: made.body.temporary_password });
  const own = 'auditor-own-password-1';
  const changed = await app.call(
    'PUT',
    '/api/change-password',
    { currentPassword: made.body.temporary_password, newPassword: own, confirmPassword: own },
    signin.body.token,
  );
  return changed.body.token;
}
const fetchPhoto = (id: string, token?: string) =>
  fetch(`${app.url}/api/job-photos/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const sign = async (student: StudentLogin, n: number, photoIds: string[]) => {
  const job = await jobOfType(app, dave.token, 'Boiler Installs', student.user.id);
  return app.call('PUT', `/api/jobs/${job.id}/complete`, signature(n, { photo_ids: photoIds }), dave.token);
};
const photoDoc = async (id: string) => {
  await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
  return app.platform.queryDeps.readStore.get(jobPhotos, id);
};

describe('POST /api/job-photos', () => {
  it('stores the image decoded and encoded again, answering its id and the SHA-256 of what is stored', async () => {
    const r = await uploadPhoto(app, dave.token, await testPhoto(1));
    expect(r.status).toBe(201);
    expect(r.body.photo_id).toMatch(/^ph-[0-9a-f]{24}$/);
    const served = await fetchPhoto(r.body.photo_id, dave.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(r.body.sha256);
    const [event] = await app.platform.store.readStream(jobPhotoStream(r.body.photo_id));
    expect(event.data).toMatchObject({
      photoId: r.body.photo_id,
      mentorId: dave.user.id,
      sha256: r.body.sha256,
      dhash: expect.stringMatching(/^[0-9a-f]{16}$/),
      contentType: 'image/png',
      width: 64,
      height: 48,
    });
  });

  it('honours Idempotency-Key: a retry names the same photo and records nothing new', async () => {
    const bytes = await testPhoto(2);
    const key = { 'Idempotency-Key': 'photo-retry-0001' };
    const first = await uploadPhoto(app, dave.token, bytes, 'image/png', key);
    const head = await app.platform.store.headPosition();
    const again = await uploadPhoto(app, dave.token, bytes, 'image/png', key);
    expect(again.status).toBe(201);
    expect(again.body.photo_id).toBe(first.body.photo_id);
    expect(await app.platform.store.headPosition()).toBe(head);
    // Without a key, the same bytes are another upload.
    expect((await uploadPhoto(app, dave.token, bytes)).body.photo_id).not.toBe(first.body.photo_id);
  });

  it('refuses what is not a JPEG, PNG or WEBP image, and what is over 10 MB, recording nothing', async () => {
    const head = await app.platform.store.headPosition();
    const notImage = { field: 'photo', message: 'Please choose a JPEG, PNG or WEBP photo' };
    const text = await uploadPhoto(app, dave.token, Buffer.from('hello'), 'text/plain');
    expect([text.status, text.body.detail]).toEqual([400, [notImage]]);
    const fake = await uploadPhoto(app, dave.token, Buffer.from('not really a png at all'), 'image/png');
    expect([fake.status, fake.body.detail]).toEqual([400, [notImage]]);
    const gif = await uploadPhoto(app, dave.token, Buffer.from('GIF89a...'), 'image/gif');
    expect(gif.status).toBe(400);
    const big = await uploadPhoto(app, dave.token, Buffer.alloc(10_485_761, 1), 'image/jpeg');
    expect([big.status, big.body.detail]).toEqual([
      413,
      [{ field: 'photo', message: 'Each photo must be smaller than 10MB' }],
    ]);
    expect(await app.platform.store.headPosition()).toBe(head);
  });

  it('is for mentors', async () => {
    const bytes = await testPhoto(3);
    expect((await uploadPhoto(app, amy.token, bytes)).status).toBe(403);
    expect((await uploadPhoto(app, centre.token, bytes)).status).toBe(403);
    expect((await uploadPhoto(app, '', bytes)).status).toBe(401);
  });
});

describe('photos on a sign-off', () => {
  let onCard: string[];

  it("binds each photo's SHA-256 and dHash into the card, in order", async () => {
    onCard = [await photoId(app, dave, 10), await photoId(app, dave, 11)];
    const r = await sign(amy, 1, onCard);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const signed = (await app.platform.store.readStream(accountStream(amy.user.id))).filter(
      (e) => e.type === 'JobCardSigned',
    );
    const evidence = (signed.at(-1)!.data as { evidence: { photos: { photoId: string; sha256: string }[] } }).evidence;
    expect(evidence.photos.map((p) => p.photoId)).toEqual(onCard);
    const uploads = await Promise.all(onCard.map((id) => app.platform.store.readStream(jobPhotoStream(id))));
    expect(evidence.photos.map((p) => p.sha256)).toEqual(uploads.map(([e]) => (e.data as { sha256: string }).sha256));
  });

  it("refuses a photo already on a card, and another mentor's photo, recording nothing", async () => {
    const cards = async () =>
      (await app.platform.store.readStream(accountStream(ben.user.id))).filter((e) => e.type === 'JobCardSigned')
        .length;
    const before = await cards();
    const used = await sign(ben, 1, [onCard[0]]);
    expect([used.status, used.body.detail]).toEqual([
      400,
      [{ field: 'photo_ids', message: 'This photo is already on another job card' }],
    ]);
    const erins = await photoId(app, erin, 12);
    const foreign = await sign(ben, 1, [erins]);
    expect(foreign.body.detail).toEqual([{ field: 'photo_ids', message: 'Photo not found: please upload it again' }]);
    expect(await cards()).toBe(before);
  });

  it('shows a photo to its mentor, the student, their centre, admins and auditors; 404 to anyone else', async () => {
    const id = onCard[0];
    for (const token of [dave.token, amy.token, centre.token, await app.adminToken(), await auditorToken()])
      expect((await fetchPhoto(id, token)).status).toBe(200);
    for (const token of [erin.token, ben.token, otherCentre.token])
      expect((await fetchPhoto(id, token)).status).toBe(404);
    expect((await fetchPhoto(id)).status).toBe(401);
    // Before it is on a card, only the mentor who uploaded it sees it.
    const unused = await photoId(app, dave, 13);
    expect((await fetchPhoto(unused, dave.token)).status).toBe(200);
    expect((await fetchPhoto(unused, amy.token)).status).toBe(404);
    expect((await fetchPhoto(unused, centre.token)).status).toBe(404);
    expect((await get(app, '/api/job-photos/no-such-photo', dave.token)).status).toBe(404);
  });

  it('flags a photo that looks like one already on another card (re-encoded), and not a different one', async () => {
    // The first card's photo again, as a JPEG: other bytes, the same picture.
    const again = (await uploadPhoto(app, dave.token, await testPhoto(10, 'jpeg'), 'image/jpeg')).body.photo_id;
    const different = await photoId(app, dave, 14);
    expect((await sign(ben, 1, [again, different])).status).toBe(200);
    expect((await photoDoc(again))?.duplicate_of).toEqual([onCard[0]]);
    expect((await photoDoc(different))?.duplicate_of).toEqual([]);
    // The centre sees the flag in the sign-off views; the mentor is not told.
    const photosOf = async (token: string) => {
      const job = (await get(app, `/api/jobs?student_id=${ben.user.id}`, token)).body[0];
      return job.signatures.at(-1).evidence.photos;
    };
    expect(await photosOf(otherCentre.token)).toEqual([
      { photo_id: again, possible_duplicate: true },
      { photo_id: different, possible_duplicate: false },
    ]);
    expect((await photosOf(dave.token)).map((p: { possible_duplicate: unknown }) => p.possible_duplicate)).toEqual([
      null,
      null,
    ]);
    // Photos of one card are never flagged against each other.
    expect((await photoDoc(onCard[1]))?.duplicate_of).toEqual([]);
  });
});

describe("the auditor's replay of a card", () => {
  it('holds the evidence as signed, each photo with its SHA-256 and perceptual hash, and the duplicate flag', async () => {
    const auditor = await auditorToken();
    const job = (await get(app, `/api/jobs?student_id=${ben.user.id}`, otherCentre.token)).body[0];
    const r = await get(app, `/api/audit/jobs/${job.id}/signatures`, auditor);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const card = r.body.signatures.at(-1);
    const signed = (await app.platform.store.readStream(accountStream(ben.user.id)))
      .filter((e) => e.type === 'JobCardSigned')
      .at(-1)!.data as {
      signedAt: string;
      capturedAt: string;
      contentHash: string;
      evidence: { photos: { photoId: string; sha256: string; dhash: string }[] };
    };
    const uploads = await Promise.all(
      signed.evidence.photos.map(async (p) => (await app.platform.store.readStream(jobPhotoStream(p.photoId)))[0].data),
    );
    expect(card).toMatchObject({
      signed_at: signed.signedAt,
      captured_at: signed.capturedAt,
      hash_version: 2,
      content_hash: signed.contentHash,
      content_hash_matches: true,
      reflection: null,
      evidence: {
        site_postcode: 'M1 1AA',
        appliance: { kind: 'boiler', make: 'Worcester', model: 'Greenstar 30i' },
        work_done: EVIDENCE.work_done,
        duration_minutes: 60,
        photos: uploads.map((u, i) => ({
          photo_id: (u as { photoId: string }).photoId,
          sha256: (u as { sha256: string }).sha256,
          dhash: (u as { dhash: string }).dhash,
          // The first is the earlier card's photo again (see the test above); the second is not.
          possible_duplicate: i === 0,
        })),
      },
    });
    expect(card.evidence.photos).toHaveLength(2);
  });
});
