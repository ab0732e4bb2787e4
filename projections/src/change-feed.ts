import { EventEmitter } from 'node:events';
import type { CommittedBatch } from './projection';
import type { ReadStore } from './read-store';
import { CHANGES, type ProjectionRunner } from './runner';

/** Tells listeners which read-model documents changed, batch by batch. */
export interface ChangeFeed {
  subscribe(listener: (batch: CommittedBatch) => void): () => void;
  close(): void;
}

export function runnerFeed(runner: ProjectionRunner): ChangeFeed {
  return { subscribe: (l) => runner.onCommitted(l), close: () => {} };
}

/** Another process than the runner: tails `_changes` from the positions current at start (docs/architecture.md#projection-runner). */
export function pollingFeed(
  readStore: ReadStore,
  projections: string[],
  pollMs = 200,
  onError: (err: unknown) => void = () => {},
): ChangeFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const last = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      for (const p of projections) {
        if (!last.has(p)) {
          last.set(p, await readStore.checkpoint(p));
          continue;
        }
        const docs = await readStore.find(
          CHANGES,
          { projection: p, position: { $gt: last.get(p)! } },
          { sort: { position: 1 }, limit: 500 },
        );
        for (const d of docs) {
          last.set(p, d.position as number);
          emitter.emit('batch', { projection: p, position: d.position, changes: d.changes } as CommittedBatch);
        }
      }
    } catch (err) {
      onError(err);
    } finally {
      if (!stopped) timer = setTimeout(tick, pollMs);
    }
  };
  void tick();
  return {
    subscribe(l) {
      emitter.on('batch', l);
      return () => emitter.off('batch', l);
    },
    close() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
