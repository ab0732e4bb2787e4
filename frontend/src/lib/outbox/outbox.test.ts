// @vitest-environment node
// Node, not jsdom: jsdom's Blob cannot be stored (structured clone) the way a browser's can, and the
// photos must come back from the outbox intact. The shared setup empties localStorage after each test.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffMs, Outbox, OutboxFullError, type OutboxOptions } from './outbox';
import type { NewOutboxItem } from './items';

interface Call {
  method: string;
  url: string;
  key: string | null;
  auth: string | null;
  body: unknown;
}

/** A fake API: answers each call with the next of `answers` (an Error = no answer), records every call. */
function fakeApi() {
  const calls: Call[] = [];
  const answers: Array<Response | Error | ((call: Call) => Response)> = [];
  const fetch: typeof globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = init?.body;
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      key: headers.get('Idempotency-Key'),
      auth: headers.get('Authorization'),
      body: typeof body === 'string' ? JSON.parse(body) : body instanceof Blob ? 'blob' : null,
    };
    calls.push(call);
    const next = answers.shift() ?? new Response(JSON.stringify({ success: true }), { status: 200 });
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(call) : next;
  };
  return { calls, answers, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const MENTOR = { userId: 'm1', token: 'tok-m1' };
const OTHER = { userId: 'm2', token: 'tok-m2' };

const signOff = (card: string, userId = MENTOR.userId): NewOutboxItem => ({
  userId,
  kind: 'sign-off',
  label: `Boiler Service, card ${card}`,
  method: 'PUT',
  path: `/jobs/job-${card}/complete`,
  body: { mentor_signature: { signature: 'M', mentorName: 'M' }, captured_at: '2026-12-06T10:00:00.000Z' },
});

vi.stubGlobal('localStorage', { clear: () => undefined });

let dbCount = 0;
let clock = 0;
let api: ReturnType<typeof fakeApi>;
let box: Outbox;
let dbName: string;
const make = (options: OutboxOptions = {}) =>
  new Outbox({ dbName, fetch: api.fetch, now: () => clock, estimate: async () => undefined, ...options });

beforeEach(() => {
  dbName = `outbox-test-${++dbCount}`;
  clock = Date.parse('2026-12-06T10:00:00.000Z');
  api = fakeApi();
  box = make();
});

afterEach(() => {
  indexedDB.deleteDatabase(dbName);
});

describe('the outbox', () => {
  it('sends items in the order they were made, each with its own Idempotency-Key and the user token', async () => {
    await box.add(signOff('1'));
    await box.add(signOff('2'));
    await box.add({
      ...signOff('3'),
      kind: 'confirmation',
      method: 'POST',
      path: '/signatures/s1/confirm',
      body: null,
    });
    const result = await box.drain(MENTOR);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/jobs/job-1/complete',
      'PUT /api/jobs/job-2/complete',
      'POST /api/signatures/s1/confirm',
    ]);
    expect(new Set(api.calls.map((c) => c.key)).size).toBe(3);
    expect(api.calls.every((c) => c.auth === 'Bearer tok-m1')).toBe(true);
    expect(result.sent.map((s) => s.item.label)).toEqual([
      'Boiler Service, card 1',
      'Boiler Service, card 2',
      'Boiler Service, card 3',
    ]);
    expect(await box.list(MENTOR.userId)).toEqual([]);
  });

  it('keeps the device time as captured_at and the item across a new Outbox (a reload)', async () => {
    const added = await box.add({ ...signOff('1'), capturedAt: undefined });
    expect(added.capturedAt).toBe('2026-12-06T10:00:00.000Z');
    const reopened = make();
    const [item] = await reopened.list(MENTOR.userId);
    expect(item).toMatchObject({
      label: 'Boiler Service, card 1',
      status: 'waiting',
      idempotencyKey: added.idempotencyKey,
    });
  });

  it('sends once: a drained item is gone, and drains at once send each item once', async () => {
    await box.add(signOff('1'));
    await box.add(signOff('2'));
    await Promise.all([box.drain(MENTOR), box.drain(MENTOR), box.drain(MENTOR)]);
    expect(api.calls.map((c) => c.url)).toEqual(['/api/jobs/job-1/complete', '/api/jobs/job-2/complete']);
  });

  it('retries with backoff on no answer and on 5xx, with the same key, holding the items behind it', async () => {
    const first = await box.add(signOff('1'));
    await box.add(signOff('2'));
    api.answers.push(new TypeError('Failed to fetch'));
    let result = await box.drain(MENTOR);
    expect(result.stopped).toBe('waiting');
    expect(api.calls).toHaveLength(1);
    let [item] = await box.list(MENTOR.userId);
    expect(item).toMatchObject({ attempts: 1, lastError: 'Failed to fetch', nextAttemptAt: clock + BACKOFF_BASE_MS });

    // Not due yet: nothing is sent, not even the second item.
    await box.drain(MENTOR);
    expect(api.calls).toHaveLength(1);

    clock += BACKOFF_BASE_MS;
    api.answers.push(json(503, { detail: 'busy' }));
    await box.drain(MENTOR);
    [item] = await box.list(MENTOR.userId);
    expect(item).toMatchObject({ attempts: 2, nextAttemptAt: clock + 2 * BACKOFF_BASE_MS });
    expect(item.lastError).toMatch(/503/);

    clock += 2 * BACKOFF_BASE_MS;
    result = await box.drain(MENTOR);
    expect(result.sent).toHaveLength(2);
    expect(api.calls.map((c) => c.key).slice(0, 3)).toEqual([
      first.idempotencyKey,
      first.idempotencyKey,
      first.idempotencyKey,
    ]);
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/jobs/job-1/complete',
      '/api/jobs/job-1/complete',
      '/api/jobs/job-1/complete',
      '/api/jobs/job-2/complete',
    ]);
  });

  it('doubles the wait after each failure up to five minutes, and honours Retry-After', async () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
    await box.add(signOff('1'));
    api.answers.push(json(429, { detail: 'slow down' }, { 'Retry-After': '60' }));
    await box.drain(MENTOR);
    const [item] = await box.list(MENTOR.userId);
    expect(item.nextAttemptAt).toBe(clock + 60_000);
  });

  it('stops a refused item with the server reason; the others go on; retry after an edit, or discard', async () => {
    const refused = await box.add(signOff('1'));
    await box.add(signOff('2'));
    api.answers.push(json(409, { detail: 'This job card was already signed' }));
    const result = await box.drain(MENTOR);
    expect(result.refused.map((i) => i.refusal)).toEqual([
      { status: 409, message: 'This job card was already signed' },
    ]);
    expect(result.sent.map((s) => s.item.label)).toEqual(['Boiler Service, card 2']);
    const [kept] = await box.list(MENTOR.userId);
    expect(kept).toMatchObject({ id: refused.id, status: 'refused' });

    // A refused item is not sent again by itself.
    await box.drain(MENTOR);
    expect(api.calls).toHaveLength(2);

    await box.retry(refused.id, MENTOR.userId, { mentor_signature: { signature: 'Edited', mentorName: 'M' } });
    await box.drain(MENTOR);
    expect(api.calls[2]).toMatchObject({
      key: refused.idempotencyKey,
      body: { mentor_signature: { signature: 'Edited', mentorName: 'M' } },
    });

    const other = await box.add(signOff('3'));
    api.answers.push(json(400, { detail: [{ field: 'completed_at', message: 'Please enter a valid date and time' }] }));
    await box.drain(MENTOR);
    expect((await box.list(MENTOR.userId))[0].refusal?.message).toBe(
      'completed_at: Please enter a valid date and time',
    );
    await box.discard(other.id, MENTOR.userId);
    expect(await box.list(MENTOR.userId)).toEqual([]);
  });

  it('never sends an item as another user; a 401 keeps the items for when the user signs in again', async () => {
    await box.add(signOff('1'));
    const result = await box.drain(OTHER);
    expect(result.sent).toEqual([]);
    expect(api.calls).toEqual([]);
    expect(await box.list(OTHER.userId)).toEqual([]);
    expect(await box.countOthers(OTHER.userId)).toBe(1);
    await expect(box.discard((await box.list(MENTOR.userId))[0].id, OTHER.userId)).rejects.toThrow();

    api.answers.push(json(401, { detail: 'Session expired' }));
    expect((await box.drain(MENTOR)).stopped).toBe('unauthorized');
    expect(await box.list(MENTOR.userId)).toHaveLength(1);
    expect((await box.list(MENTOR.userId))[0]).toMatchObject({ status: 'waiting', attempts: 0 });

    const renewed = await box.drain({ userId: MENTOR.userId, token: 'tok-m1-again' });
    expect(renewed.sent).toHaveLength(1);
    expect(api.calls.at(-1)?.auth).toBe('Bearer tok-m1-again');
  });

  it('uploads the photos first (each the raw image with its type), once each, and sends their ids with the request', async () => {
    const photo = (n: number) => ({
      path: '/job-photos',
      blob: new Blob([`jpeg-${n}`], { type: 'image/jpeg' }),
      name: `p${n}.jpg`,
    });
    const sent: Array<{ type: string | null; body: BodyInit | null | undefined }> = [];
    const recorded = api.fetch;
    box = make({
      fetch: (input, init) => {
        sent.push({ type: new Headers(init?.headers).get('Content-Type'), body: init?.body });
        return recorded(input, init);
      },
    });
    await box.add({ ...signOff('1'), uploads: [photo(1), photo(2)], uploadIdsField: 'photo_ids' });
    api.answers.push(json(201, { photo_id: 'ph-1' }), new TypeError('Failed to fetch'));
    await box.drain(MENTOR);
    const [waiting] = await box.list(MENTOR.userId);
    expect(waiting.uploads.map((u) => u.uploadedId)).toEqual(['ph-1', null]);
    expect(await waiting.uploads[0].blob.text()).toBe('jpeg-1');

    clock += BACKOFF_BASE_MS;
    api.answers.push(json(201, { photo_id: 'ph-2' }));
    await box.drain(MENTOR);
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/job-photos',
      '/api/job-photos',
      '/api/job-photos',
      '/api/jobs/job-1/complete',
    ]);
    expect(api.calls[1].key).toBe(api.calls[2].key);
    expect(api.calls[3].body).toMatchObject({ photo_ids: ['ph-1', 'ph-2'] });
    expect(sent.map((s) => s.type)).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg', 'application/json']);
    expect(await (sent[2].body as Blob).text()).toBe('jpeg-2');
  });

  it('puts the queued photos after the ones the card already carried (uploaded before the signal went)', async () => {
    const photo = { path: '/job-photos', blob: new Blob(['jpeg-1'], { type: 'image/jpeg' }), name: 'p1.jpg' };
    const card = signOff('1');
    await box.add({
      ...card,
      body: { ...card.body, photo_ids: ['ph-0'] },
      uploads: [photo],
      uploadIdsField: 'photo_ids',
    });
    api.answers.push(json(201, { photo_id: 'ph-1' }), json(200, { success: true }));
    await box.drain(MENTOR);
    expect(api.calls[1].body).toMatchObject({ photo_ids: ['ph-0', 'ph-1'] });
  });

  it('reads and migrates items written by an older version, and keeps those of a newer one', async () => {
    const db = await openDB(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('items', { keyPath: 'id', autoIncrement: true }).createIndex('by-user', 'userId');
      },
    });
    // Version 1: no schema field, no uploads, the device time as createdAt (ms).
    await db.add('items', {
      userId: MENTOR.userId,
      kind: 'sign-off',
      label: 'Old card',
      method: 'PUT',
      path: '/jobs/old/complete',
      body: { mentor_signature: { signature: 'M', mentorName: 'M' } },
      idempotencyKey: 'old-key',
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      refusal: null,
      createdAt: Date.parse('2026-12-01T08:30:00.000Z'),
    });
    await db.add('items', { schema: 99, userId: MENTOR.userId, label: 'From the future' });
    db.close();

    const [old] = await box.list(MENTOR.userId);
    expect(old).toMatchObject({ schema: 2, uploads: [], capturedAt: '2026-12-01T08:30:00.000Z', label: 'Old card' });
    const result = await box.drain(MENTOR);
    expect(result.sent).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ url: '/api/jobs/old/complete', key: 'old-key' });
    // The newer item is neither sent nor dropped.
    expect(await box.countOthers('nobody')).toBe(1);
  });

  it('refuses an item when the device has no room for it, before keeping anything', async () => {
    const full = make({ estimate: async () => ({ quota: 100 * 1024 * 1024, usage: 99 * 1024 * 1024 }) });
    await expect(full.add(signOff('1'))).rejects.toBeInstanceOf(OutboxFullError);
    expect(await full.list(MENTOR.userId)).toEqual([]);
    const roomy = make({ estimate: async () => ({ quota: 100 * 1024 * 1024, usage: 1024 }) });
    await expect(roomy.add(signOff('1'))).resolves.toMatchObject({ status: 'waiting' });
  });
});
