import type { RequestHandler, Router } from 'express';

/**
 * The static start of an Express 5 route path: up to its first parameter, wildcard or optional
 * group, lowercased (routes match without regard to case).
 */
const staticStart = (path: string) => {
  const i = path.search(/[:*{(]/);
  return (i === -1 ? path : path.slice(0, i)).toLowerCase();
};

/**
 * The static starts of a router's route paths; null for a router holding anything but routes with a
 * path given as text (a middleware, a pattern), which every request must enter.
 */
function startsOf(router: Router): string[] | null {
  const starts: string[] = [];
  for (const layer of router.stack as { route?: { path?: unknown } }[]) {
    const path = layer.route?.path;
    if (typeof path !== 'string') return null;
    const start = staticStart(path);
    if (!starts.includes(start)) starts.push(start);
  }
  return starts;
}

/**
 * `routers` as one layer of the app, answering as they would one layer each, in turn: a request goes
 * to each router, in order, whose route paths include one that starts like the request's path (a
 * router holding anything but routes with a path given as text, always), until one answers or
 * fails. Express tried each route of each router in turn (a request for the last capability's route
 * was matched against every route before it), and then, one layer a router, still paid its layer
 * machinery for each router it skipped: a command went through a dozen layers before its own. The
 * routes are read here: add none to the routers after. The layer shows the routers' routes as its
 * `stack`, as a router does (tools and tests that list an app's routes).
 */
export function routedTogether(routers: Router[]): RequestHandler {
  const entries = routers.map((router) => ({ router, starts: startsOf(router) }));
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    let i = 0;
    // A router calls this when none of its routes answered (or with its error).
    const onward = (err?: unknown) => {
      if (err) return next(err);
      while (i < entries.length) {
        const { router, starts } = entries[i++];
        if (starts === null || starts.some((s) => path.startsWith(s))) return router(req, res, onward);
      }
      next();
    };
    onward();
  };
  return Object.assign(dispatch, { stack: routers.flatMap((r) => r.stack) });
}

/**
 * `handlers` in turn as one layer of the app, each calling the next (a thrown error or a rejected
 * promise goes to the app's error handlers, as Express does for a layer). Each layer of the app costs
 * every request its matching and call machinery; the middlewares every request goes through are one.
 */
export function inTurn(handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const onward = (err?: unknown) => {
      if (err) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        const done = handler(req, res, onward) as unknown;
        if (done instanceof Promise) done.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    onward();
  };
}

/**
 * `handler` for the requests whose path is `prefix` or under it (in any case, as `app.use(prefix, …)`
 * matches), at the app's root: mounted at the prefix, a layer took the prefix off the request's URL
 * and put it back (parsing the URL again each time). The handler sees the whole path in `req.path`,
 * and `req.baseUrl` empty.
 */
export function under(prefix: string, handler: RequestHandler): RequestHandler {
  const p = prefix.toLowerCase();
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    return path === p || path.startsWith(`${p}/`) ? handler(req, res, next) : next();
  };
}
