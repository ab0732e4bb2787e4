import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'panda-es-')), 'events.db');

eventStoreContract('SQLite (embedded)', async () => new SqliteEventStore(tempFile(), { pollMs: 20 }));

describe('SqliteEventStore specifics', () => {
  it('keeps events across reopening the file', async () => {
    const file = tempFile();
    const a = new SqliteEventStore(file);
    await a.append('s', [{ type: 'A', data: { x: 1 } }], 'no_stream', { time: 't', actorId: null, correlationId: 'c', commandId: 'k' });
    await a.close();
    const b = new SqliteEventStore(file);
    expect((await b.readStream('s'))[0].data).toEqual({ x: 1 });
    await b.close();
  });

  it('sees appends made through another connection to the same file', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file, { pollMs: 10 });
    const waiting = reader.waitForAppend(0, 10_000);
    await writer.append('s', [{ type: 'A', data: {} }], 'any', { time: 't', actorId: null, correlationId: 'c', commandId: 'k' });
    expect(await waiting).toBe(true);
    await writer.close();
    await reader.close();
  });
});
