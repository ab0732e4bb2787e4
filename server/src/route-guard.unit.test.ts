import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTurn, routedTogether, under } from './route-guard';

/**
 * Four routers in one routedTogether layer (one of them holding a middleware), recording which router
 * each request entered, then a 404 and an error handler as the app has them.
 */
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
  profiles.get('/api/fails', () => {
    throw new Error('profiles failed');
  });
  const jobs = Router();
  jobs.get('/api/jobs', (_req, res) => void res.json({ at: 'jobs' }));
  jobs.post('/api/jobs/:id/complete', (req, res) => void res.json({ at: 'complete', id: req.params.id }));
  // A route that passes the request on: the routers after it still get their turn.
  jobs.get('/api/mentors/:id/photo', (_req, _res, next) => next());
  const withMiddleware = Router();
  withMiddleware.use(seen('middleware'));
  withMiddleware.get('/api/other', (_req, res) => void res.json({ at: 'other' }));
  const photos = Router();
  photos.get('/api/mentors/:id/photo', (req, res) => void res.json({ at: 'late photo', id: req.params.id }));

  const spy = (name: string, r: Router) =>
    Object.assign((req: never, res: never, next: never) => (entered.push(name), r(req, res, next)), {
      stack: r.stack,
    }) as unknown as Router;
  const together = routedTogether([
    spy('jobs', jobs),
    spy('profiles', profiles),
    withMiddleware,
    spy('photos', photos),
  ]);
  expect((together as unknown as Router).stack).toEqual([
    ...jobs.stack,
    ...profiles.stack,
    ...withMiddleware.stack,
    ...photos.stack,
  ]);
  const a = express();
  a.use(together);
  a.use((_req, res) => void res.status(404).json({ at: 'none' }));
  a.use(
    ((err, _req, res, _next) =>
      void res.status(500).json({ at: 'error', message: err.message })) as ErrorRequestHandler,
  );
  return a;
}

describe('routedTogether', () => {
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

  it('lets every request a route of a router matches reach it, whatever the case or a trailing slash', async () => {
    expect(await call('PUT', '/api/profile')).toEqual([200, { at: 'profile' }]);
    expect(await call('PUT', '/API/Profile/')).toEqual([200, { at: 'profile' }]);
    expect(await call('POST', '/api/jobs/j%201/complete')).toEqual([200, { at: 'complete', id: 'j 1' }]);
    expect(await call('GET', '/api/jobs')).toEqual([200, { at: 'jobs' }]);
    expect(await call('GET', '/api/other')).toEqual([200, { at: 'other' }]);
  });

  it('answers as before for what no route matches (another method, a longer path)', async () => {
    expect(await call('GET', '/api/profile')).toEqual([404, { at: 'none' }]);
    expect(await call('PUT', '/api/profile-status')).toEqual([404, { at: 'none' }]);
    expect(await call('GET', '/api/nothing')).toEqual([404, { at: 'none' }]);
  });

  it('tries the routers in order: the first that answers wins, one that passes the request on hands it to the next', async () => {
    entered.length = 0;
    // jobs passes it on, profiles answers: photos, after it, is never entered.
    expect(await call('GET', '/api/mentors/m-1/photo')).toEqual([200, { at: 'photo', id: 'm-1' }]);
    expect(entered).toEqual(['jobs', 'profiles']);
  });

  it("hands a router's error to the app's error handler, entering no router after it", async () => {
    entered.length = 0;
    expect(await call('GET', '/api/fails')).toEqual([500, { at: 'error', message: 'profiles failed' }]);
    expect(entered).toEqual(['profiles']);
  });

  it('skips a router none of whose routes starts like the path, and enters a router with a middleware always', async () => {
    entered.length = 0;
    await call('GET', '/api/jobs');
    await call('GET', '/api/nothing');
    // The jobs call enters the jobs router only; the other call enters no router but the one with a
    // middleware.
    expect(entered).toEqual(['jobs', 'middleware']);
  });
});

describe('inTurn and under', () => {
  let url = '';
  let close = () => {};
  const seen: string[] = [];
  beforeAll(async () => {
    const step =
      (name: string): RequestHandler =>
      (req, _res, next) => {
        seen.push(`${name} ${req.baseUrl}|${req.path}`);
        next();
      };
    const a = express();
    a.use(
      inTurn([
        step('first'),
        under(
          '/api',
          inTurn([
            step('api'),
            (req, _res, next) => {
              if (req.path.endsWith('/throws')) throw new Error('thrown');
              next();
            },
            async (req, _res, next) => {
              if (req.path.endsWith('/rejects')) throw new Error('rejected');
              next();
            },
            step('last'),
          ]),
        ),
      ]),
    );
    a.use((req, res) => void res.json({ at: 'end', path: req.path }));
    a.use(((err, _req, res, _next) => void res.status(500).json({ error: err.message })) as ErrorRequestHandler);
    const server = a.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());
  const get = async (path: string) => {
    seen.length = 0;
    const res = await fetch(url + path);
    return [res.status, await res.json(), [...seen]];
  };

  it('runs the handlers in order, the ones under a prefix only for paths under it (in any case), seeing the whole path', async () => {
    expect(await get('/api/x')).toEqual([
      200,
      { at: 'end', path: '/api/x' },
      ['first |/api/x', 'api |/api/x', 'last |/api/x'],
    ]);
    expect((await get('/API'))[2]).toEqual(['first |/API', 'api |/API', 'last |/API']);
    expect(await get('/apix')).toEqual([200, { at: 'end', path: '/apix' }, ['first |/apix']]);
    expect((await get('/'))[2]).toEqual(['first |/']);
  });

  it('hands a thrown error or a rejected promise to the error handlers, running nothing after it', async () => {
    expect(await get('/api/throws')).toEqual([500, { error: 'thrown' }, ['first |/api/throws', 'api |/api/throws']]);
    expect(await get('/api/rejects')).toEqual([
      500,
      { error: 'rejected' },
      ['first |/api/rejects', 'api |/api/rejects'],
    ]);
  });
});
