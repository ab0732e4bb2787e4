import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { jobPhotoStream } from '@panda/events/catalogue/photos';
import { ukDateOf } from '@panda/contracts/evidence';
import { signInAgain, type Login } from '@panda/command-service/admin/test-fixtures';
import {
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
} from '@panda/command-service/training/test-fixtures';
import { PHOTO_SWEEP_GRACE_MS } from './photo-sweeper';

/** The sweep of unused job-card photos (docs/rules.md#unused-photos), with the server's clock moved on. */

const HOUR = 3_600_000;
let now = Date.now();
let app: TestApp;
let dave: Login;
let amy: StudentLogin;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' }, overrides: { clock: () => new Date(now) } });
  const centre = await vettedCentre(app, 'North');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { Boiler_Installs: 5, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, amy, dave);
});
afterAll(async () => {
  await app?.stop();
});

const sign = async (n: number, photoIds: string[]) => {
  const job = await jobOfType(app, dave.token, 'Boiler Installs');
  return app.call(
    'PUT',
    `/api/jobs/${job.id}/complete`,
    signature(n, { day: ukDateOf(now), photo_ids: photoIds }),
    dave.token,
  );
};
const tick = async () => {
  await app.platform.commandDeps.waitForProjections(await app.platform.store.headPosition());
  return app.platform.photoSweeper.tick();
};
const streamOf = (id: string) => app.platform.store.readStream(jobPhotoStream(id));
const shaOf = async (id: string) => ((await streamOf(id))[0].data as { sha256: string }).sha256;
const fetchPhoto = (id: string) =>
  fetch(`${app.url}/api/job-photos/${id}`, { headers: { authorization: `Bearer ${dave.token}` } });

describe('unused job-card photos', () => {
  it('are removed a day after upload (image and all, recorded by an event); photos on a card stay', async () => {
    const used = await photoId(app, dave, 1);
    const unused = await photoId(app, dave, 2);
    // The same bytes twice: one copy goes on a card, the other is left; the image must stay for the card.
    const bytes = await testPhoto(3);
    const [sharedUsed, sharedUnused] = [
      (await uploadPhoto(app, dave.token, bytes)).body.photo_id,
      (await uploadPhoto(app, dave.token, bytes)).body.photo_id,
    ];
    expect((await sign(1, [used, sharedUsed])).status).toBe(200);

    // Not yet: a day and less than the grace hour later, nothing is removed.
    now += 24 * HOUR + PHOTO_SWEEP_GRACE_MS - 60_000;
    // Sessions end 12 hours on by the server's clock: the mentor signs in again.
    await signInAgain(app, dave, amy);
    expect(await tick()).toBe(0);
    expect((await fetchPhoto(unused)).status).toBe(200);
    // But a sign-off no longer takes the day-old photo.
    const late = await sign(2, [unused]);
    expect([late.status, late.body.detail]).toEqual([
      400,
      [{ field: 'photo_ids', message: 'Photo not found: please upload it again' }],
    ]);

    now += 2 * 60_000;
    expect(await tick()).toBe(2);
    for (const [id, blobDeleted] of [
      [unused, true],
      [sharedUnused, false],
    ] as const) {
      const [upload, discarded] = await streamOf(id);
      expect(discarded).toMatchObject({
        type: 'JobPhotoDiscarded',
        data: { photoId: id, sha256: await shaOf(id), uploadedAt: upload.time, blobDeleted },
        time: new Date(now).toISOString(),
        actorId: null,
      });
      expect((await fetchPhoto(id)).status).toBe(404);
    }
    expect(await app.platform.commandDeps.blobs.has(await shaOf(unused))).toBe(false);
    // The photos on the card, and the image they share with a removed one, stay.
    for (const id of [used, sharedUsed]) {
      expect(await streamOf(id)).toHaveLength(1);
      expect((await fetchPhoto(id)).status).toBe(200);
    }
    expect(await app.platform.commandDeps.blobs.has(await shaOf(sharedUsed))).toBe(true);
  });

  it('are removed once: a second sweep, also with the clock moved on, records nothing', async () => {
    const fresh = await photoId(app, dave, 4);
    const head = await app.platform.store.headPosition();
    expect(await tick()).toBe(0);
    expect(await app.platform.store.headPosition()).toBe(head);
    now += 26 * HOUR;
    await signInAgain(app, dave, amy);
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    expect((await streamOf(fresh)).map((e) => e.type)).toEqual(['JobPhotoUploaded', 'JobPhotoDiscarded']);
  });
});
