import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from './testing/harness';
import { WEB_DIST } from './web';

/**
 * docs/rules.md#security-headers: security and caching headers, and precompressed hashed assets. Needs the built
 * web app (`npm run build:web`, which `npm test` runs first).
 */
let app: TestApp;
beforeAll(async () => {
  expect(existsSync(join(WEB_DIST, 'index.html')), 'build the web app first: npm run build:web').toBe(true);
  // X-Forwarded-Proto counts only from a trusted proxy (docs/rules.md#client-address): the test is one.
  app = await startTestApp({ env: { SEED_DEMO: '0', TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await app?.stop();
});

/** A GET that leaves the body as sent (fetch would decompress it). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${app.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attrs, body]) => !/\bsrc=/.test(attrs) || body.trim() !== '',
  );

describe('HTML pages', () => {
  it('carry a strict content security policy and the generic security headers, and are revalidated on every use', async () => {
    for (const path of ['/', '/auth', app.config.adminPortalPath]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(inlineScripts(await res.text()), `inline script on ${path}`).toEqual([]);
    }
  });

  it('tell only the portal page that it is the portal, in a meta tag', async () => {
    const portal = await fetch(`${app.url}${app.config.adminPortalPath}`).then((r) => r.text());
    expect(portal).toContain(`<meta name="panda-admin-portal" content="${app.config.adminPortalPath}" />`);
    expect(await fetch(`${app.url}/`).then((r) => r.text())).not.toContain('panda-admin-portal');
  });

  it('add HSTS only when the request came over HTTPS (as a trusted proxy reports it)', async () => {
    const secure = await fetch(`${app.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await fetch(`${app.url}/`, { headers: { 'X-Forwarded-Proto': 'http' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });
});

describe('the landing page', () => {
  it('is the page rendered at build time: no script, the landing content, in the best encoding accepted', async () => {
    const landing = readFileSync(join(WEB_DIST, 'landing.html'));
    for (const c of [
      { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: undefined, encoding: undefined, decode: (b: Buffer) => b },
    ]) {
      const res = await raw('/', c.accept === undefined ? {} : { 'Accept-Encoding': c.accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(c.encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(c.decode(res.body).equals(landing)).toBe(true);
    }
    const html = landing.toString('utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Apply to Join');
    expect(html).toContain('href="/auth"');
  });

  it('leaves every other page to the app, which shows a loading placeholder until it starts', async () => {
    for (const path of ['/auth', '/terms-and-conditions', '/dashboard', '/no-such-page']) {
      const html = await fetch(`${app.url}${path}`).then((r) => r.text());
      expect(html, path).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(html, path).toMatch(/<div id="root">\s*<div class="boot" role="status"[^>]*>[\s\S]*Loading Panda\.\.\./);
    }
  });
});

describe('API answers', () => {
  it('are never stored by a cache: a token, an error, a health check, an unknown path', async () => {
    await app.signUp('mentor', 'headers@example.com');
    const answers = [
      await app.call('POST', '/api/auth/signin', { Email: 'headers@example.com', Password: TEST_PASSWORD }),
      await app.call('POST', '/api/auth/signin', { Email: 'headers@example.com', Password: 'wrong-password' }),
      await app.call('GET', '/api/auth/validate'),
      await app.call('GET', '/api/health'),
      await app.call('GET', '/api/no-such-thing'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 401, 200, 404]);
    for (const a of answers) {
      expect(a.headers.get('cache-control')).toBe('no-store');
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
      // Nothing keeps them, so nothing asks again with an ETag: none is computed.
      expect(a.headers.get('etag')).toBeNull();
    }
  });
});

describe('page revalidation', () => {
  it('gives each page and each encoding of the landing page an ETag, and answers 304 to a client that has it', async () => {
    const tags = new Set<string>();
    for (const [path, accept] of [
      ['/', 'br'],
      ['/', 'gzip'],
      ['/', 'identity'],
      ['/auth', 'br'],
      [app.config.adminPortalPath, 'br'],
    ] as const) {
      const first = await raw(path, { 'Accept-Encoding': accept });
      const etag = String(first.headers.etag);
      expect(first.status).toBe(200);
      expect(etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]{27}"$/);
      tags.add(etag);
      const again = await raw(path, { 'Accept-Encoding': accept, 'If-None-Match': etag });
      expect(again.status, `${path} ${accept}`).toBe(304);
      expect(again.body.length).toBe(0);
      expect((await raw(path, { 'Accept-Encoding': accept, 'If-None-Match': 'W/"0-stale"' })).status).toBe(200);
    }
    // The three encodings of the landing page, the app page and the portal page: five different bodies.
    expect(tags.size).toBe(5);
  });
});

describe('hashed assets', () => {
  const index = () => readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const referenced = () => [...index().matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);

  it('are built with brotli and gzip copies', () => {
    expect(referenced().length).toBeGreaterThanOrEqual(2);
    for (const name of referenced()) {
      for (const suffix of ['.br', '.gz'])
        expect(existsSync(join(WEB_DIST, 'assets', name + suffix)), name + suffix).toBe(true);
    }
  });

  it('are sent in the best encoding the client accepts, decompressing to the very file, cached for a year', async () => {
    for (const name of referenced()) {
      const file = readFileSync(join(WEB_DIST, 'assets', name));
      const type = name.endsWith('.css') ? /^text\/css/ : /^(text|application)\/javascript/;
      const cases = [
        { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
        { accept: 'br;q=0.5, gzip;q=0.9', encoding: 'gzip', decode: gunzipSync },
        { accept: 'gzip, br;q=0', encoding: 'gzip', decode: gunzipSync },
        { accept: '*', encoding: 'br', decode: brotliDecompressSync },
        { accept: 'identity', encoding: undefined, decode: (b: Buffer) => b },
        { accept: undefined, encoding: undefined, decode: (b: Buffer) => b },
      ];
      for (const c of cases) {
        const res = await raw(`/assets/${name}`, c.accept === undefined ? {} : { 'Accept-Encoding': c.accept });
        const what = `${name} with Accept-Encoding: ${c.accept}`;
        expect(res.status, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(c.encoding);
        expect(res.headers['content-type'], what).toMatch(type);
        expect(res.headers.vary, what).toMatch(/Accept-Encoding/i);
        expect(res.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
        expect(c.decode(res.body).equals(file), what).toBe(true);
        if (c.encoding) expect(res.body.length, what).toBeLessThan(file.length);
      }
    }
  });

  it('are 404 when unknown, and the compressed copies are not served by their own names', async () => {
    expect((await raw('/assets/no-such-file-123.js')).status).toBe(404);
    const br = readdirSync(join(WEB_DIST, 'assets')).find((f) => f.endsWith('.br'))!;
    expect((await raw(`/assets/${br}`)).status).toBe(404);
  });

  it('include a real robots.txt, as plain text, that keeps crawlers to the public pages', async () => {
    const res = await raw('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.toString('utf8').split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api/');
    // The secret admin portal path is never written where anyone can read it.
    expect(res.body.toString('utf8')).not.toContain(app.config.adminPortalPath);
  });

  it('leave files without a hash in their name to be revalidated', async () => {
    const res = await raw('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
