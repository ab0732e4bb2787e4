import { errorBodySchema, isBinaryAnswer, type HttpMethod } from '@panda/contracts/route-contract';
import { routeContracts } from '@panda/contracts/routes';
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver } from 'msw';
import type { ZodType } from 'zod';

type SuccessStatus = 200 | 201 | 202 | 204;

const drift: Error[] = [];

/**
 * The answers that did not fit their contract since the last call (and forgets them). MSW turns a
 * handler's exception into a 500 the app may cope with; setup.ts fails the test on any drift left.
 */
export function takeContractDrift(): Error[] {
  return drift.splice(0);
}

function checked<T>(what: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    const error = new Error(`${what} does not fit its contract: ${String(err)}`);
    drift.push(error);
    throw error;
  }
}

/**
 * An MSW handler for one `/api` route of the contracts (contracts/src/routes.ts). The route must
 * exist there. A JSON body is parsed with the route's request schema, as the server does at its
 * edge: a body the server would refuse gets the server's 400 (`{ detail: [{ field, message }] }`,
 * platform/src/http.ts) and the resolver is not called; else the resolver gets the parsed `body`.
 * The test's answer is checked against the route's contract before the app sees it: a fixture
 * that drifts from what the server answers fails the test instead of passing silently. Answers come from `ok(...)` (a success, parsed with the route's schema for that
 * status) or `fail(...)` (an error, parsed with the shared error body).
 *
 *   server.use(contractHttp('POST', '/api/auth/signup', ({ ok }) => ok(201, session)));
 */
export function contractHttp(
  method: HttpMethod,
  path: `/api/${string}`,
  resolver: (tools: {
    request: Request;
    /** The request body as the route's schema parsed it (undefined for a route without a body). */
    body: unknown;
    params: Record<string, string | readonly string[] | undefined>;
    ok: (status: SuccessStatus, body: unknown, headers?: HeadersInit) => Response;
    fail: (status: number, body: unknown, headers?: HeadersInit) => Response;
  }) => Response | Promise<Response>,
) {
  const route = routeContracts.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`No contract for ${method} ${path} in contracts/src/routes.ts`);
  const ok = (status: SuccessStatus, body: unknown, headers?: HeadersInit) => {
    const schema = route.responses[status];
    if (!schema || isBinaryAnswer(schema)) throw new Error(`${method} ${path} has no JSON ${status} answer`);
    const parsed = checked(`The ${status} answer to ${method} ${path}`, () => (schema as ZodType).parse(body));
    return HttpResponse.json(parsed as DefaultBodyType, { status, headers });
  };
  const fail = (status: number, body: unknown, headers?: HeadersInit) => {
    if (status < 400) throw new Error(`fail() takes an error status, not ${status}`);
    const parsed = checked(`The ${status} answer to ${method} ${path}`, () => errorBodySchema.parse(body));
    return HttpResponse.json(parsed as DefaultBodyType, { status, headers });
  };
  const handle: HttpResponseResolver = async ({ request, params }) => {
    let body: unknown;
    if (route.body) {
      const text = await request.clone().text();
      const result = route.body.safeParse(text ? JSON.parse(text) : {});
      if (!result.success) {
        const seen = new Set<string>();
        const detail = result.error.issues
          .map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }))
          .filter((d) => (seen.has(d.field) ? false : (seen.add(d.field), true)));
        return fail(400, { detail });
      }
      body = result.data;
    }
    return resolver({ request, body, params, ok, fail });
  };
  return http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path, handle);
}

/**
 * A route of the contracts that refuses each request as the server does when one field is wrong:
 * 400 with `[{ field, message }]`, for a form test's "the server's message goes under its field".
 */
export function refusedOn(method: HttpMethod, path: `/api/${string}`, field: string, message: string) {
  return contractHttp(method, path, ({ fail }) => fail(400, { detail: [{ field, message }] }));
}
