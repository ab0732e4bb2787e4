import type { Logger } from '@panda/platform/logger';
import type { SqliteLogTree, StoredCheckpoint } from '@panda/events/sqlite-log-tree';
import { checkpointText, signNote, type NoteSigner } from '@panda/events/signed-note';

/** At most this long between two checkpoints while the log grows (docs/rules.md#log-checkpoints). */
export const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

/**
 * Signs checkpoints of the log (docs/rules.md#log-checkpoints): each tick takes the new events into the
 * tree and, when the log grew since the last checkpoint, signs a C2SP tlog-checkpoint of it and keeps
 * it. Runs beside the projections, a tick at start and then every CHECKPOINT_INTERVAL_MS; the clock
 * is injected. Self-contained: it needs the tree, the key, the origin, a clock and a logger.
 */
export class LogCheckpointer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tree: SqliteLogTree,
    private readonly signer: NoteSigner,
    private readonly origin: string,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  /** The checkpoint made now, or null when the log has not grown since the last one. */
  async tick(): Promise<StoredCheckpoint | null> {
    const size = await this.tree.extend();
    const last = this.tree.latestCheckpoint();
    if (size === 0 || (last && last.tree_size >= size)) return null;
    const root = this.tree.root(size);
    const checkpoint = {
      tree_size: size,
      root,
      note: signNote(checkpointText({ origin: this.origin, treeSize: size, root }), this.signer),
      time: this.clock().toISOString(),
    };
    this.tree.saveCheckpoint(checkpoint);
    return checkpoint;
  }

  start(): void {
    const run = () => {
      this.running = this.tick().catch((err) =>
        this.logger.error({ err }, 'log checkpoints: none made this time; the next tick tries again'),
      );
    };
    run();
    this.timer = setInterval(run, CHECKPOINT_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
