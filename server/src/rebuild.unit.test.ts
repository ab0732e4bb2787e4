/**
 * `npm run projections:rebuild` reports how many events it read, not a log position: on KurrentDB
 * positions are byte offsets. KurrentDB is not reachable here, so its store runs on the fake client of
 * @panda/events/testing/fake-kurrent-client; read models go to an embedded store in a temp folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KurrentEventStore } from '@panda/events/kurrent-event-store';
import { FakeKurrentClient } from '@panda/events/testing/fake-kurrent-client';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { ProjectionRunner } from '@panda/projections/runner';
import type { Projection } from '@panda/projections/projection';
import { describeRebuild, rebuildProjections } from './rebuild';

const seen: Projection = {
  name: 'seen',
  collections: { seen: [] },
  handles: ['Ticked'],
  async apply(e, ctx) {
    ctx.put('seen', { id: e.eventId, _audience: [] });
  },
};

describe('projections:rebuild', () => {
  it('reports the number of events read, not the byte offset of the head', async () => {
    const client = new FakeKurrentClient();
    const store = new KurrentEventStore(client);
    for (let i = 0; i < 6; i++) {
      await store.append('ticks', [{ type: i === 5 ? 'Other' : 'Ticked', data: { i } }], 'any', { time: 't', actorId: null, correlationId: 'c', commandId: `c${i}` });
    }
    client.write('$stats-127.0.0.1:2113', '$statsCollected');
    const readStore = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'panda-rebuild-')), 'read.db'));
    const runner = new ProjectionRunner(store, readStore, [seen], { batchSize: 4 });
    await runner.init();
    const [report] = await rebuildProjections(runner, []);
    expect(await store.headPosition()).toBeGreaterThan(1000);
    expect(report).toMatchObject({ projection: 'seen', events: 6 });
    expect(describeRebuild(report)).toMatch(/^seen: rebuilt from 6 events in \d+ ms/);
    expect(await readStore.count('seen')).toBe(5);
    await expect(rebuildProjections(runner, ['seen', 'nope'])).rejects.toThrow(/Unknown projection\(s\): nope/);
    await readStore.close();
    await store.close();
  });
});
