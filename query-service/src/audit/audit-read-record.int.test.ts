import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACCESS_STREAM } from '@panda/events/catalogue/audit';
import type { EventStore } from '@panda/events/event-store';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { ReadStore } from '@panda/projections/read-store';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
});
afterAll(() => app?.stop());

/**
 * While an audit read's record is appended, `hold` decides when (and whether) the append goes on; the
 * read store tells `reading` of every list read. Undone after each call.
 */
async function withRecording<T>(
  hold: (reading: Promise<void>) => Promise<void>,
  call: () => Promise<T>,
): Promise<{ answer: T; appended: boolean }> {
  const store = app.platform.store as EventStore;
  const rs = app.platform.readStore as ReadStore;
  const [append, find, findText] = [store.append, rs.find, rs.findText];
  let read = () => {};
  const reading = new Promise<void>((resolve) => (read = resolve));
  let appended = false;
  store.append = async (stream, ...rest) => {
    if (stream === AUDIT_ACCESS_STREAM) await hold(reading);
    const result = await append.call(store, stream, ...rest);
    if (stream === AUDIT_ACCESS_STREAM) appended = true;
    return result;
  };
  const reads = (collection: string) => {
    if (collection === 'accounts' || collection === 'audit_access_log') read();
  };
  rs.find = (collection, ...rest) => {
    reads(collection);
    return find.call(rs, collection, ...rest);
  };
  rs.findText = (collection, ...rest) => {
    reads(collection);
    return findText.call(rs, collection, ...rest);
  };
  try {
    return { answer: await call(), appended };
  } finally {
    [store.append, rs.find, rs.findText] = [append, find, findText];
  }
}

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the page was not read meanwhile')), ms));

describe('audit list reads and their records (ruling 25)', () => {
  for (const path of [
    '/api/audit/access-log?limit=5',
    '/api/audit/subjects?q=admin',
    '/api/audit/subjects?role=student',
  ])
    it(`${path}: reads the page while its record is written, and answers once the record is in the log`, async () => {
      const before = await app.platform.store.headPosition();
      // The record is held until the page is being read: a route that read only after recording would never answer.
      const { answer, appended } = await withRecording(
        (reading) => Promise.race([reading, timeout(5000)]),
        () => app.call('GET', path, undefined, admin),
      );
      expect(answer.status).toBe(200);
      expect(appended).toBe(true);
      const [last] = await app.platform.store.readAll(before, 10);
      expect(last).toMatchObject({ type: 'AuditRecordRead' });
    });

  it("reads the page once the record's commit is made, so that the read overlaps the record's flush", async () => {
    const store = app.platform.store;
    expect(store).toBeInstanceOf(SqliteEventStore);
    const commits = () => (store as SqliteEventStore).commits;
    for (const [path, collection] of [
      ['/api/audit/access-log?limit=5', 'audit_access_log'],
      ['/api/audit/subjects?q=admin', 'accounts'],
    ]) {
      const before = commits();
      let atRead = -1;
      const rs = app.platform.readStore as ReadStore;
      const [find, findText] = [rs.find, rs.findText];
      const reads = (c: string) => {
        if (c === collection && atRead < 0) atRead = commits();
      };
      rs.find = (c, ...rest) => {
        reads(c);
        return find.call(rs, c, ...rest);
      };
      rs.findText = (c, ...rest) => {
        reads(c);
        return findText.call(rs, c, ...rest);
      };
      try {
        expect((await app.call('GET', path, undefined, admin)).status).toBe(200);
      } finally {
        [rs.find, rs.findText] = [find, findText];
      }
      expect(atRead).toBeGreaterThan(before);
    }
  });

  it('answers no page when its record cannot be written', async () => {
    const { answer } = await withRecording(
      () => Promise.reject(new Error('disk full')),
      () => app.call('GET', '/api/audit/access-log?limit=5', undefined, admin),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ detail: 'Internal server error' });
    expect(answer.headers.get('x-total-count')).toBeNull();
  });
});
