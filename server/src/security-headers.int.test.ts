import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, helmetWrites, securityHeaders } from './web';

/**
 * securityHeaders replays what helmet does once computed: every answer must carry the very headers,
 * in the same order, that helmet itself (run per request, as before) gives it.
 */
const helmetPerRequest: RequestHandler[] = [
  helmet(helmetOptions()),
  (req, res, next) => {
    const secure =
      (req.socket as TLSSocket).encrypted || (req.headers['x-forwarded-proto'] !== undefined && req.secure);
    if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    next();
  },
];

/** An app as the platform makes it, with these security headers, an API route and a page. */
async function serve(headers: RequestHandler | RequestHandler[]) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(headers);
  app.get('/api/profile', (_req, res) => void res.json({ First_Name: 'Amy' }));
  app.get('/dashboard', (_req, res) => void res.type('html').send('<!doctype html><title>Panda</title>'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** The answer's header lines as sent, in order, but Date (the clock's). */
function headerLines(url: string, headers: Record<string, string> = {}): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const lines: string[][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i].toLowerCase() !== 'date') lines.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve(lines);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let reference: Awaited<ReturnType<typeof serve>>;
let replayed: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  reference = await serve(helmetPerRequest);
  replayed = await serve(securityHeaders());
});
afterAll(() => {
  reference?.close();
  replayed?.close();
});

describe('security headers computed once', () => {
  it.each([
    ['an API answer', '/api/profile', {}],
    ['a page', '/dashboard', {}],
    ['an API answer over HTTPS (through a trusted proxy)', '/api/profile', { 'x-forwarded-proto': 'https' }],
    ['a page over HTTPS (through a trusted proxy)', '/dashboard', { 'x-forwarded-proto': 'https' }],
  ])('%s carries the same headers, in the same order, as helmet gives it', async (_what, path, headers) => {
    const expected = await headerLines(reference.url + path, headers);
    const names = expected.map(([name]) => name.toLowerCase());
    expect(names).toContain('content-security-policy');
    expect(names).toContain('x-frame-options');
    expect(names.includes('cache-control')).toBe(path.startsWith('/api/'));
    expect(names.includes('strict-transport-security')).toBe('x-forwarded-proto' in headers);
    expect(await headerLines(replayed.url + path, headers)).toEqual(expected);
  });

  it('helmet options that would read the request are refused at start-up', () => {
    const options = helmetOptions();
    const csp = options.contentSecurityPolicy as { directives: Record<string, unknown[]> };
    csp.directives.scriptSrc = ["'self'", (req: { headers: unknown }) => String(req.headers)];
    expect(() => helmetWrites(options)).toThrow(/helmet read the request/);
  });
});
