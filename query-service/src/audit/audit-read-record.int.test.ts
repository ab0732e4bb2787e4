import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACCESS_STREAM } from '@panda/events/catalogue/audit';
import type { EventStore } from '@panda/events/event-store';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { collectionName, type CollectionRef, type ReadStore } from '@panda/projections/read-store';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
});
afterAll(() => app?.stop());

const LISTS = ['/api/audit/access-log?limit=5', '/api/audit/subjects?q=admin', '/api/audit/subjects?role=student'];

/** Tells `step` of every list read of the read store. Undone after `call`. */
async function watchingReads<T>(step: () => void, call: () => Promise<T>): Promise<T> {
  const rs = app.platform.readStore as ReadStore;
  const find = rs.find;
  const reads = (collection: string) => {
    if (collection === 'accounts' || collection === 'audit_access_log') step();
  };
  rs.find = ((...args: [CollectionRef, ...unknown[]]) => {
    reads(collectionName(args[0]));
    return Reflect.apply(find, rs, args);
  }) as ReadStore['find'];
  try {
    return await call();
  } finally {
    rs.find = find;
  }
}

/** The embedded log's commitNow, watched (and its flush made to fail with `flushFails`). Undone after `call`. */
async function watchingCommits<T>(
  step: (name: 'commit' | 'flush') => void,
  call: () => Promise<T>,
  flushFails?: Error,
): Promise<T> {
  const store = app.platform.store as SqliteEventStore;
  const commitNow = store.commitNow.bind(store);
  store.commitNow = (stream, ...rest) => {
    const made = commitNow(stream, ...rest);
    if (stream !== AUDIT_ACCESS_STREAM) return made;
    step('commit');
    return {
      result: made.result,
      durable: () => {
        step('flush');
        if (flushFails) throw flushFails;
        made.durable();
      },
    };
  };
  try {
    return await call();
  } finally {
    delete (store as Partial<SqliteEventStore>).commitNow;
  }
}

/**
 * As with a store that commits no append on the caller's thread (KurrentDB): while an audit read's record
 * is appended, `hold` decides when (and whether) the append goes on; `reading` resolves at the first list
 * read. Undone after each call.
 */
async function withRecording<T>(
  hold: (reading: Promise<void>) => Promise<void>,
  call: () => Promise<T>,
): Promise<{ answer: T; appended: boolean }> {
  const store = app.platform.store as EventStore;
  const append = store.append;
  let read = () => {};
  const reading = new Promise<void>((resolve) => (read = resolve));
  let appended = false;
  Object.defineProperty(store, 'commitNow', { value: undefined, configurable: true });
  store.append = async (stream, ...rest) => {
    if (stream === AUDIT_ACCESS_STREAM) await hold(reading);
    const result = await append.call(store, stream, ...rest);
    if (stream === AUDIT_ACCESS_STREAM) appended = true;
    return result;
  };
  try {
    return { answer: await watchingReads(read, call), appended };
  } finally {
    store.append = append;
    delete (store as Partial<SqliteEventStore>).commitNow;
  }
}

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the page was not read meanwhile')), ms));

describe('audit list reads and their records', () => {
  for (const path of LISTS)
    it(`${path}: commits its record, reads the page, then flushes the record, and only then answers`, async () => {
      expect(app.platform.store).toBeInstanceOf(SqliteEventStore);
      const before = await app.platform.store.headPosition();
      const steps: string[] = [];
      const answer = await watchingCommits(
        (name) => steps.push(name),
        () =>
          watchingReads(
            () => steps.push('read'),
            () => app.call('GET', path, undefined, admin),
          ),
      );
      steps.push('answered');
      expect(answer.status).toBe(200);
      expect(steps).toEqual(['commit', 'read', 'flush', 'answered']);
      // A reader of the whole log is given only what is on disk: the record is there.
      const [last] = await app.platform.store.readAll(before, 10);
      expect(last).toMatchObject({ type: 'AuditRecordRead' });
    });

  for (const path of LISTS)
    it(`${path}, on a store that appends off the thread: reads the page while its record is appended, and answers once it is in the log`, async () => {
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

  it('answers no page when its record cannot be flushed', async () => {
    const answer = await watchingCommits(
      () => {},
      () => app.call('GET', '/api/audit/access-log?limit=5', undefined, admin),
      new Error('EIO: i/o error, fdatasync'),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ detail: 'Internal server error' });
    expect(answer.headers.get('x-total-count')).toBeNull();
  });

  it('answers no page when its record cannot be appended (a store that appends off the thread)', async () => {
    const { answer } = await withRecording(
      () => Promise.reject(new Error('disk full')),
      () => app.call('GET', '/api/audit/subjects?q=admin', undefined, admin),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ detail: 'Internal server error' });
    expect(answer.headers.get('x-total-count')).toBeNull();
  });
});
