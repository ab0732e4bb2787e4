import { z, type ZodType } from 'zod';

/**
 * One contract per HTTP route: what the route accepts and what each successful answer
 * looks like. The services validate with `body`/`query`; the web app's types are `z.infer` of
 * them; the integration-test harness (`server/src/testing/harness.ts`) parses every answer of every
 * call with the contract of its route, so a drift between server and client fails a test.
 * `server/src/contracts.int.test.ts` fails when a route has no contract or a contract no route.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A successful answer that is not JSON (a PDF, a CSV, an image): only its content type is checked. */
export interface BinaryAnswer {
  contentType: string | RegExp;
}

export interface RouteContract {
  method: HttpMethod;
  /** The express path pattern, e.g. `/api/jobs/:id`. */
  path: string;
  /** The JSON request body. */
  body?: ZodType;
  /** The query string (every value a string, as express gives it). */
  query?: ZodType;
  /** Each successful status the route answers, with the schema of its JSON body. */
  responses: Partial<Record<200 | 201 | 202 | 204, ZodType | BinaryAnswer>>;
}

export const defineRoutes = <const T extends readonly RouteContract[]>(routes: T): T => routes;

/** Every error answer (docs/api-conventions.md): `{ detail }`, a text or the field messages of a 400. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(fieldErrorSchema)]),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What every successful command answers besides its own fields (docs/api-conventions.md). */
export const commandResultSchema = z.object({ position: z.number().int().min(0) });

const patternCache = new Map<string, RegExp>();
function patternOf(path: string): RegExp {
  let re = patternCache.get(path);
  if (!re) {
    const source = path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${source}$`);
    patternCache.set(path, re);
  }
  return re;
}

/**
 * The contract of a request, as express would route it: the matching path with the fewest
 * parameters wins (`/api/support/counts` before `/api/support/:id`).
 */
export function findRoute<T extends RouteContract>(routes: readonly T[], method: string, url: string): T | undefined {
  const path = url.split('?')[0];
  const candidates = routes.filter((r) => r.method === method.toUpperCase() && patternOf(r.path).test(path));
  return candidates.sort((a, b) => params(a.path) - params(b.path))[0];
}
const params = (path: string) => (path.match(/:/g) ?? []).length;

export const isBinaryAnswer = (a: ZodType | BinaryAnswer): a is BinaryAnswer => 'contentType' in a;
