/**
 * The throttle stores: the SQLite file in the data folder always; MongoDB when MONGODB_URI is set
 * (otherwise that suite is skipped, with the reason in its name). Two openings of one store stand
 * for two service processes.
 */
import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, openThrottles, type Limits, type Throttles } from './throttle';

const limits: Limits = { ...DEFAULT_LIMITS, uploads: { points: 3, seconds: 600 } };
const opened: Throttles[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

const stores: { name: string; open: () => Promise<Throttles>; skip?: string }[] = [
  (() => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-throttle-'));
    return { name: 'SQLite', open: () => openThrottles({ dataDir, mongoUri: null, mongoDb: 'unused', limits }) };
  })(),
  {
    name: 'MongoDB',
    open: () =>
      openThrottles({
        dataDir: tmpdir(),
        mongoUri: process.env.MONGODB_URI!,
        mongoDb: `panda_throttle_${randomBytes(4).toString('hex')}`,
        limits,
      }),
    skip: process.env.MONGODB_URI ? undefined : 'set MONGODB_URI to run it',
  },
];

for (const store of stores) {
  describe.skipIf(Boolean(store.skip))(
    `throttles on ${store.name}${store.skip ? ` (skipped: ${store.skip})` : ''}`,
    () => {
      const open = async () => {
        const t = await store.open();
        opened.push(t);
        return t;
      };

      it('allows `points` uses, then refuses for the whole period; every opening shares the counts', async () => {
        const [one, two] = [await open(), await open()];
        const key = `key-${randomBytes(4).toString('hex')}`;
        expect([await one.uploads.take(key), await two.uploads.take(key), await one.uploads.take(key)]).toEqual([
          0, 0, 0,
        ]);
        const wait = await two.uploads.take(key);
        expect(wait).toBeGreaterThan(590);
        expect(wait).toBeLessThanOrEqual(600);
        expect(await one.uploads.take(key)).toBeGreaterThan(590);
        // Other keys and other throttles have their own counts.
        expect(await one.uploads.take(`${key}-other`)).toBe(0);
        expect(await one.forgotPassword.take(key)).toBe(0);
      });

      it('gives back a use and forgets a key', async () => {
        const t = await open();
        const key = `key-${randomBytes(4).toString('hex')}`;
        for (let i = 0; i < 3; i++) expect(await t.uploads.take(key)).toBe(0);
        await t.uploads.giveBack(key);
        expect(await t.uploads.take(key)).toBe(0);
        expect(await t.uploads.take(key)).toBeGreaterThan(0);
        await t.uploads.reset(key);
        expect(await t.uploads.take(key)).toBe(0);
      });
    },
  );
}
