import type { RequestHandler } from 'express';
import { HttpError } from '@panda/platform/errors';
import { authOf } from '@panda/platform/http';
import type { CommandDeps } from './deps';

/**
 * Rate-limits image uploads per account (docs/rules.md#throttles): every request whose body carries an
 * image (`carriesImage`) takes one use of the caller's upload allowance; past it the answer is
 * 429 with Retry-After and nothing is stored. Goes after `authenticate`.
 */
export const uploadLimit =
  (deps: Pick<CommandDeps, 'throttles'>, carriesImage: (body: Record<string, unknown>) => boolean): RequestHandler =>
  async (req, _res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body === 'object' && carriesImage(body)) {
      const wait = await deps.throttles.uploads.take(authOf(req).id);
      if (wait)
        throw new HttpError(429, `Too many image uploads. Please try again in ${Math.ceil(wait / 60)} minute(s).`, {
          'Retry-After': String(wait),
        });
    }
    next();
  };
