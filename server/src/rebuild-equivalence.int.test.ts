/**
 * A rebuild (documents in memory, large batches) must leave every read model byte for byte as a
 * catch-up that applies and commits the log one event at a time through the store, in the same
 * insertion order. The log: the demo seed (through the HTTP API: placements, job cards, confirmed
 * and disputed sign-offs, notifications) and students placed, moved to another mentor and signed off.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureIdOf } from '@panda/events/catalogue/training';
import {
  accountSignedUp,
  event,
  jobOpened,
  placementAccepted,
  placementEnded,
  placementProposed,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import type { EventStore } from '@panda/events/event-store';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import { allProjections } from './projections';
import { rebuildGroups, rebuildProjections } from './rebuild';
import { seedDemo } from './seed';
import { startTestApp, TEST_ADMIN, type TestApp } from './testing/harness';

let app: TestApp;
let running = false;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  running = true;
});
afterAll(async () => {
  if (running) await app.stop();
});

let command = 0;
const append = (store: EventStore, stream: string, events: { type: string; data: unknown }[]) =>
  store.append(stream, events, 'any', {
    time: new Date(Date.UTC(2026, 0, 1) + ++command * 60_000).toISOString(),
    actorId: null,
    correlationId: `eq-${command}`,
    commandId: `eq-${command}`,
  });

/** Students of two centres, placed, some moved to another mentor part-way, cards signed and answered. */
async function appendTraining(store: EventStore) {
  for (const m of ['m1', 'm2'])
    await append(store, `account-${m}`, [accountSignedUp({ accountId: m, email: `${m}@eq.test` })]);
  for (const c of ['c1', 'c2'])
    await append(store, `account-${c}`, [
      accountSignedUp({ accountId: c, role: 'training_centre', centreName: `Centre ${c}`, email: `${c}@eq.test` }),
    ]);
  const students = ['s1', 's2', 's3', 's4', 's5'];
  for (const [i, s] of students.entries())
    await append(store, `account-${s}`, [
      studentRegistered({ accountId: s, centreId: i % 2 ? 'c2' : 'c1', email: `${s}@eq.test` }),
      placementProposed({ placementId: `${s}-p1`, studentId: s, mentorId: 'm1', centreId: i % 2 ? 'c2' : 'c1' }),
    ]);
  // Rounds over the students, as a log interleaves them.
  for (let round = 0; round < 6; round++)
    for (const [i, s] of students.entries()) {
      const stream = `account-${s}`;
      const placement = round < 3 || i % 2 ? `${s}-p1` : `${s}-p2`;
      const mentor = placement.endsWith('p1') ? 'm1' : 'm2';
      if (round === 0)
        await append(store, stream, [
          placementAccepted({ placementId: placement, studentId: s, mentorId: mentor }),
          jobOpened({ jobId: `${s}-j1`, studentId: s, placementId: placement, mentorId: mentor, totalCount: 8 }),
        ]);
      if (round === 3 && i % 2 === 0)
        await append(store, stream, [
          placementEnded({ placementId: `${s}-p1`, studentId: s, mentorId: 'm1' }),
          placementProposed({ placementId: placement, studentId: s, mentorId: mentor, centreId: 'c1' }),
          placementAccepted({ placementId: placement, studentId: s, mentorId: mentor }),
        ]);
      const at = new Date(Date.UTC(2026, 1, 1 + round)).toISOString();
      const card = {
        jobId: `${s}-j1`,
        studentId: s,
        mentorId: mentor,
        signature: {
          signature: 'M',
          mentorName: 'Mentor',
          date: at.slice(0, 10),
          time: at.slice(11, 16),
          timestamp: at,
        },
        completedAt: at,
        completedCount: round + 1,
      };
      await append(store, stream, [event('JobCardSigned', card)]);
      if (round % 2 === 1)
        await append(store, stream, [
          event('SignatureConfirmed', {
            signatureId: signatureIdOf(card),
            jobId: card.jobId,
            studentId: s,
            mentorId: mentor,
            contentHash: 'a'.repeat(64),
          }),
        ]);
    }
}

/** Every collection of every projection as the store holds it: documents as JSON text, in insertion order. */
async function snapshot(rs: SqliteReadStore) {
  const out: Record<string, string> = {};
  for (const p of allProjections) {
    out[`checkpoint ${p.name}`] = String(await rs.checkpoint(p.name));
    for (const c of Object.keys(p.collections)) out[c] = (await rs.find(c)).map((d) => JSON.stringify(d)).join('\n');
  }
  return out;
}

describe('projections:rebuild', () => {
  it('builds every read model byte for byte as an event-by-event catch-up does', async () => {
    await seedDemo(
      app.url,
      { ...app.platform.commandDeps, readStore: app.platform.queryDeps.readStore },
      TEST_ADMIN.email,
    );
    await appendTraining(app.platform.store);
    // Stopped, so that its reactors append nothing more: the log is fixed from here.
    await app.stop();
    running = false;
    const store = new SqliteEventStore(join(app.dataDir, 'events.db'));
    const dir = mkdtempSync(join(tmpdir(), 'panda-rebuild-eq-'));

    // One event per batch, through the store (nothing kept in memory).
    const slow = new SqliteReadStore(join(dir, 'one-by-one.db'));
    const oneByOne = new ProjectionRunner(store, slow, allProjections, { batchSize: 1, cachedDocs: 0 });
    await oneByOne.init();
    await oneByOne.catchUp();

    // A first start in memory, in batches that cut through the students' streams.
    const live = new SqliteReadStore(join(dir, 'live.db'));
    const firstStart = new ProjectionRunner(store, live, allProjections, { batchSize: 7 });
    await firstStart.init();
    await firstStart.catchUp();

    // The rebuild, over read models that hold something else before it starts.
    const fast = new SqliteReadStore(join(dir, 'rebuilt.db'));
    await fast.commit('training', 0, 1, [{ op: 'put', collection: 'students', doc: { id: 'stale', _audience: [] } }]);
    const rebuild = new ProjectionRunner(store, fast, allProjections, { rebuildBatchSize: 50 });
    await rebuild.init();
    await rebuild.rebuildAll(allProjections.map((p) => p.name));

    // The same rebuild split over worker threads, as `npm run projections:rebuild` runs it.
    const threadsFile = join(dir, 'threads.db');
    const threads = new SqliteReadStore(threadsFile);
    await threads.commit('sign_offs', 0, 1, [
      { op: 'put', collection: 'sign_offs', doc: { id: 'stale', _audience: [] } },
    ]);
    const split = new ProjectionRunner(store, threads, allProjections);
    await split.init();
    expect(rebuildGroups(allProjections.map((p) => p.name))).toHaveLength(2);
    const [report] = await rebuildProjections(split, [], undefined, {
      workers: { eventsFile: join(app.dataDir, 'events.db'), readFile: threadsFile },
    });
    expect(report.events).toBe((await store.readAll(0, 1_000_000)).length);
    expect(split.position()).toBe(await store.headPosition());

    const expected = await snapshot(slow);
    expect(expected.sign_offs.split('\n').length).toBeGreaterThan(30);
    expect(expected.reminder_timers).toContain('no_signoff');
    expect(expected.sign_offs).toContain('confirmation_due_at');
    expect(await snapshot(live)).toEqual(expected);
    expect(await snapshot(fast)).toEqual(expected);
    expect(await snapshot(threads)).toEqual(expected);
    await Promise.all([slow.close(), live.close(), fast.close(), threads.close(), store.close()]);
  });
});
