import type { SqliteLogTree, StoredCheckpoint } from '@panda/events/sqlite-log-tree';
import type { Logger } from '@panda/platform/logger';
import type { Mailer } from '@panda/platform/mailer';
import type { ReadStore } from '@panda/projections/read-store';
import { auditors } from '@panda/projections/read-models/auditors';
import { REACTOR_DONE } from '../shared/reactor';

export const LOG_WITNESS = 'log-witness';
/** How often `npm start` looks whether a day has ended unmailed (tests call tick() with their clock). */
export const LOG_WITNESS_TICK_MS = 60_000;

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 (UTC) of a time. */
const dayOf = (t: Date) => Math.floor(t.getTime() / DAY_MS);
const dayName = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Witness mail (docs/rules.md#log-witness): once a UTC day has ended, every active auditor gets the
 * last checkpoint the log signed before that day's end, to keep outside Panda; `npm run verify-log --
 * --checkpoints FILE` later checks the log still extends it. Days, not events, drive it, so it is a
 * ticker with the clock injected (like the reminders) that keeps its own checkpoint in the read store:
 * the last day fully mailed. Each mail is keyed `log-witness:<day>:<auditor id>`; the key is recorded
 * done with the checkpoint after the mail is handed over, and a done key is never mailed again. A
 * crash between the mail and its record sends it again with the same key, which the outbox writes
 * once and SMTP carries with the same Message-ID (as every reactor's mail). A ticker seen for the first
 * time starts with the current day: it never mails an existing install's past.
 */
export class LogWitnessTicker {
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly tree: SqliteLogTree,
    private readonly verifierKey: string,
    private readonly readStore: ReadStore,
    private readonly mailer: Mailer,
    private readonly publicUrl: () => string,
    private readonly clock: () => Date,
    private readonly logger?: Logger,
  ) {}

  /** Mails every ended day not yet mailed; answers how many mails it handed over. One tick at a time. */
  tick(): Promise<number> {
    const next = this.running.then(() => this.mailEndedDays());
    this.running = next.catch(() => undefined);
    return next;
  }

  /** Resolves once no tick is running (before the stores close). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async mailEndedDays(): Promise<number> {
    await this.readStore.ensureIndexes(REACTOR_DONE, ['reactor']);
    const today = dayOf(this.clock());
    let done = await this.readStore.checkpoint(LOG_WITNESS);
    if (done === 0) {
      // First run: the days before today are an existing install's past.
      await this.readStore.commit(LOG_WITNESS, 0, today - 1, []);
      done = today - 1;
    }
    let sent = 0;
    for (let day = done + 1; day < today; day++) {
      sent += await this.mailDay(day);
      await this.readStore.commit(LOG_WITNESS, day - 1, day, []);
    }
    if (sent) this.logger?.info({ sent }, 'log witness: checkpoints mailed to auditors');
    return sent;
  }

  private async mailDay(day: number): Promise<number> {
    const end = new Date((day + 1) * DAY_MS).toISOString();
    const checkpoint = this.tree.latestCheckpointBefore(end);
    // Nothing signed yet (an empty log): nothing to witness that day.
    if (!checkpoint) return 0;
    let sent = 0;
    for (const auditor of await this.readStore.find(auditors, { active: true }, { sort: { created_at: 1 } })) {
      const key = `${LOG_WITNESS}:${dayName(day)}:${auditor.id}`;
      if (await this.readStore.get(REACTOR_DONE, key)) continue;
      await this.mailer.send({
        key,
        to: auditor.email,
        subject: `Panda log checkpoint for ${dayName(day)}`,
        text: witnessText(auditor.first_name, dayName(day), checkpoint, this.verifierKey, this.publicUrl()),
      });
      await this.readStore.commit(LOG_WITNESS, day - 1, day - 1, [
        { op: 'put', collection: REACTOR_DONE, doc: { id: key, reactor: LOG_WITNESS, position: checkpoint.tree_size } },
      ]);
      sent += 1;
    }
    return sent;
  }
}

/** The mail: the signed checkpoint verbatim (it is what verify-log reads), the key, and what to do with them. */
export function witnessText(
  firstName: string,
  day: string,
  checkpoint: StoredCheckpoint,
  verifierKey: string,
  publicUrl: string,
): string {
  return (
    `Hello ${firstName},\n\n` +
    `This is the last checkpoint Panda's event log signed on ${day} (UTC), at ${checkpoint.time}: ` +
    `${checkpoint.tree_size} events. Please keep it somewhere outside Panda, with the ones before it.\n\n` +
    `----- checkpoint -----\n${checkpoint.note}----- end of checkpoint -----\n\n` +
    `It is signed by the log key:\n${verifierKey}\n\n` +
    `Anyone holding these can later check that Panda's log still extends them, that nothing in it was ` +
    `changed, removed or rewritten: save the checkpoints (the lines between the markers, one after ` +
    `another) in a file and run\n  npm run verify-log -- --checkpoints FILE --key '${verifierKey}'\n` +
    `The current checkpoint is at ${publicUrl}/api/audit/checkpoint and the key at ${publicUrl}/api/audit/log-key.\n`
  );
}
