import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import { HttpError, badRequest, forbidden, unauthorized } from './errors';
import type { Logger } from './logger';
import type { Role } from './tokens';

export interface AuthContext {
  id: string;
  role: Role;
  /** The account holds a temporary password: only the password change, validate and sign-out may be called. */
  mustChangePassword?: boolean;
  /** When the token expires, ms since the epoch. */
  expiresAt?: number;
  /** The token's id (what signing out ends). */
  tokenId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/** Strips the query string so that tokens passed in URLs (the WebSocket) never reach the logs. */
export const safeUrl = (url: string | undefined) => (url ?? '').split('?')[0];

/** The caller's X-Request-Id when it is a plain id, else a new one; sent back in the answer. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Gives every request its id (`req.id`, the X-Request-Id answer header, the events' correlation id)
 * and logs each answer (info; 4xx warn; 5xx error). When the logger would log none of them (silent,
 * fatal) only the id is given: no child logger, serializer or timer per request.
 */
export function requestLogging(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled('error'))
    return (req, res, next) => {
      (req as { id?: string }).id = requestId(req, res);
      next();
    };
  return pinoHttp({
    logger,
    genReqId: requestId,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  }) as unknown as RequestHandler;
}

/** Deepest nesting of arrays and objects a JSON body may have; no request of this API needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text in `buf` nests arrays or objects more than `max` levels deep (one pass, no parse). */
export function jsonNestedDeeperThan(buf: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Parses JSON bodies up to `limit`, in UTF-8 only (RFC 8259; 415 otherwise). A body nested deeper than
 * MAX_JSON_DEPTH is refused (400) before it is parsed: parsing millions of levels blocks the process
 * for seconds, and code that walks a body recursively (JSON.stringify, schema checks) would overflow
 * the stack on it. (In UTF-16 a byte scan could be fooled, hence UTF-8 only.)
 */
export const jsonBody = (limit = '1mb'): RequestHandler =>
  express.json({
    limit,
    verify: (_req, _res, buf, encoding) => {
      if (encoding !== 'utf-8') throw new HttpError(415, 'JSON bodies must be UTF-8');
      if (jsonNestedDeeperThan(buf, MAX_JSON_DEPTH))
        throw badRequest(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
    },
  });

/** Parses `data` with `schema` or answers 400 naming every bad field. */
export function validate<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const detail = result.error.issues
    .map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }))
    .filter((d) => (seen.has(d.field) ? false : (seen.add(d.field), true)));
  throw new HttpError(400, detail);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      res.status(err.status).json({ detail: err.detail });
      return;
    }
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.too.large') return void res.status(413).json({ detail: 'Request body is too large' });
    if (e?.type === 'entity.parse.failed') return void res.status(400).json({ detail: 'Malformed JSON body' });
    if ((err as Error)?.name === 'AppendTooLargeError')
      return void res.status(413).json({ detail: 'This change is too large to save' });
    if (e?.status && e.status >= 400 && e.status < 500)
      return void res.status(e.status).json({ detail: 'Bad request' });
    logger.error({ err, reqId: (req as { id?: unknown }).id, url: safeUrl(req.url) }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error' });
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not found' });
};

export function bearerToken(req: Request): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

/** Loads who is calling; refuses missing, invalid, expired tokens and locked accounts with 401. */
export type Authenticator = (token: string | null) => Promise<AuthContext | null>;

export const MUST_CHANGE_PASSWORD = 'You must change your temporary password before you can continue.';

/**
 * Refuses a missing or refused token with 401, and a caller who must first replace a temporary
 * password with 403 (docs/rules.md#server-sessions) unless `allowTemporaryPassword` (password change, validate, sign-out).
 */
export function authenticate(
  authenticator: Authenticator,
  options: { allowTemporaryPassword?: boolean } = {},
): RequestHandler {
  return async (req, _res, next) => {
    const auth = await authenticator(bearerToken(req));
    if (!auth) throw unauthorized('Not authenticated');
    if (auth.mustChangePassword && !options.allowTemporaryPassword) throw forbidden(MUST_CHANGE_PASSWORD);
    req.auth = auth;
    next();
  };
}

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw unauthorized();
    if (!roles.includes(req.auth.role)) throw forbidden();
    next();
  };
}

export const authOf = (req: Request): AuthContext => {
  if (!req.auth) throw unauthorized();
  return req.auth;
};
