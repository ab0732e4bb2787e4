import type { ErrorRequestHandler } from 'express';
import { HttpError } from '@panda/platform/errors';
import { DomainError, type DomainErrorKind } from './domain-errors';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** The HTTP status a refused command answers (docs/api-conventions.md "Responses"). */
export const httpStatusOf = (err: DomainError) => STATUS[err.kind];

/** Error middleware at the edge: a DomainError becomes the HttpError the error handler answers. */
export const domainErrorsToHttp: ErrorRequestHandler = (err, _req, _res, next) => {
  next(err instanceof DomainError ? new HttpError(httpStatusOf(err), err.detail) : err);
};
