import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractHttp } from '../testing/contract-http';
import { FakeWebSocket } from '../testing/fake-websocket';
import { testUser } from '../testing/fixtures';
import { server } from '../testing/server';
import { makeTestStore, type TestStore } from '../testing/test-utils';
import { api } from './api';
import {
  CLOSE_FORBIDDEN,
  CLOSE_NORMAL,
  CLOSE_TOKEN_REFUSED,
  connectLive,
  disconnectLive,
  onLiveMessage,
  PING_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  selectLiveStatus,
} from './live';
import { SESSION_EXPIRED_MESSAGE } from './session';

const user = testUser('mentor');

// Two reads that hold the tags a list and a document of the 'jobs' collection would hold.
const probeApi = api.enhanceEndpoints({ addTagTypes: ['jobs'] }).injectEndpoints({
  endpoints: (build) => ({
    probeJobList: build.query<unknown, void>({
      query: () => '/auth/validate?probe=list',
      providesTags: [{ type: 'jobs', id: 'LIST' }],
    }),
    probeJob: build.query<unknown, string>({
      query: (id) => `/auth/validate?probe=${id}`,
      providesTags: (_result, _error, id) => [{ type: 'jobs', id }],
    }),
  }),
});

/** Counts the reads per probe and keeps the X-Min-Position each was sent with. */
function recordReads() {
  const reads: Array<{ probe: string; minPosition: string | null }> = [];
  server.use(
    contractHttp('GET', '/api/auth/validate', ({ request, ok }) => {
      reads.push({
        probe: new URL(request.url).searchParams.get('probe') ?? '',
        minPosition: request.headers.get('X-Min-Position'),
      });
      return ok(200, { valid: true, user });
    }),
  );
  return reads;
}

let store: TestStore;

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  store = makeTestStore({ token: 'tok-1', user });
});

afterEach(() => {
  disconnectLive();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const status = () => selectLiveStatus(store.getState());

describe('lib/live push client', () => {
  it("opens /ws/{userId} with the token and reports 'connected' once open", () => {
    connectLive(user.id, 'tok-1', store.dispatch);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws/${user.id}?token=tok-1`);
    expect(status()).toBe('connecting');
    socket.serverOpen();
    expect(status()).toBe('connected');
  });

  it("refetches the reads tagged with a 'changed' collection and id, with the pushed position", async () => {
    const reads = recordReads();
    const list = store.dispatch(probeApi.endpoints.probeJobList.initiate());
    const job1 = store.dispatch(probeApi.endpoints.probeJob.initiate('j1'));
    const job2 = store.dispatch(probeApi.endpoints.probeJob.initiate('j2'));
    await Promise.all([list, job1, job2]);
    expect(reads).toHaveLength(3);

    connectLive(user.id, 'tok-1', store.dispatch);
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverSend({ type: 'changed', collection: 'jobs', id: 'j1', position: 90 });

    // The list and j1 are read again, after the pushed change (X-Min-Position); j2 is not.
    await expect.poll(() => reads.length).toBe(5);
    expect(
      reads
        .slice(3)
        .map((r) => r.probe)
        .sort(),
    ).toEqual(['j1', 'list']);
    expect(reads.slice(3).map((r) => r.minPosition)).toEqual(['90', '90']);

    // A change to another collection refetches nothing: only the next jobs change's reads follow.
    FakeWebSocket.latest().serverSend({ type: 'changed', collection: 'students', id: 'j1', position: 91 });
    FakeWebSocket.latest().serverSend({ type: 'changed', collection: 'jobs', id: 'j2', position: 92 });
    await expect.poll(() => reads.length).toBeGreaterThanOrEqual(7);
    expect(
      reads
        .slice(5)
        .map((r) => r.probe)
        .sort(),
    ).toEqual(['j2', 'list']);
    for (const sub of [list, job1, job2]) sub.unsubscribe();
  });

  it('hands every message but pong to the listeners', () => {
    const seen: unknown[] = [];
    const off = onLiveMessage((msg) => seen.push(msg));
    connectLive(user.id, 'tok-1', store.dispatch);
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    socket.serverSend({ type: 'pong' });
    socket.serverSend({ type: 'new_message', text: 'hi' });
    off();
    socket.serverSend({ type: 'new_message', text: 'after off' });
    expect(seen).toEqual([{ type: 'new_message', text: 'hi' }]);
  });

  it('pings every 30 s and reconnects 3 s after an abnormal close', () => {
    vi.useFakeTimers();
    connectLive(user.id, 'tok-1', store.dispatch);
    const first = FakeWebSocket.latest();
    first.serverOpen();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(first.sent).toEqual([{ type: 'ping' }]);

    first.serverClose(1006);
    expect(status()).toBe('reconnecting');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = FakeWebSocket.latest();
    expect(second.url).toBe(first.url);
    second.serverOpen();
    expect(status()).toBe('connected');
  });

  it.each([
    ['a normal close', CLOSE_NORMAL],
    ['a close for a temporary password', CLOSE_FORBIDDEN],
  ])('stays closed after %s', (_name, code) => {
    vi.useFakeTimers();
    connectLive(user.id, 'tok-1', store.dispatch);
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(code);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(status()).toBe('disconnected');
    expect(store.getState().session.token).toBe('tok-1');
  });

  it('ends the session when the server refuses the token', async () => {
    connectLive(user.id, 'tok-1', store.dispatch);
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose(CLOSE_TOKEN_REFUSED);
    await expect.poll(() => store.getState().session.expired).toBe(true);
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().toasts.items.map((t) => t.message)).toContain(SESSION_EXPIRED_MESSAGE);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes with 1000 on logout and does not reconnect', () => {
    vi.useFakeTimers();
    connectLive(user.id, 'tok-1', store.dispatch);
    const socket = FakeWebSocket.latest();
    socket.serverOpen();
    disconnectLive();
    expect(socket.closedByClient).toBe(CLOSE_NORMAL);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(status()).toBe('disconnected');
  });
});
