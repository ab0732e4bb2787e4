import { hash } from 'node:crypto';

/**
 * Tamper-evident log (docs/rules.md#hash-chain)
 * ------------------------------
 * Every event stores three SHA-256 hashes (lower-case hex):
 * - `contentHash`: of its content, `JSON.stringify([eventId, stream, streamVersion, type, time,
 *   actorId, correlationId, commandId]) + "\n" + dataJson`, where dataJson is the event data's JSON
 *   exactly as appended (JSON.stringify of the data; the SQLite store keeps that text as it is);
 * - `prevHash`: the chain hash of the event before it in the global order (GENESIS_HASH for the first);
 * - `hash`: sha256(prevHash + contentHash), the chain hash.
 * Altering any stored event changes its content hash; deleting or reordering events breaks the link
 * to the previous hash. Whoever can rewrite the whole file could recompute the whole chain, so the
 * head hash is also handed out (verify answer, evidence packs) to be kept elsewhere: a log whose
 * chain no longer passes through a head hash handed out earlier has been rewritten.
 * Limit: removing the newest events leaves a valid (shorter) chain; compare with a head hash kept.
 */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainFields {
  eventId: string;
  stream: string;
  streamVersion: number;
  type: string;
  time: string;
  actorId: string | null;
  correlationId: string;
  commandId: string | null;
}

export interface ChainLink {
  contentHash: string;
  prevHash: string;
  hash: string;
}

/** The text an event's content hash is taken of (see above). */
export const contentText = (e: ChainFields, dataJson: string): string =>
  `${JSON.stringify([e.eventId, e.stream, e.streamVersion, e.type, e.time, e.actorId, e.correlationId, e.commandId])}\n${dataJson}`;

// crypto.hash: one-shot hashing, several times faster than createHash for small inputs (verify speed).
export const eventContentHash = (e: ChainFields, dataJson: string): string =>
  hash('sha256', contentText(e, dataJson), 'hex');

export const chainHash = (prevHash: string, contentHash: string): string =>
  hash('sha256', prevHash + contentHash, 'hex');

export function linkAfter(prevHash: string, e: ChainFields, dataJson: string): ChainLink {
  const contentHash = eventContentHash(e, dataJson);
  return { contentHash, prevHash, hash: chainHash(prevHash, contentHash) };
}

/**
 * Why verification stopped: the event's content no longer matches its hash, or its link to the previous
 * event is broken (an event before it is missing, or events were reordered), or it carries no hash at all,
 * or the log up to it no longer has the root a signed checkpoint of that size holds (docs/rules.md#log-checkpoints).
 */
export type ChainFault = 'altered' | 'missing_or_reordered' | 'unchained' | 'not_in_checkpoint';

export interface ChainReport {
  ok: boolean;
  /** Events checked (all of them when ok; up to and including the first bad one otherwise). */
  events: number;
  /** Chain hash of the newest event (GENESIS_HASH for an empty log); when not ok, of the last good one. */
  head_hash: string;
  /** Global position of the first event that fails, null when ok. */
  first_bad_position: number | null;
  fault: ChainFault | null;
}

/** Checks events one by one in global order; stops at the first fault. */
export class ChainVerifier {
  private count = 0;
  /** `head`: the chain hash the first event checked must link to (that of the event before it). */
  constructor(private head = GENESIS_HASH) {}
  private bad: { position: number; fault: ChainFault } | null = null;

  /** False once a fault was found (further events are ignored). */
  check(
    position: number,
    e: ChainFields,
    dataJson: string,
    stored: { [K in keyof ChainLink]?: string | null } | null | undefined,
  ): boolean {
    if (this.bad) return false;
    if (!stored?.hash || !stored.contentHash || !stored.prevHash) return this.checkLink(position, null, stored);
    return this.checkLink(position, eventContentHash(e, dataJson), stored);
  }

  /** As check, given the content hash of the event as read now (`contentHash`; null when it has no stored hashes). */
  checkLink(
    position: number,
    contentHash: string | null,
    stored: { [K in keyof ChainLink]?: string | null } | null | undefined,
  ): boolean {
    if (this.bad) return false;
    this.count += 1;
    if (!stored?.hash || !stored.contentHash || !stored.prevHash) return this.fail(position, 'unchained');
    if (contentHash !== stored.contentHash || chainHash(stored.prevHash, stored.contentHash) !== stored.hash)
      return this.fail(position, 'altered');
    if (stored.prevHash !== this.head) return this.fail(position, 'missing_or_reordered');
    this.head = stored.hash;
    return true;
  }

  /** Records a fault found outside check (a checkpoint's root); false. */
  fail(position: number, fault: ChainFault): false {
    this.bad = { position, fault };
    return false;
  }

  report(): ChainReport {
    return {
      ok: !this.bad,
      events: this.count,
      head_hash: this.head,
      first_bad_position: this.bad?.position ?? null,
      fault: this.bad?.fault ?? null,
    };
  }
}
