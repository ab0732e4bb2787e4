import { describe, expect, it } from 'vitest';
import { contractHttp, takeContractDrift } from './contract-http';
import { server } from './server';

const post = (body: unknown) =>
  fetch('/api/auth/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('contractHttp (MSW handlers checked by the contracts)', () => {
  it('refuses a route the contracts do not have', () => {
    expect(() => contractHttp('GET', '/api/no-such-route', ({ ok }) => ok(200, {}))).toThrow(
      'No contract for GET /api/no-such-route',
    );
  });

  it("answers a body the route's schema refuses with the server's 400, without calling the test's resolver", async () => {
    let called = false;
    server.use(
      contractHttp('POST', '/api/auth/signin', ({ ok }) => {
        called = true;
        return ok(200, {});
      }),
    );
    const response = await post({ Email: '', Password: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: [{ field: 'Email', message: 'Email is required' }] });
    expect(called).toBe(false);
  });

  it("fails the call when the test's answer does not fit the route's contract", async () => {
    server.use(contractHttp('POST', '/api/auth/signin', ({ ok }) => ok(200, { token: 't', user: { id: 'u' } })));
    // MSW turns an exception in a handler into a 500 answer, which the app would show as an error.
    const response = await post({ Email: 'a@b.co', Password: 'x' });
    expect(response.status).toBe(500);
    // And the test fails after it (setup.ts), even if the app coped with the 500.
    const drift = takeContractDrift();
    expect(drift).toHaveLength(1);
    expect(drift[0].message).toMatch(/^The 200 answer to POST \/api\/auth\/signin does not fit its contract/);
  });
});
