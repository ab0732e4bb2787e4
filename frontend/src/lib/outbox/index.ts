import { useEffect, useMemo, useState } from 'react';
import { isUnreachableStatus } from '../connectivity';
import { newIdempotencyKey } from '../api';
import type { DrainResult, Outbox, OutboxSession } from './outbox';
import type { NewOutboxItem, OutboxItem } from './items';

export type { OutboxItem } from './items';

/** Said when the device has no room to keep an item (the outbox refuses it). */
export const STORAGE_FULL_MESSAGE =
  'This device has no room left to keep it until the signal returns. Free some space (or go online) and try again: what you entered is kept.';

/** Thrown by sendOrQueue when the device has no room to keep the item. */
export class OutboxFullError extends Error {
  constructor() {
    super(STORAGE_FULL_MESSAGE);
    this.name = 'OutboxFullError';
  }
}

/**
 * The app's outbox (docs/rules.md#outbox): one per page, its code (and idb) loaded and the
 * database opened on first use, so first screens do not carry it.
 */
let instance: Promise<Outbox> | null = null;
export function appOutbox(): Promise<Outbox> {
  instance ??= import('./outbox').then(({ Outbox }) => new Outbox());
  return instance;
}

/** True when IndexedDB exists here (the outbox can keep anything). */
export const outboxAvailable = () => typeof indexedDB !== 'undefined';

const NONE: OutboxItem[] = [];

/** The signed-in user's items, kept current (empty while signed out or without IndexedDB). */
export function useOutboxItems(userId: string | null | undefined): OutboxItem[] {
  // Kept with the user they were read for: another user's list is never shown.
  const [state, setState] = useState<{ userId: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!userId || !outboxAvailable()) return;
    let live = true;
    let stop = () => {};
    void appOutbox().then((box) => {
      if (!live) return;
      const load = () =>
        void box.list(userId).then(
          (items) => live && setState({ userId, items }),
          () => live && setState({ userId, items: [] }),
        );
      load();
      stop = box.subscribe(load);
    });
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return state && state.userId === userId ? state.items : NONE;
}

/** Where a sign-off of a job is sent (the key its queued item is found by). */
export const signOffPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/complete`;
/** Where a trainee's confirmation of a sign-off is sent. */
export const confirmPath = (signatureId: string) => `/signatures/${encodeURIComponent(signatureId)}/confirm`;
/** Where a trainee's dispute of a sign-off is sent. */
export const disputePath = (signatureId: string) => `/signatures/${encodeURIComponent(signatureId)}/dispute`;

/**
 * The signed-in user's items by the path they wait to send to, so a screen shows what is already
 * queued (docs/rules.md#outbox): a card whose sign-off waits is not offered for signing again.
 */
export function useQueuedByPath(userId: string | null | undefined): ReadonlyMap<string, OutboxItem> {
  const items = useOutboxItems(userId);
  return useMemo(() => new Map(items.map((i) => [i.path, i])), [items]);
}

export type SendOrQueue<T> = { sent: T } | { queued: OutboxItem };

/**
 * Sends a site action now, or keeps it in the outbox when there is no network: the browser says it
 * is offline, or the send got no answer (then it is queued with the same Idempotency-Key, so a
 * request that did reach the server is not done twice). Any answer from the server (a refusal
 * too) is the caller's, as before.
 */
export async function sendOrQueue<T>(
  send: (idempotencyKey: string) => Promise<T>,
  queue: Omit<NewOutboxItem, 'idempotencyKey'>,
): Promise<SendOrQueue<T>> {
  const idempotencyKey = newIdempotencyKey();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline || !outboxAvailable()) {
    try {
      return { sent: await send(idempotencyKey) };
    } catch (err) {
      const status = (err as { status?: unknown } | null)?.status;
      if (!isUnreachableStatus(status) || !outboxAvailable()) throw err;
    }
  }
  return { queued: await (await appOutbox()).add({ ...queue, idempotencyKey }) };
}

/**
 * Keeps a site action in the outbox without trying to send it first: for a sign-off whose photos
 * could not upload for want of signal, so the photos and the card wait and go together.
 */
export async function queueNow(queue: Omit<NewOutboxItem, 'idempotencyKey'>): Promise<OutboxItem> {
  return (await appOutbox()).add({ ...queue, idempotencyKey: newIdempotencyKey() });
}

export type { DrainResult, OutboxSession };
