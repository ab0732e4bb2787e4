import express, { Router, type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/** docs/rules.md#security-headers */
export function securityHeaders(): RequestHandler {
  const writes = helmetWrites(helmetOptions());
  return (req, res, next) => {
    for (const [name, value] of writes)
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    // req.secure parses the trust-proxy rule per request: asked only when a forwarded protocol could make it true.
    const secure =
      (req.socket as TLSSocket).encrypted || (req.headers['x-forwarded-proto'] !== undefined && req.secure);
    if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

export function helmetOptions(): HelmetOptions {
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        scriptSrcAttr: ["'none'"],
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:'],
        fontSrc: [self, 'data:'],
        connectSrc: [self],
        manifestSrc: [self],
        workerSrc: [self],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: [self],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * Helmet run once on a recorder ([name, null]: removed), replayed per answer without its dozen middlewares;
 * a helmet that reads the request, answers later or fails is refused at start-up.
 */
export function helmetWrites(options: HelmetOptions): [string, string | null][] {
  const writes: [string, string | null][] = [];
  const fail = (what: string) => {
    throw new Error(`securityHeaders: helmet ${what}; its headers cannot be computed once`);
  };
  const req = new Proxy({}, { get: () => fail('read the request') });
  const res = new Proxy(
    {
      setHeader: (name: string, value: unknown) => {
        if (typeof value !== 'string') fail(`set ${name} to a ${typeof value}`);
        writes.push([name, value as string]);
      },
      removeHeader: (name: string) => void writes.push([name, null]),
    },
    {
      get: (target, key) =>
        key === 'setHeader' || key === 'removeHeader' ? target[key] : fail(`read res.${String(key)}`),
    },
  );
  let done = false;
  helmet(options)(req as never, res as never, (err?: unknown) => {
    if (err) fail(`failed (${String(err)})`);
    done = true;
  });
  if (!done) fail('did not call next at once');
  return writes;
}

/** Written beside each asset by frontend/vite.config.ts, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function acceptance(header: string | undefined, encoding: string): number {
  let star = 0;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Math.min(1, Number(q) || 0);
    if (name.trim() === encoding) return value;
    if (name.trim() === '*') star = value;
  }
  return star;
}

/** Types the answer and picks the best encoding the request accepts of those `has` (undefined: identity). */
function encoded(req: express.Request, res: express.Response, type: string, has: (suffix: string) => boolean) {
  const accept = req.header('accept-encoding');
  const choice = ENCODINGS.map((e) => ({ ...e, q: acceptance(accept, e.name) }))
    .filter((e) => e.q > 0 && has(e.suffix))
    .sort((a, b) => b.q - a.q)[0];
  res.vary('Accept-Encoding');
  res.type(type);
  if (choice) res.setHeader('Content-Encoding', choice.name);
  return choice;
}

function assets(dir: string): RequestHandler {
  return (req, res, next) => {
    const name = String(req.params.file);
    if (
      !/^[\w-][\w.-]*$/.test(name) ||
      ENCODINGS.some((e) => name.endsWith(e.suffix)) ||
      !existsSync(join(dir, name))
    ) {
      res.status(404).type('text').send('Not found');
      return;
    }
    const choice = encoded(req, res, extname(name), (suffix) => existsSync(join(dir, name + suffix)));
    res.sendFile(
      choice ? name + choice.suffix : name,
      { root: dir, maxAge: 365 * 24 * 3600 * 1000, immutable: true },
      (err) => err && next(err),
    );
  };
}

type Tagged<Body extends string | Buffer> = { body: Body; etag: string };

const tagged = <Body extends string | Buffer>(body: Body): Tagged<Body> => ({
  body,
  etag: `W/"${Buffer.byteLength(body).toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`,
});

function compressedPage(identity: Buffer) {
  return {
    identity: tagged(identity),
    br: tagged(brotliCompressSync(identity)),
    gzip: tagged(gzipSync(identity, { level: 9 })),
  };
}

function sendTagged(res: express.Response, page: Tagged<string | Buffer>): void {
  res.setHeader('ETag', page.etag);
  res.send(page.body);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** index.html for every non-API path; only the portal's path gets it with the portal's meta tag (docs/rules.md#admin-portal-path). */
export function webApp(adminPortalPath: string, dist = WEB_DIST): Router {
  const r = Router();
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    r.get(/^(?!\/api\/|\/ws\/).*/, (_req, res) => {
      res.status(503).type('text').send('The web app is not built yet: run `npm run build:web`.');
    });
    return r;
  }
  const landingFile = join(dist, 'landing.html');
  const read = (mtimeMs: number) => {
    const index = readFileSync(indexFile, 'utf8');
    const attribute = adminPortalPath.replace(/[&"<>]/g, (c) => HTML_ESCAPES[c]);
    const portalPage = index.replace('</head>', `<meta name="panda-admin-portal" content="${attribute}" /></head>`);
    const landing = existsSync(landingFile) ? compressedPage(readFileSync(landingFile)) : null;
    return { mtimeMs, index: tagged(index), portalPage: tagged(portalPage), landing };
  };
  let cached: ReturnType<typeof read> | null = null;
  const pages = () => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) cached = read(mtimeMs);
    return cached;
  };
  r.get('/assets/:file', assets(join(dist, 'assets')));
  r.use(
    express.static(dist, {
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  r.get(/^(?!\/api\/|\/ws\/).*/, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    const { index, portalPage, landing } = pages();
    if (req.path === '/' && landing) {
      const choice = encoded(req, res, 'html', () => true);
      return void sendTagged(res, choice ? landing[choice.name] : landing.identity);
    }
    res.type('html');
    sendTagged(res, req.path.replace(/\/+$/, '') === adminPortalPath ? portalPage : index);
  });
  return r;
}
