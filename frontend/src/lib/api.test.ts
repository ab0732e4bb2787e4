import { describe, expect, it } from 'vitest';
import { authApi } from '../features/auth/api/auth-api';
import { contractHttp } from '../testing/contract-http';
import { testUser } from '../testing/fixtures';
import { server } from '../testing/server';
import { makeTestStore } from '../testing/test-utils';
import { api } from './api';
import { SESSION_EXPIRED_MESSAGE } from './session';

// A read and a command of the contracts, called through the app's one api (and so its baseQuery).
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeValidate: build.query<unknown, number>({ query: () => '/auth/validate' }),
    probeLogout: build.mutation<unknown, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
});

const student = testUser('student');
const validAnswer = { valid: true, user: student };

/** Records the headers of every GET /api/auth/validate; answers 200, or 401 for `refused` tokens. */
function recordValidate(refused: string[] = []) {
  const seen: Headers[] = [];
  server.use(
    contractHttp('GET', '/api/auth/validate', ({ request, ok, fail }) => {
      seen.push(request.headers);
      const token = request.headers.get('Authorization')?.replace('Bearer ', '') ?? '';
      return refused.includes(token) ? fail(401, { detail: 'Invalid token' }) : ok(200, validAnswer);
    }),
  );
  return seen;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('lib/api baseQuery', () => {
  // Runs first: the highest position seen is kept for the life of the page (the module).
  it('sends the highest position a command answered as X-Min-Position on later reads', async () => {
    const store = makeTestStore({ token: 't1', user: student });
    const seen = recordValidate();
    const positions: Array<{ body: number; header?: string }> = [
      { body: 41 },
      { body: 12, header: '57' },
      { body: 30 },
    ];
    server.use(
      contractHttp('POST', '/api/auth/logout', ({ ok }) => {
        const next = positions.shift()!;
        return ok(
          200,
          { message: 'Logged out', position: next.body },
          next.header ? { 'X-Log-Position': next.header } : undefined,
        );
      }),
    );
    const read = async (n: number) => {
      await store.dispatch(probeApi.endpoints.probeValidate.initiate(n)).unwrap();
      return seen.at(-1)!.get('X-Min-Position');
    };

    expect(await read(1)).toBeNull();
    await store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap();
    expect(await read(2)).toBe('41');
    // The X-Log-Position header counts as well as the body's position: the higher one wins.
    await store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap();
    expect(await read(3)).toBe('57');
    // A lower position never lowers it.
    await store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap();
    expect(await read(4)).toBe('57');
  });

  it('asks a read again when the read models are catching up (503 with Retry-After), and gives up after a few', async () => {
    const store = makeTestStore({ token: 't1', user: student });
    let calls = 0;
    let busyFor = 2;
    server.use(
      contractHttp('GET', '/api/auth/validate', ({ ok, fail }) => {
        calls += 1;
        return calls <= busyFor
          ? fail(503, { detail: 'The read models are still catching up; please retry shortly' }, { 'Retry-After': '0' })
          : ok(200, validAnswer);
      }),
    );
    await expect(store.dispatch(probeApi.endpoints.probeValidate.initiate(10)).unwrap()).resolves.toEqual(validAnswer);
    expect(calls).toBe(3);

    calls = 0;
    busyFor = 99;
    await expect(store.dispatch(probeApi.endpoints.probeValidate.initiate(11)).unwrap()).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toBe(5);
  });

  it('sends a command again, with the same Idempotency-Key, when its account change is not in the read models yet (503 with Retry-After)', async () => {
    const store = makeTestStore({ token: 't1', user: student });
    const keys: (string | null)[] = [];
    server.use(
      contractHttp('POST', '/api/auth/logout', ({ request, ok, fail }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1
          ? fail(503, { detail: 'The read models are still catching up; please retry shortly' }, { 'Retry-After': '0' })
          : ok(200, { message: 'Logged out', position: 1 });
      }),
    );
    await expect(store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap()).resolves.toMatchObject({
      message: 'Logged out',
    });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toBeTruthy();
  });

  it('sends the bearer token on every call and an Idempotency-Key on commands only', async () => {
    const store = makeTestStore({ token: 't-abc', user: student });
    const seen = recordValidate();
    const commandHeaders: Headers[] = [];
    server.use(
      contractHttp('POST', '/api/auth/logout', ({ request, ok }) => {
        commandHeaders.push(request.headers);
        return ok(200, { message: 'Logged out', position: 1 });
      }),
    );
    await store.dispatch(probeApi.endpoints.probeValidate.initiate(10)).unwrap();
    await store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap();
    await store.dispatch(probeApi.endpoints.probeLogout.initiate()).unwrap();

    expect(seen[0].get('Authorization')).toBe('Bearer t-abc');
    expect(seen[0].has('Idempotency-Key')).toBe(false);
    expect(commandHeaders.map((h) => h.get('Authorization'))).toEqual(['Bearer t-abc', 'Bearer t-abc']);
    const keys = commandHeaders.map((h) => h.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('repeats a call refused during a password change with the new token, and keeps the session', async () => {
    const store = makeTestStore({ token: 'old-token', user: student });
    const seen = recordValidate(['old-token']);
    const changeReached = deferred<void>();
    const changeAnswer = deferred<void>();
    server.use(
      contractHttp('PUT', '/api/change-password', async ({ ok }) => {
        changeReached.resolve();
        await changeAnswer.promise;
        return ok(200, { message: 'Password changed', token: 'new-token', user: student, position: 5 });
      }),
    );

    const change = store.dispatch(
      authApi.endpoints.changePassword.initiate({
        currentPassword: 'secret1',
        newPassword: 'secret2',
        confirmPassword: 'secret2',
      }),
    );
    await changeReached.promise;
    const read = store.dispatch(probeApi.endpoints.probeValidate.initiate(20));
    // The read is refused with the old token and waits for the change's answer.
    await expect.poll(() => seen.length).toBe(1);
    expect(store.getState().session.token).toBe('old-token');
    changeAnswer.resolve();

    await change.unwrap();
    expect(await read.unwrap()).toEqual(validAnswer);
    expect(seen.map((h) => h.get('Authorization'))).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(store.getState().session).toMatchObject({ token: 'new-token', status: 'authenticated', expired: false });
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('ends the session on a 401 when no password change is in flight', async () => {
    const store = makeTestStore({ token: 'stale', user: student });
    const seen = recordValidate(['stale']);

    await store.dispatch(probeApi.endpoints.probeValidate.initiate(30));

    expect(seen).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ token: null, expired: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().toasts.items.map((t) => t.message)).toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('does not end the session on a 401 from sign-in (wrong credentials)', async () => {
    const store = makeTestStore({ token: 'held', user: student });
    server.use(contractHttp('POST', '/api/auth/signin', ({ fail }) => fail(401, { detail: 'Invalid credentials' })));

    const result = await store.dispatch(authApi.endpoints.signIn.initiate({ Email: 'a@b.co', Password: 'x' }));

    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session).toMatchObject({ token: 'held', expired: false });
  });
});
