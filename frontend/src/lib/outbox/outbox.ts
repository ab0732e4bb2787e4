import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { formatDetail } from '../errors';
import { ITEM_SCHEMA, migrate, type NewOutboxItem, type OutboxItem } from './items';
import { OutboxFullError } from './index';

export { OutboxFullError, STORAGE_FULL_MESSAGE } from './index';

/**
 * The on-device outbox (docs/rules.md#outbox), in IndexedDB through `idb`. Work made while Panda
 * cannot reach the server waits here and is sent when it can:
 * - in the order it was made, each request with the Idempotency-Key it got when queued, so a
 *   request sent twice (an answer lost on the way back) is done once by the server;
 * - only while the user who made it is signed in, with that user's token;
 * - no answer or a server error (5xx, 429): retried later, waiting longer each time (backoff), and
 *   the items after it wait too, so the order holds;
 * - a refusal (any other 4xx) stays on its item with the server's reason, for the user to edit and
 *   retry, or discard; the items after it go on;
 * - 401 (the session ended): nothing is sent until the same user signs in again.
 * Before an item is accepted, the device must have room for it (navigator.storage.estimate).
 */

interface OutboxDb extends DBSchema {
  items: { key: number; value: Record<string, unknown>; indexes: { 'by-user': string } };
}

export const OUTBOX_DB = 'panda-outbox';

/** The first wait after a failed send, doubled after each further failure up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Room kept free on the device beyond the item itself. */
export const STORAGE_MARGIN_BYTES = 5 * 1024 * 1024;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxSession {
  userId: string;
  token: string;
}

/** What a drain did. `stopped`: why it stopped early ('waiting' for a retry, 'unauthorized', or null when it went through the queue). */
export interface DrainResult {
  sent: Array<{ item: OutboxItem; answer: unknown; position: string | null }>;
  refused: OutboxItem[];
  stopped: 'waiting' | 'unauthorized' | null;
}

export interface OutboxOptions {
  dbName?: string;
  fetch?: typeof fetch;
  now?: () => number;
  estimate?: () => Promise<StorageEstimate | undefined>;
  newKey?: () => string;
}

const defaultEstimate = async () =>
  typeof navigator !== 'undefined' && navigator.storage?.estimate ? navigator.storage.estimate() : undefined;

const newUuid = () => crypto.randomUUID();

/** The size an item takes on the device, roughly: its JSON and its photos. */
function sizeOf(input: NewOutboxItem): number {
  const photos = (input.uploads ?? []).reduce((n, u) => n + u.blob.size, 0);
  return photos + JSON.stringify({ ...input, uploads: [] }).length * 2;
}

/** The server's reason from an error answer (`detail`, else `message`), else the status. */
async function reasonOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { detail?: unknown; message?: unknown };
    const detail = formatDetail(body?.detail);
    if (detail) return detail;
    if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  } catch {
    /* not JSON */
  }
  return `The server refused it (${res.status}${res.statusText ? ` ${res.statusText}` : ''})`;
}

type Outcome =
  | { kind: 'sent'; answer: unknown; position: string | null }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'unauthorized' };

export class Outbox {
  private db: Promise<IDBPDatabase<OutboxDb>> | null = null;
  private readonly listeners = new Set<() => void>();
  private draining: Promise<DrainResult> | null = null;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly estimate: () => Promise<StorageEstimate | undefined>;
  private readonly newKey: () => string;
  private readonly dbName: string;

  constructor(options: OutboxOptions = {}) {
    this.dbName = options.dbName ?? OUTBOX_DB;
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.now = options.now ?? Date.now;
    this.estimate = options.estimate ?? defaultEstimate;
    this.newKey = options.newKey ?? newUuid;
  }

  private open(): Promise<IDBPDatabase<OutboxDb>> {
    this.db ??= openDB<OutboxDb>(this.dbName, 1, {
      upgrade(db) {
        const items = db.createObjectStore('items', { keyPath: 'id', autoIncrement: true });
        items.createIndex('by-user', 'userId');
      },
    });
    return this.db;
  }

  /** Called whenever items change (added, sent, refused, retried, discarded). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Queues a request; throws OutboxFullError when the device has no room for it. */
  async add(input: NewOutboxItem): Promise<OutboxItem> {
    const estimate = await this.estimate().catch(() => undefined);
    if (estimate?.quota !== undefined && estimate.usage !== undefined) {
      if (estimate.quota - estimate.usage < sizeOf(input) + STORAGE_MARGIN_BYTES) throw new OutboxFullError();
    }
    const now = this.now();
    const item: Omit<OutboxItem, 'id'> = {
      schema: ITEM_SCHEMA,
      userId: input.userId,
      kind: input.kind,
      label: input.label,
      method: input.method,
      path: input.path,
      body: input.body ?? null,
      idempotencyKey: input.idempotencyKey ?? this.newKey(),
      uploads: (input.uploads ?? []).map((u) => ({ ...u, idempotencyKey: this.newKey(), uploadedId: null })),
      uploadIdsField: input.uploadIdsField ?? null,
      capturedAt: input.capturedAt ?? new Date(now).toISOString(),
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      refusal: null,
    };
    const db = await this.open();
    let id: number;
    try {
      id = await db.add('items', item as unknown as Record<string, unknown>);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'QuotaExceededError') throw new OutboxFullError();
      throw err;
    }
    this.changed();
    return { ...item, id };
  }

  /** The user's items in the order they were made (items of a newer app version are left out). */
  async list(userId: string): Promise<OutboxItem[]> {
    const db = await this.open();
    const stored = await db.getAllFromIndex('items', 'by-user', userId);
    return stored
      .map((s) => migrate(s))
      .filter((i): i is OutboxItem => i !== null)
      .sort((a, b) => a.id - b.id);
  }

  /** How many items of other users wait on this device (never shown or sent in this session). */
  async countOthers(userId: string): Promise<number> {
    const db = await this.open();
    const all = await db.count('items');
    return all - (await db.countFromIndex('items', 'by-user', userId));
  }

  private async put(item: OutboxItem): Promise<void> {
    const db = await this.open();
    await db.put('items', item as unknown as Record<string, unknown>);
  }

  private async get(id: number, userId: string): Promise<OutboxItem> {
    const db = await this.open();
    const stored = await db.get('items', id);
    const item = stored ? migrate(stored) : null;
    if (!item || item.userId !== userId) throw new Error('That item is no longer in the outbox');
    return item;
  }

  /** Sends a refused (or waiting) item again at the next drain, with `body` when it was edited. */
  async retry(id: number, userId: string, body?: Record<string, unknown>): Promise<void> {
    const item = await this.get(id, userId);
    await this.put({
      ...item,
      body: body ?? item.body,
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: this.now(),
      lastError: null,
      refusal: null,
    });
    this.changed();
  }

  /** Removes an item the user chose not to send. */
  async discard(id: number, userId: string): Promise<void> {
    await this.get(id, userId);
    const db = await this.open();
    await db.delete('items', id);
    this.changed();
  }

  /** When the next waiting item of the user is due (ms since the epoch), or null when none waits. */
  async nextDue(userId: string): Promise<number | null> {
    const waiting = (await this.list(userId)).filter((i) => i.status === 'waiting');
    return waiting.length ? Math.min(...waiting.map((i) => i.nextAttemptAt)) : null;
  }

  /**
   * Sends the session user's due items, in order; one drain at a time (a second call waits for the
   * first). Other users' items are never touched.
   */
  drain(session: OutboxSession): Promise<DrainResult> {
    const run = async (): Promise<DrainResult> => {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      // One tab at a time sends (the keys make a second send harmless, this saves the traffic).
      if (locks) return locks.request(`${this.dbName}-drain`, () => this.drainNow(session));
      return this.drainNow(session);
    };
    const next = (this.draining ?? Promise.resolve()).then(run, run);
    this.draining = next;
    return next;
  }

  private async drainNow(session: OutboxSession): Promise<DrainResult> {
    const result: DrainResult = { sent: [], refused: [], stopped: null };
    for (const listed of await this.list(session.userId)) {
      if (listed.status !== 'waiting') continue;
      if (listed.nextAttemptAt > this.now()) {
        // An earlier item waits for its retry: later ones wait behind it (the order holds).
        result.stopped = 'waiting';
        break;
      }
      const item = await this.get(listed.id, session.userId).catch(() => null);
      if (!item || item.status !== 'waiting') continue;
      const outcome = await this.send(item, session);
      if (outcome.kind === 'sent') {
        const db = await this.open();
        await db.delete('items', item.id);
        result.sent.push({ item, answer: outcome.answer, position: outcome.position });
        this.changed();
        continue;
      }
      if (outcome.kind === 'refused') {
        const refused: OutboxItem = {
          ...item,
          status: 'refused',
          refusal: { status: outcome.status, message: outcome.message },
          lastError: null,
        };
        await this.put(refused);
        result.refused.push(refused);
        this.changed();
        continue;
      }
      if (outcome.kind === 'unauthorized') {
        result.stopped = 'unauthorized';
        break;
      }
      const attempts = item.attempts + 1;
      await this.put({
        ...item,
        attempts,
        lastError: outcome.reason,
        nextAttemptAt: this.now() + Math.max(backoffMs(attempts), outcome.retryAfterMs ?? 0),
      });
      this.changed();
      result.stopped = 'waiting';
      break;
    }
    return result;
  }

  private async call(
    method: string,
    path: string,
    key: string,
    session: OutboxSession,
    body: BodyInit | null,
    contentType: string | null,
  ): Promise<{ res: Response } | { error: string }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': key };
    if (contentType) headers['Content-Type'] = contentType;
    try {
      return { res: await this.fetch(`/api${path}`, { method, headers, body }) };
    } catch (err) {
      return { error: err instanceof Error && err.message ? err.message : 'No answer from the server' };
    }
  }

  private async outcomeOf(res: Response): Promise<Outcome | null> {
    if (res.ok) return null;
    if (res.status === 401) return { kind: 'unauthorized' };
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      const after = Number(res.headers.get('Retry-After'));
      return {
        kind: 'retry',
        reason: `The server could not take it yet (${res.status})`,
        retryAfterMs: Number.isFinite(after) && after > 0 ? after * 1000 : null,
      };
    }
    return { kind: 'refused', status: res.status, message: await reasonOf(res) };
  }

  private async send(item: OutboxItem, session: OutboxSession): Promise<Outcome> {
    // Photos first, each once: an uploaded photo's id is kept on the item. Each goes as the raw
    // image with its own type, as `POST /api/job-photos` takes it (contracts/src/evidence.ts).
    for (const [index, upload] of item.uploads.entries()) {
      if (upload.uploadedId) continue;
      const call = await this.call('POST', upload.path, upload.idempotencyKey, session, upload.blob, upload.blob.type);
      if ('error' in call) return { kind: 'retry', reason: call.error, retryAfterMs: null };
      const failed = await this.outcomeOf(call.res);
      if (failed) return failed;
      const answer = (await call.res.json().catch(() => null)) as Record<string, unknown> | null;
      const id = answer?.photo_id ?? answer?.id;
      if (typeof id !== 'string')
        return { kind: 'refused', status: call.res.status, message: 'The photo upload gave no photo id' };
      item.uploads[index] = { ...upload, uploadedId: id };
      await this.put(item);
    }
    let body = item.body;
    // The queued photos' ids follow any the item already carries (photos uploaded before the signal went).
    if (item.uploadIdsField && item.uploads.length) {
      const before = body?.[item.uploadIdsField];
      const kept = Array.isArray(before) ? before : [];
      body = { ...(body ?? {}), [item.uploadIdsField]: [...kept, ...item.uploads.map((u) => u.uploadedId)] };
    }
    const call = await this.call(
      item.method,
      item.path,
      item.idempotencyKey,
      session,
      body ? JSON.stringify(body) : null,
      body ? 'application/json' : null,
    );
    if ('error' in call) return { kind: 'retry', reason: call.error, retryAfterMs: null };
    const failed = await this.outcomeOf(call.res);
    if (failed) return failed;
    const answer = await call.res.json().catch(() => null);
    const position =
      call.res.headers.get('X-Log-Position') ??
      (answer && typeof answer === 'object' && 'position' in answer ? String(answer.position) : null);
    return { kind: 'sent', answer, position };
  }
}
