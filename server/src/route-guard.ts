import type { RequestHandler, Router } from 'express';

/** Up to the first parameter, wildcard or optional group, lowercased (routes ignore case). */
const staticStart = (path: string) => {
  const i = path.search(/[:*{(]/);
  return (i === -1 ? path : path.slice(0, i)).toLowerCase();
};

/** null for a router holding anything but routes with a path given as text: every request enters it. */
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
 * `routers` as one layer, entering only those with a route starting like the path (docs/benchmarks.md,
 * "Routes and middlewares"). Routes are read now: add none after. `stack` lists them, as a router's does.
 */
export function routedTogether(routers: Router[]): RequestHandler {
  const entries = routers.map((router) => ({ router, starts: startsOf(router) }));
  const dispatch: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    let i = 0;
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

/** `handlers` in turn as one layer; a throw or rejection goes to the error handlers (docs/benchmarks.md, "Routes and middlewares"). */
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

/** `handler` for paths at or under `prefix` (any case), unmounted: it sees the whole `req.path`. */
export function under(prefix: string, handler: RequestHandler): RequestHandler {
  const p = prefix.toLowerCase();
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    return path === p || path.startsWith(`${p}/`) ? handler(req, res, next) : next();
  };
}
