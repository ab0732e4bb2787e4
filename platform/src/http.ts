import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import { HttpError, forbidden, unauthorized } from './errors';
import type { Logger } from './logger';
import type { Role } from './tokens';

export interface AuthContext {
  id: string;
  role: Role;
  /** The token was issued for a sign-in with a temporary password. */
  mustChangePassword?: boolean;
  /** When the token expires, ms since the epoch. */
  expiresAt?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/** Strips the query string so that tokens passed in URLs (the WebSocket) never reach the logs. */
export const safeUrl = (url: string | undefined) => (url ?? '').split('?')[0];

export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: safeUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  }) as unknown as RequestHandler;
}

export const jsonBody = (limit = '1mb'): RequestHandler => express.json({ limit });

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
    if ((err as Error)?.name === 'AppendTooLargeError') return void res.status(413).json({ detail: 'This change is too large to save' });
    if (e?.status && e.status >= 400 && e.status < 500) return void res.status(e.status).json({ detail: 'Bad request' });
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

export function authenticate(authenticator: Authenticator): RequestHandler {
  return async (req, _res, next) => {
    const auth = await authenticator(bearerToken(req));
    if (!auth) throw unauthorized('Not authenticated');
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
