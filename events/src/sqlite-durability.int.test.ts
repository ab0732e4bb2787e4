import { mkdtempSync } from 'node:fs';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WrongExpectedVersionError } from './event-store';
import { SqliteEventStore } from './sqlite-event-store';

type Callback = (err: NodeJS.ErrnoException | null) => void;

// Every flush of a write-ahead log is held here until the test lets it finish (or fail).
const held: ((failure: NodeJS.ErrnoException | null) => void)[] = [];
vi.mock('node:fs', async (original) => {
  const actual = await original<typeof import('node:fs')>();
  return {
    ...actual,
    fdatasync: vi.fn((fd: number, done: Callback) =>
      actual.fdatasync(fd, (err) => held.push((failure) => done(failure ?? err))),
    ),
    fdatasyncSync: vi.fn((fd: number) => actual.fdatasyncSync(fd)),
  };
});

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'panda-durable-')), 'events.db');
const meta = (commandId: string) => ({ time: 't', actorId: null, correlationId: 'c', commandId });
const settled = async <T>(p: Promise<T>) => {
  let done = false;
  void p.then(() => (done = true));
  // Long enough for a flush that is not held (the thread pool) to finish.
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  return done;
};
/** Lets the flushes asked for so far finish, once they have been made. */
async function releaseFlushes() {
  await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
  for (const finish of held.splice(0)) finish(null);
}

/** A read of the log that is answered only once the flushes asked for have finished, with events of `types`. */
async function answeredAfterFlush(read: Promise<{ type: string }[]>, types: string[]) {
  expect(await settled(read)).toBe(false);
  await releaseFlushes();
  expect((await read).map((e) => e.type)).toEqual(types);
}

afterEach(() => {
  for (const finish of held.splice(0)) finish(null);
  vi.mocked(fs.fdatasync).mockClear();
  vi.mocked(fs.fdatasyncSync).mockClear();
});

/** The log is flushed off the event loop, and nothing is answered or read before it is on disk. */
describe('SqliteEventStore durability', () => {
  it('answers an append only once its events are flushed; appends of one turn share one flush', async () => {
    const store = new SqliteEventStore(tempFile());
    const a = store.append('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
    const b = store.append('b', [{ type: 'B', data: {} }], 'no_stream', meta('k2'));
    expect(await settled(Promise.race([a, b]))).toBe(false);
    // Committed already (another command may read it), but not answered.
    expect(await store.readStream('a')).toHaveLength(1);
    await releaseFlushes();
    expect((await a).position).toBe(1);
    expect((await b).position).toBe(2);
    expect(fs.fdatasync).toHaveBeenCalledTimes(1);
    await store.close();
  });

  it('never gives a reader of the whole log an event that is not flushed yet', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file);
    const appended = writer.append('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
    await vi.waitFor(() => expect(held.length).toBe(1));
    // Another process on the file: its read flushes the log itself before answering.
    await answeredAfterFlush(reader.readAll(0, 10), ['A']);
    await appended;
    await writer.close();
    await reader.close();
  });

  it('a reader told how far another connection has flushed the log reads up to there without a flush', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file);
    let flushedElsewhere = 0;
    reader.readDurableFrom(() => flushedElsewhere);
    const first = writer.append('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
    await releaseFlushes();
    flushedElsewhere = (await first).position;
    vi.mocked(fs.fdatasync).mockClear();
    expect((await reader.readAll(0, 10)).map((e) => e.type)).toEqual(['A']);
    expect(fs.fdatasync).not.toHaveBeenCalled();
    // An event past what it was told of: a read gives the events before it at once, without it; a read
    // of that event alone flushes the log first.
    const second = writer.append('b', [{ type: 'B', data: {} }], 'no_stream', meta('k2'));
    await vi.waitFor(() => expect(held.length).toBe(1));
    expect((await reader.readAll(0, 10)).map((e) => e.type)).toEqual(['A']);
    expect(fs.fdatasync).toHaveBeenCalledTimes(1); // the writer's
    await answeredAfterFlush(reader.readAll(1, 10), ['B']);
    await second;
    await writer.close();
    await reader.close();
  });

  it('a failed flush fails the append (the caller does not hear it is saved)', async () => {
    const store = new SqliteEventStore(tempFile());
    const appended = store.append('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
    await vi.waitFor(() => expect(held.length).toBe(1));
    held.splice(0)[0](Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(appended).rejects.toThrow('EIO');
    await store.close();
  });

  describe("commitNow (an audit read's record)", () => {
    it("commits at once, flushes on the caller's thread only when asked, and only then tells followers", async () => {
      const store = new SqliteEventStore(tempFile());
      const followed = store.waitForAppend(0, 5000);
      const { result, durable } = store.commitNow('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
      expect(result.position).toBe(1);
      expect(await store.readStream('a')).toHaveLength(1);
      expect(await settled(followed)).toBe(false);
      expect(fs.fdatasyncSync).not.toHaveBeenCalled();
      durable();
      expect(fs.fdatasyncSync).toHaveBeenCalledTimes(1);
      expect(await followed).toBe(true);
      // Once is enough: it is on disk and told.
      const again = store.waitForAppend(1, 50);
      durable();
      expect(fs.fdatasyncSync).toHaveBeenCalledTimes(1);
      expect(await again).toBe(false);
      // A reader of the whole log in this instance knows it is on disk: no flush of its own.
      expect((await store.readAll(0, 10)).map((e) => e.type)).toEqual(['A']);
      expect(fs.fdatasync).not.toHaveBeenCalled();
      await store.close();
    });

    it('commits the appends queued in its turn with it; they answer after their own flush, and are not lost when it is refused', async () => {
      const store = new SqliteEventStore(tempFile());
      const queued = store.append('b', [{ type: 'B', data: {} }], 'no_stream', meta('k2'));
      const now = store.commitNow('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
      expect(store.commits).toBe(1);
      expect(now.result.position).toBe(2);
      expect(await settled(queued)).toBe(false);
      await releaseFlushes();
      expect((await queued).position).toBe(1);
      now.durable();

      const next = store.append('c', [{ type: 'C', data: {} }], 'no_stream', meta('k3'));
      expect(() => store.commitNow('a', [{ type: 'A', data: {} }], 'no_stream', meta('k4'))).toThrow(
        WrongExpectedVersionError,
      );
      expect(await store.readStream('a')).toHaveLength(1);
      expect(await store.readStream('c')).toHaveLength(1);
      await releaseFlushes();
      expect((await next).position).toBe(3);
      await store.close();
    });

    it('a failed flush throws from durable() and tells no follower', async () => {
      const store = new SqliteEventStore(tempFile());
      const followed = store.waitForAppend(0, 50);
      const { durable } = store.commitNow('a', [{ type: 'A', data: {} }], 'no_stream', meta('k1'));
      vi.mocked(fs.fdatasyncSync).mockImplementationOnce(() => {
        throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      });
      expect(durable).toThrow('EIO');
      expect(await followed).toBe(false);
      await store.close();
    });
  });
});
