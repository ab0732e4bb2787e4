/**
 * What the outbox keeps (docs/rules.md#outbox): one queued request per item, bound to the user who
 * made it, with its Idempotency-Key, the device time it was made, and any photos to upload first.
 * Items are stored with the schema version they were written in; `migrate` brings an older item
 * up to date when it is read, and an item of a newer version than this app knows is kept as it is
 * (never sent, never dropped) until the app is updated.
 */

/** The version of the items this app writes. */
export const ITEM_SCHEMA = 2;

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A photo that is uploaded (the raw image, its own Idempotency-Key) before the item's request is sent. */
export interface OutboxUpload {
  /** The upload endpoint, e.g. `/job-photos` (relative to /api): the blob is its raw body, with the blob's type. */
  path: string;
  /** Kept by items written before uploads went as the raw image; not used when sending. */
  field?: string;
  blob: Blob;
  name: string;
  idempotencyKey: string;
  /** The id the server answered, once uploaded (a retry does not upload it again). */
  uploadedId: string | null;
}

export type OutboxStatus = 'waiting' | 'refused';

export interface OutboxItem {
  id: number;
  schema: number;
  /** The user who made it; it is only ever sent while that user is signed in. */
  userId: string;
  /** What it is, for the list ('sign-off', 'confirmation', 'dispute'). */
  kind: string;
  /** One line for the list: "Boiler Service, card 3 for Sam Smith". */
  label: string;
  method: OutboxMethod;
  /** Relative to /api, e.g. `/jobs/j1/complete`. */
  path: string;
  body: Record<string, unknown> | null;
  idempotencyKey: string;
  uploads: OutboxUpload[];
  /** The body field that receives the uploaded photos' ids (e.g. `photo_ids`). */
  uploadIdsField: string | null;
  /** The device's clock when it was made (ISO). */
  capturedAt: string;
  status: OutboxStatus;
  /** Failed sends so far (no answer, or a server error); the next waits longer. */
  attempts: number;
  /** Not sent before this time (ms since the epoch). */
  nextAttemptAt: number;
  /** Why the last send did not go through (no answer, server error), while it is retried. */
  lastError: string | null;
  /** The server's refusal (4xx): the item waits for the user to edit and retry, or discard it. */
  refusal: { status: number; message: string } | null;
}

/** What a caller gives to queue a request. */
export interface NewOutboxItem {
  userId: string;
  kind: string;
  label: string;
  method: OutboxMethod;
  path: string;
  body?: Record<string, unknown> | null;
  uploads?: Array<Pick<OutboxUpload, 'path' | 'blob' | 'name'>>;
  uploadIdsField?: string | null;
  /** Defaults to the device's clock now. */
  capturedAt?: string;
  idempotencyKey?: string;
}

/**
 * Version 1 items (the outbox's first release) had no photo uploads and kept the device time as
 * `createdAt` (epoch ms). Each step takes an item of version n to n + 1.
 */
const MIGRATIONS: Record<number, (item: Record<string, unknown>) => Record<string, unknown>> = {
  1: ({ createdAt, ...rest }) => ({
    ...rest,
    schema: 2,
    uploads: [],
    uploadIdsField: null,
    capturedAt: new Date(typeof createdAt === 'number' ? createdAt : Date.now()).toISOString(),
  }),
};

/** An item read from storage, brought to ITEM_SCHEMA; null when it was written by a newer app. */
export function migrate(stored: Record<string, unknown>): OutboxItem | null {
  let item = stored;
  let schema = typeof item.schema === 'number' ? item.schema : 1;
  if (schema > ITEM_SCHEMA) return null;
  while (schema < ITEM_SCHEMA) {
    const step = MIGRATIONS[schema];
    if (!step) throw new Error(`outbox: no migration from item schema ${schema}`);
    item = step({ ...item, schema });
    schema = item.schema as number;
  }
  return item as unknown as OutboxItem;
}
