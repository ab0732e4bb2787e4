import express, { Router, type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routedOnly } from './route-guard';

/** Two routers behind routedOnly and a third as it is, recording which router each request entered. */
function app(entered: string[]) {
  const seen =
    (name: string): RequestHandler =>
    (_req, _res, next) => {
      entered.push(name);
      next();
    };
  const profiles = Router();
  profiles.put('/api/profile', (_req, res) => void res.json({ at: 'profile' }));
  profiles.get('/api/mentors/:id/photo', (req, res) => void res.json({ at: 'photo', id: req.params.id }));
  const jobs = Router();
  jobs.get('/api/jobs', (_req, res) => void res.json({ at: 'jobs' }));
  jobs.post('/api/jobs/:id/complete', (req, res) => void res.json({ at: 'complete', id: req.params.id }));
  const withMiddleware = Router();
  withMiddleware.use(seen('middleware'));
  withMiddleware.get('/api/other', (_req, res) => void res.json({ at: 'other' }));
  const a = express();
  for (const [name, r] of [
    ['profiles', profiles],
    ['jobs', jobs],
  ] as const) {
    // The router itself, recording that the request entered it.
    const spied = Object.assign((req: never, res: never, next: never) => (entered.push(name), r(req, res, next)), {
      stack: r.stack,
    }) as unknown as Router;
    const guarded = routedOnly(spied);
    expect(guarded).not.toBe(spied);
    expect((guarded as unknown as Router).stack).toBe(r.stack);
    a.use(guarded);
  }
  expect(routedOnly(withMiddleware)).toBe(withMiddleware);
  a.use(routedOnly(withMiddleware));
  a.use((_req, res) => void res.status(404).json({ at: 'none' }));
  return a;
}

describe('routedOnly', () => {
  const entered: string[] = [];
  let url = '';
  let close = () => {};
  beforeAll(async () => {
    const server = app(entered).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const call = async (method: string, path: string) => {
    const res = await fetch(url + path, { method });
    return [res.status, await res.json()];
  };

  it('lets every request a route of the router matches reach it, whatever the case or a trailing slash', async () => {
    expect(await call('PUT', '/api/profile')).toEqual([200, { at: 'profile' }]);
    expect(await call('PUT', '/API/Profile/')).toEqual([200, { at: 'profile' }]);
    expect(await call('GET', '/api/mentors/m-1/photo')).toEqual([200, { at: 'photo', id: 'm-1' }]);
    expect(await call('POST', '/api/jobs/j%201/complete')).toEqual([200, { at: 'complete', id: 'j 1' }]);
    expect(await call('GET', '/api/jobs')).toEqual([200, { at: 'jobs' }]);
    expect(await call('GET', '/api/other')).toEqual([200, { at: 'other' }]);
  });

  it('answers as before for what no route matches (another method, a longer path)', async () => {
    expect(await call('GET', '/api/profile')).toEqual([404, { at: 'none' }]);
    expect(await call('PUT', '/api/profile-status')).toEqual([404, { at: 'none' }]);
    expect(await call('GET', '/api/nothing')).toEqual([404, { at: 'none' }]);
  });

  it('skips a router none of whose routes starts like the path, and runs a router with a middleware always', async () => {
    entered.length = 0;
    await call('GET', '/api/jobs');
    await call('GET', '/api/nothing');
    // The jobs call enters the jobs router only; the other call enters no guarded router, and the
    // router with a middleware (never guarded) as ever.
    expect(entered).toEqual(['jobs', 'middleware']);
  });
});
