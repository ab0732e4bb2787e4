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
 * `router` behind a check of the request's path: Express tries each route of each router in turn
 * (a request for the last capability's route was matched against every route before it), and a
 * request whose path starts with none of this router's route paths now skips it in one step. A
 * router holding anything but routes with a path given as text (a middleware, a pattern) is
 * returned as it is. The routes are read here: add none to the router after. The guard shows the
 * router's `stack`, as the router does.
 */
export function routedOnly(router: Router): RequestHandler {
  const starts: string[] = [];
  for (const layer of router.stack as { route?: { path?: unknown } }[]) {
    const path = layer.route?.path;
    if (typeof path !== 'string') return router;
    const start = staticStart(path);
    if (!starts.includes(start)) starts.push(start);
  }
  const guard: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    for (const start of starts) if (path.startsWith(start)) return router(req, res, next);
    next();
  };
  // Its routes stay visible where the router's were (tools and tests that list an app's routes).
  return Object.assign(guard, { stack: router.stack });
}
