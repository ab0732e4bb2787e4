import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { AppendTooLargeError } from '@panda/events/event-store';
import { errorHandler } from './http';
import { createLogger } from './logger';

describe('errorHandler', () => {
  it('answers 413 with a clear detail when an append is over the log size limit', () => {
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      headersSent: false,
      setHeader() {},
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    } as unknown as Response;
    errorHandler(createLogger('silent'))(
      new AppendTooLargeError('account-1', 2_000_000, 1_048_576),
      { url: '/api/x' } as Request,
      res,
      () => {},
    );
    expect(sent).toEqual({ status: 413, body: { detail: 'This change is too large to save' } });
  });
});
