import { describe, expect, it, vi } from 'vitest';
import express, { type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { AppendTooLargeError } from '@panda/events/event-store';
import { errorHandler, requestLogging } from './http';
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

describe('requestLogging', () => {
  /** An app answering 200 (or the status in ?status=) with the request id it was given. */
  async function serve(logger: pino.Logger) {
    const app = express();
    app.use(requestLogging(logger));
    app.get('/api/x', (req, res) => {
      res.status(Number(req.query.status ?? 200)).json({ id: (req as { id?: string }).id });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, close: () => new Promise((r) => server.close(r)) };
  }

  it('only gives the request its id when the logger logs nothing (no child logger, no serializing)', async () => {
    const logger = createLogger('silent');
    const child = vi.spyOn(logger, 'child');
    const app = await serve(logger);
    try {
      const given = await fetch(`${app.url}/api/x`, { headers: { 'X-Request-Id': 'client-id-1' } });
      expect(given.headers.get('x-request-id')).toBe('client-id-1');
      expect(await given.json()).toEqual({ id: 'client-id-1' });
      // A header that is not a plain id is replaced by a fresh one.
      const made = await fetch(`${app.url}/api/x`, { headers: { 'X-Request-Id': 'no spaces allowed' } });
      const id = made.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await made.json()).toEqual({ id });
      expect(child).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });

  it('logs every answer, without the query string, at a level that logs them', async () => {
    const lines: { msg: string; req: { url: string; id: string }; res: { statusCode: number }; level: number }[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = await serve(pino({ level: 'info' }, out));
    try {
      const ok = await fetch(`${app.url}/api/x?token=secret`);
      await ok.arrayBuffer();
      await fetch(`${app.url}/api/x?status=404`).then((r) => r.arrayBuffer());
      await vi.waitFor(() => expect(lines).toHaveLength(2));
      expect(lines.map((l) => [l.msg, l.req.url, l.res.statusCode, l.level])).toEqual([
        ['request completed', '/api/x', 200, 30],
        ['request completed', '/api/x', 404, 40],
      ]);
      expect(lines[0].req.id).toBe(ok.headers.get('x-request-id'));
    } finally {
      await app.close();
    }
  });
});
