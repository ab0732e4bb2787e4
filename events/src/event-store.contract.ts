import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import type { AppendMeta, RecordedEvent } from './envelope';
import { AppendTooLargeError, MAX_APPEND_BYTES, WrongExpectedVersionError, type EventStore } from './event-store';

let seq = 0;
const meta = (commandId = `cmd-${++seq}-${Math.random()}`): AppendMeta => ({
  time: '2026-01-02T03:04:05.000Z',
  actorId: 'actor-1',
  correlationId: 'corr-1',
  commandId,
});

/** The one suite every EventStore implementation must pass. `make` returns a fresh, empty store. */
export function eventStoreContract(name: string, make: () => Promise<EventStore>, skipReason?: string) {
  if (skipReason) console.warn(`SKIPPED ${name} contract suite: ${skipReason}`);
  describe.skipIf(Boolean(skipReason))(
    `EventStore contract: ${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    () => {
      let store: EventStore;
      // Streams are unique per test so that a shared server (KurrentDB) gives each test a clean slate.
      let prefix: string;
      beforeEach(async () => {
        store = await make();
        prefix = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      });
      afterEach(async () => {
        await store.close();
      });

      it('appends to a new stream and reads it back with the envelope', async () => {
        const s = `${prefix}-a`;
        const r = await store.append(
          s,
          [
            { type: 'Happened', data: { n: 1 } },
            { type: 'Happened', data: { n: 2 } },
          ],
          'no_stream',
          meta('c1'),
        );
        expect(r.duplicate).toBe(false);
        expect(r.streamVersion).toBe(1);
        const events = await store.readStream(s);
        expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
        expect(events.map((e) => e.streamVersion)).toEqual([0, 1]);
        expect(events[0]).toMatchObject({
          type: 'Happened',
          stream: s,
          time: '2026-01-02T03:04:05.000Z',
          actorId: 'actor-1',
          correlationId: 'corr-1',
          commandId: 'c1',
        });
        expect(events[0].eventId).not.toBe(events[1].eventId);
        expect(events[1].position).toBeGreaterThan(events[0].position);
        expect(r.position).toBe(events[1].position);
      });

      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(`${prefix}-none`)).toEqual([]);
      });

      it('reads a stream from a version on, so a reader that folded part of it reads only the rest', async () => {
        const s = `${prefix}-r`;
        await store.append(
          s,
          [
            { type: 'A', data: {} },
            { type: 'B', data: {} },
          ],
          'no_stream',
          meta(),
        );
        await store.append(s, [{ type: 'C', data: {} }], 1, meta());
        expect((await store.readStream(s, { fromRevision: 1 })).map((e) => [e.type, e.streamVersion])).toEqual([
          ['B', 1],
          ['C', 2],
        ]);
        expect((await store.readStream(s, { fromRevision: 0 })).map((e) => e.type)).toEqual(['A', 'B', 'C']);
        expect(await store.readStream(s, { fromRevision: 3 })).toEqual([]);
        expect(await store.readStream(`${prefix}-r-none`, { fromRevision: 2 })).toEqual([]);
      });

      it('lands concurrent appends to different streams, each with its own version check', async () => {
        await store.append(`${prefix}-g0`, [{ type: 'A', data: {} }], 'no_stream', meta());
        const results = await Promise.allSettled([
          ...Array.from({ length: 8 }, (_, i) =>
            store.append(`${prefix}-g${i + 1}`, [{ type: 'A', data: { i } }], 'no_stream', meta()),
          ),
          store.append(`${prefix}-g0`, [{ type: 'B', data: {} }], 5, meta()),
          store.append(`${prefix}-g0`, [{ type: 'B', data: {} }], 0, meta()),
        ]);
        expect(results.map((r) => r.status)).toEqual([...Array(8).fill('fulfilled'), 'rejected', 'fulfilled']);
        expect((results[8] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
        const positions = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.position] : []));
        expect(new Set(positions).size).toBe(9);
        for (let i = 1; i <= 8; i++)
          expect((await store.readStream(`${prefix}-g${i}`)).map((e) => e.data)).toEqual([{ i: i - 1 }]);
        expect((await store.readStream(`${prefix}-g0`)).map((e) => e.type)).toEqual(['A', 'B']);
        expect((await store.verifyChain()).ok).toBe(true);
      });

      it('refuses an append whose expected version is stale', async () => {
        const s = `${prefix}-b`;
        await store.append(s, [{ type: 'A', data: {} }], 'no_stream', meta());
        await expect(store.append(s, [{ type: 'B', data: {} }], 'no_stream', meta())).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await expect(store.append(s, [{ type: 'B', data: {} }], 5, meta())).rejects.toBeInstanceOf(
          WrongExpectedVersionError,
        );
        await store.append(s, [{ type: 'B', data: {} }], 0, meta());
        await store.append(s, [{ type: 'C', data: {} }], 'any', meta());
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('lets exactly one of two concurrent writers with the same expected version win', async () => {
        const s = `${prefix}-c`;
        await store.append(s, [{ type: 'A', data: {} }], 'no_stream', meta());
        const results = await Promise.allSettled([
          store.append(s, [{ type: 'X', data: {} }], 0, meta()),
          store.append(s, [{ type: 'Y', data: {} }], 0, meta()),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it('appends nothing new when a command is retried with the same id', async () => {
        const s = `${prefix}-d`;
        const first = await store.append(s, [{ type: 'A', data: {} }], 'no_stream', meta('same'));
        const again = await store.append(s, [{ type: 'A', data: {} }], 'no_stream', meta('same'));
        expect(again.duplicate).toBe(true);
        expect(again.position).toBe(first.position);
        expect(await store.readStream(s)).toHaveLength(1);
      });

      it('appends nothing for a command id retried after more than 200 other appends to its stream', async () => {
        const s = `${prefix}-l`;
        const first = await store.append(s, [{ type: 'A', data: { i: 0 } }], 'no_stream', meta('early'));
        for (let i = 1; i <= 205; i++) await store.append(s, [{ type: 'A', data: { i } }], i - 1, meta());
        // The current version would let the append through: only the command id can stop it.
        expect(await store.append(s, [{ type: 'A', data: { i: 0 } }], 205, meta('early'))).toEqual({
          duplicate: true,
          position: first.position,
          streamVersion: 205,
        });
        expect(await store.append(s, [{ type: 'A', data: { i: 0 } }], 'any', meta('early'))).toEqual({
          duplicate: true,
          position: first.position,
          streamVersion: 205,
        });
        expect(await store.readStream(s)).toHaveLength(206);
      }, 120_000);

      it('lets one command id append once to each of two streams', async () => {
        const r1 = await store.append(`${prefix}-m1`, [{ type: 'A', data: {} }], 'no_stream', meta('both'));
        const r2 = await store.append(`${prefix}-m2`, [{ type: 'A', data: {} }], 'no_stream', meta('both'));
        expect([r1.duplicate, r2.duplicate]).toEqual([false, false]);
        expect((await store.append(`${prefix}-m2`, [{ type: 'A', data: {} }], 'any', meta('both'))).duplicate).toBe(
          true,
        );
        expect(await store.readStream(`${prefix}-m2`)).toHaveLength(1);
      });

      it('reads the whole log in position order from any position, in pages', async () => {
        const start = await store.headPosition();
        for (let i = 0; i < 5; i++)
          await store.append(`${prefix}-e${i % 2}`, [{ type: 'N', data: { i } }], 'any', meta());
        const all = (await store.readAll(start, 1000)).filter((e) => e.stream.startsWith(prefix));
        expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4]);
        const page1 = await store.readAll(start, 2);
        expect(page1).toHaveLength(2);
        const page2 = await store.readAll(page1[1].position, 2);
        expect(page2[0].position).toBeGreaterThan(page1[1].position);
        expect(await store.headPosition()).toBe(all[all.length - 1].position);
      });

      it('reads the same events without their chain links when the reader does not want them', async () => {
        const start = await store.headPosition();
        for (let i = 0; i < 3; i++)
          await store.append(`${prefix}-u${i}`, [{ type: 'N', data: { i } }], 'no_stream', meta());
        const chained = await store.readAll(start, 1000);
        const unchained = await store.readAll(start, 1000, { chain: false });
        expect(chained.every((e) => e.chain?.hash)).toBe(true);
        const withoutChain = ({ chain: _chain, ...rest }: RecordedEvent) => rest;
        expect(unchained.map(withoutChain)).toEqual(chained.map(withoutChain));
        // Paging the same way, from any position.
        const page = await store.readAll(chained[0].position, 1, { chain: false });
        expect(page.map(withoutChain)).toEqual([withoutChain(chained[1])]);
      });

      it('wakes a waiting reader when something is appended, and times out otherwise', async () => {
        const head = await store.headPosition();
        expect(await store.waitForAppend(head, 50)).toBe(false);
        const waiting = store.waitForAppend(head, 10_000);
        await store.append(`${prefix}-f`, [{ type: 'N', data: {} }], 'any', meta());
        expect(await waiting).toBe(true);
        const controller = new AbortController();
        const aborted = store.waitForAppend(await store.headPosition(), 10_000, controller.signal);
        controller.abort();
        expect(await aborted).toBe(false);
      });

      it('keeps unicode and nested data intact', async () => {
        const s = `${prefix}-g`;
        const data = { name: 'Zoë Ó Briain – “gas”', nested: { list: [1, 'two', null, { deep: true }] } };
        await store.append(s, [{ type: 'U', data }], 'no_stream', meta());
        expect((await store.readStream(s))[0].data).toEqual(data);
      });

      it('reports the actual version of the stream when the expected one is stale', async () => {
        const s = `${prefix}-h`;
        await store.append(
          s,
          [
            { type: 'A', data: {} },
            { type: 'B', data: {} },
          ],
          'no_stream',
          meta(),
        );
        await expect(store.append(s, [{ type: 'C', data: {} }], 0, meta())).rejects.toMatchObject({ actual: 1 });
        await expect(store.append(s, [{ type: 'C', data: {} }], 'no_stream', meta())).rejects.toMatchObject({
          actual: 1,
        });
      });

      it("treats a retried command as a duplicate with 'any' too, answering the position of its last event", async () => {
        const s = `${prefix}-i`;
        const first = await store.append(
          s,
          [
            { type: 'A', data: { n: 1 } },
            { type: 'A', data: { n: 2 } },
          ],
          'any',
          meta('twice'),
        );
        const again = await store.append(
          s,
          [
            { type: 'A', data: { n: 1 } },
            { type: 'A', data: { n: 2 } },
          ],
          'any',
          meta('twice'),
        );
        expect(again).toEqual({ duplicate: true, position: first.position, streamVersion: 1 });
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it('gives each event the same position in its stream, in the whole log and in the append result', async () => {
        const s = `${prefix}-k`;
        const start = await store.headPosition();
        const r = await store.append(
          s,
          [
            { type: 'P', data: { n: 1 } },
            { type: 'P', data: { n: 2 } },
          ],
          'no_stream',
          meta(),
        );
        const inStream = await store.readStream(s);
        const inLog = (await store.readAll(start, 1000)).filter((e) => e.stream === s);
        expect(inLog.map((e) => [e.eventId, e.position])).toEqual(inStream.map((e) => [e.eventId, e.position]));
        expect(r.position).toBe(inLog[1].position);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(r.position);
      });

      it('pages through a multi-event append one event at a time, and keeps a null (system) actor', async () => {
        const s = `${prefix}-j`;
        const start = await store.headPosition();
        await store.append(
          s,
          [1, 2, 3].map((i) => ({ type: 'N', data: { i } })),
          'no_stream',
          { ...meta(), actorId: null },
        );
        const seen: unknown[] = [];
        let after = start;
        // Bounded: a shared server may hold other writers' events after ours.
        for (let pages = 0; pages < 200 && seen.length < 3; pages++) {
          const page = await store.readAll(after, 1);
          if (page.length === 0) break;
          expect(page[0].position).toBeGreaterThan(after);
          after = page[0].position;
          if (page[0].stream === s) seen.push(page[0].data);
        }
        expect(seen).toEqual([{ i: 1 }, { i: 2 }, { i: 3 }]);
        expect((await store.readStream(s)).map((e) => e.actorId)).toEqual([null, null, null]);
      });

      it("takes an event just under KurrentDB's 1 MiB append limit and refuses one over it, appending nothing", async () => {
        const s = `${prefix}-k`;
        // Text of n bytes as JSON: { blob: "xxx…" }.
        const sized = (n: number) => ({ blob: 'x'.repeat(n - 11) });
        const near = sized(MAX_APPEND_BYTES - 2048);
        const r = await store.append(s, [{ type: 'Big', data: near }], 'no_stream', meta());
        expect(JSON.stringify((await store.readStream(s))[0].data).length).toBe(MAX_APPEND_BYTES - 2048);
        const over = store.append(s, [{ type: 'Big', data: sized(MAX_APPEND_BYTES + 1) }], 'any', meta());
        await expect(over).rejects.toBeInstanceOf(AppendTooLargeError);
        // The limit is per append: many events that are small one by one count together.
        const split = store.append(
          s,
          [1, 2, 3].map(() => ({ type: 'Big', data: sized(400_000) })),
          'any',
          meta(),
        );
        await expect(split).rejects.toBeInstanceOf(AppendTooLargeError);
        expect((await store.readStream(s)).length).toBe(1);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(r.position);
      });
    },
  );
}
