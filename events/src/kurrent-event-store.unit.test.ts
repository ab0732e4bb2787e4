/**
 * KurrentEventStore's own logic on a fake client (testing/fake-kurrent-client.ts), because no KurrentDB
 * is reachable here: what it asks the server for, duplicate detection, and system events in $all.
 * The contract suite (kurrent-event-store.int.test.ts) checks the behaviour against a real server.
 */
import { describe, expect, it } from 'vitest';
import type { AppendMeta } from './envelope';
import { WrongExpectedVersionError } from './event-store';
import { GENESIS_HASH } from './hash-chain';
import { KurrentEventStore, MARKER_EVENT_TYPE, markerStream } from './kurrent-event-store';
import { FakeKurrentClient } from './testing/fake-kurrent-client';

let n = 0;
const meta = (commandId = `cmd-${++n}`): AppendMeta => ({
  time: '2026-01-02T03:04:05.000Z',
  actorId: 'a1',
  correlationId: 'c1',
  commandId,
});
const setup = () => {
  const client = new FakeKurrentClient();
  return { client, store: new KurrentEventStore(client, { pollMs: 5 }) };
};

describe('KurrentEventStore appends (fake client)', () => {
  it('appends with one atomic multi-stream append and reads nothing before it', async () => {
    const { client, store } = setup();
    await store.append('s', [{ type: 'A', data: {} }], 'no_stream', meta());
    client.calls.length = 0;
    const r = await store.append(
      's',
      [
        { type: 'B', data: { x: 1 } },
        { type: 'C', data: {} },
      ],
      0,
      meta('k'),
    );
    expect(r).toMatchObject({ duplicate: false, streamVersion: 2 });
    // The head of the log for the hash chain (docs/rules.md#hash-chain: its position, then its hash), one append,
    // then one forward read of the last event for its position: no backward scan of the stream.
    expect(client.calls).toEqual([
      { method: 'readAll', backwards: true },
      { method: 'readAll', backwards: false },
      { method: 'multiStreamAppend' },
      { method: 'readStream', stream: 's', backwards: false },
    ]);
    const marker = client.log.filter((e) => e.streamId === markerStream('s', 'k'));
    expect(marker.map((e) => e.type)).toEqual([MARKER_EVENT_TYPE]);
  });

  it('answers a command id retried after 250 other appends as a duplicate, appending nothing', async () => {
    const { client, store } = setup();
    const first = await store.append(
      's',
      [
        { type: 'A', data: { i: 0 } },
        { type: 'A', data: { i: 1 } },
      ],
      'no_stream',
      meta('early'),
    );
    for (let i = 2; i < 252; i++) await store.append('s', [{ type: 'A', data: { i } }], i - 1, meta());
    const size = client.log.length;
    // With the current version the append itself would succeed: only the marker stops it.
    expect(await store.append('s', [{ type: 'A', data: {} }], 251, meta('early'))).toEqual({
      duplicate: true,
      position: first.position,
      streamVersion: 251,
    });
    expect(await store.append('s', [{ type: 'A', data: {} }], 0, meta('early'))).toEqual({
      duplicate: true,
      position: first.position,
      streamVersion: 251,
    });
    expect(await store.append('s', [{ type: 'A', data: {} }], 'any', meta('early'))).toEqual({
      duplicate: true,
      position: first.position,
      streamVersion: 251,
    });
    expect(client.log.length).toBe(size);
  });

  it("finds an 'any' command's events however far back they are", async () => {
    const { client, store } = setup();
    await store.append('s', [{ type: 'A', data: {} }], 'no_stream', meta());
    const first = await store.append(
      's',
      [
        { type: 'B', data: {} },
        { type: 'B', data: {} },
      ],
      'any',
      meta('anyone'),
    );
    for (let i = 0; i < 1100; i++) await store.append('s', [{ type: 'C', data: {} }], 'any', meta());
    const size = client.log.length;
    expect(await store.append('s', [{ type: 'B', data: {} }], 'any', meta('anyone'))).toEqual({
      duplicate: true,
      position: first.position,
      streamVersion: 1102,
    });
    expect(client.log.length).toBe(size);
  });

  it('lets one command id append once to each stream, and reports a stale version with the actual one', async () => {
    const { store } = setup();
    await store.append('s1', [{ type: 'A', data: {} }], 'no_stream', meta('shared'));
    expect((await store.append('s2', [{ type: 'A', data: {} }], 'no_stream', meta('shared'))).duplicate).toBe(false);
    await store.append('s1', [{ type: 'B', data: {} }], 0, meta());
    const err = await store.append('s1', [{ type: 'C', data: {} }], 0, meta()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(err).toMatchObject({ stream: 's1', expected: 0, actual: 1 });
    await expect(store.append('s1', [{ type: 'C', data: {} }], 'no_stream', meta())).rejects.toMatchObject({
      actual: 1,
    });
    await expect(store.append('new', [{ type: 'C', data: {} }], 3, meta())).rejects.toMatchObject({ actual: -1 });
  });
});

describe('KurrentEventStore and system events in $all (fake client)', () => {
  /** A log whose middle and tail are KurrentDB's own records: `$`-types, `$`-streams and markers. */
  async function systemHeavyLog() {
    const { client, store } = setup();
    await store.append('account-1', [{ type: 'A', data: { i: 1 } }], 'no_stream', meta());
    for (let i = 0; i < 700; i++) client.write('$projections-x', 'ProjectionUpdated'); // a $-stream, ordinary type
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    client.write('$$account-1', '$metadata');
    const last = await store.append('account-1', [{ type: 'A', data: { i: 2 } }], 0, meta());
    for (let i = 0; i < 600; i++) client.write('$projections-y', 'ProjectionUpdated');
    client.write('account-1', '$streamDeleted');
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    return { client, store, last };
  }

  it('readAll returns only the application events, past any number of system ones', async () => {
    const { store, last } = await systemHeavyLog();
    const all = await store.readAll(0, 100);
    expect(all.map((e) => [e.stream, (e.data as { i: number }).i])).toEqual([
      ['account-1', 1],
      ['account-1', 2],
    ]);
    expect((await store.readAll(0, 1)).map((e) => e.position)).toEqual([all[0].position]);
    expect((await store.readAll(all[0].position, 1)).map((e) => e.position)).toEqual([last.position]);
    expect(await store.readAll(last.position, 100)).toEqual([]);
  });

  it('headPosition is the newest event readAll returns, not a system record after it', async () => {
    const { client, store, last } = await systemHeavyLog();
    expect(await store.headPosition()).toBe(last.position);
    expect(Number(client.log[client.log.length - 1].position.commit)).toBeGreaterThan(last.position);
    const empty = setup();
    empty.client.write('$stats-127.0.0.1:2113', '$statsCollected');
    for (let i = 0; i < 600; i++) empty.client.write('$projections-z', 'ProjectionUpdated');
    expect(await empty.store.headPosition()).toBe(0);
    expect(await empty.store.readAll(0, 10)).toEqual([]);
  });

  it('a waiting reader is not woken by system records, only by an append', async () => {
    const { client, store, last } = await systemHeavyLog();
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    expect(await store.waitForAppend(last.position, 50)).toBe(false);
  });
});

describe('KurrentEventStore hash chain (fake client)', () => {
  it('chains every append in its metadata over the log order, and verify finds an altered event', async () => {
    const { client, store } = setup();
    await store.append(
      'a',
      [
        { type: 'A', data: { n: 1 } },
        { type: 'A', data: { n: 2 } },
      ],
      'no_stream',
      meta(),
    );
    await store.append('b', [{ type: 'B', data: { n: 3 } }], 'any', meta());
    await store.append('a', [{ type: 'A', data: { n: 4 } }], 'any', meta());
    const all = await store.readAll(0, 100);
    expect(all.map((e) => e.chain?.prevHash)).toEqual([
      GENESIS_HASH,
      all[0].chain?.hash,
      all[1].chain?.hash,
      all[2].chain?.hash,
    ]);
    expect(await store.verifyChain()).toMatchObject({ ok: true, events: 4, head_hash: all[3].chain?.hash });
    const stored = client.log.find((e) => e.id === all[2].eventId)!;
    stored.data = { n: 30 };
    expect(await store.verifyChain()).toMatchObject({
      ok: false,
      first_bad_position: all[2].position,
      fault: 'altered',
    });
  });
});
