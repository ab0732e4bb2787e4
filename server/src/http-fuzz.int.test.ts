import { Agent, request } from 'node:http';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '@panda/platform/tokens';
import { startTestApp, TEST_ADMIN, TEST_PASSWORD, type TestApp } from './testing/harness';
import { place, readyMentor, registeredStudent, vettedCentre } from '@panda/command-service/training/test-fixtures';

/**
 * Bad input to every route the app serves, as anyone: malformed JSON, wrong types, huge strings,
 * deep nesting, arrays for objects, prototype-pollution keys, Mongo-style operators, odd path
 * parameters, odd query strings and headers; with no token, bad tokens and a valid token of each
 * role. Not one answer may be a 5xx, every /api error must be JSON with a `detail`, and the process
 * must still serve afterwards.
 */

interface Route {
  method: string;
  path: string;
}

/** Every route of the running app, read from its express router stack (so new routes are fuzzed too). */
function routesOf(app: TestApp): Route[] {
  const express = app.platform.server!.listeners('request')[0] as Express;
  const routes: Route[] = [];
  type Layer = {
    route?: { path: unknown; methods: Record<string, boolean> };
    handle: { stack?: Layer[] };
    slash?: boolean;
  };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        // The web app's catch-all (a RegExp) serves index.html to any other path (fuzzed below).
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods))
          routes.push({ method: method.toUpperCase(), path: layer.route.path });
      } else if (layer.handle.stack) {
        if (!layer.slash) throw new Error('A router is mounted under a path prefix: teach routesOf to read it');
        walk(layer.handle.stack);
      }
    }
  };
  walk((express as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

const LOGOUT = '/api/auth/logout';

let app: TestApp;
/** The API routes, and the web app's routes with a string path. */
let routes: Route[];
let webRoutes: Route[];
const tokens: Record<string, string | undefined> = {};
const emails: Record<string, string> = {};

/** A new session of the same account as `who` (its sign-out then ends that session only). */
async function freshToken(who: string): Promise<string> {
  const r =
    who === 'admin'
      ? await app.call('POST', '/api/admin/auth/signin', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
      : await app.call('POST', '/api/auth/signin', { Email: emails[who], Password: TEST_PASSWORD });
  expect(r.status, `sign-in as ${who}`).toBe(200);
  return r.body.token as string;
}
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  const all = routesOf(app);
  // Signing out would end the sessions the suite fuzzes with: sign-out is fuzzed with sessions of its own below.
  routes = all.filter((r) => r.path.startsWith('/api/') && !(r.method === 'POST' && r.path === LOGOUT));
  webRoutes = all.filter((r) => !r.path.startsWith('/api/'));
  const centre = await vettedCentre(app);
  const mentor = await readyMentor(app);
  const student = await registeredStudent(app, centre);
  const placementId = await place(app, student, mentor);
  const job = (await app.platform.readStore.find('jobs', {}))[0] as { id: string };
  const admin = await app.adminToken();
  const auditorEmail = 'fuzz-auditor@test.panda';
  const provisioned = await app.call(
    'POST',
    '/api/admin/auditors',
    { email: auditorEmail, first_name: 'Fuzz', last_name: 'Auditor' },
    admin,
  );
  const auditor = await app.call('POST', '/api/admin/auth/signin', {
    email: auditorEmail,
    password: provisioned.body.temporary_password,
  });
  expect(auditor.status).toBe(200);
  Object.assign(emails, {
    student: student.email,
    mentor: mentor.user.Email as string,
    training_centre: centre.user.Email as string,
  });
  Object.assign(ids, {
    student: student.user.id,
    mentor: mentor.user.id,
    training_centre: centre.user.id,
    placement: placementId,
    job: job.id,
    auditor: provisioned.body.auditor.id,
  });
  const jwt = (secret: Uint8Array, sub: string, now = new Date()) => signToken(secret, { sub, role: 'admin' }, now);
  Object.assign(tokens, {
    'no token': undefined,
    'a token that is not a JWT': 'not-a-jwt',
    'a forged token': await jwt(new TextEncoder().encode('forged-secret-forged-secret-forged-secret'), ids.mentor),
    'an expired token': await jwt(app.config.jwtSecret, ids.mentor, new Date(Date.now() - 48 * 3600_000)),
    'a token for no account': await jwt(app.config.jwtSecret, 'no-such-account'),
    student: student.token,
    mentor: mentor.token,
    training_centre: centre.token,
    admin,
    auditor: auditor.body.token as string,
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** A raw request: the path goes out exactly as given (no URL normalisation), any body with any method. */
function send(
  method: string,
  path: string,
  o: { token?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...o.headers };
    if (o.token) headers.authorization ??= `Bearer ${o.token}`;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(o.body);
    }
    const url = new URL(app.url);
    const req = request({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

interface Case {
  what: string;
  method: string;
  path: string;
  token?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Sends every case (a few at a time) and returns the answers that break the rules. */
async function failuresOf(cases: Case[]): Promise<string[]> {
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      let a: Answer;
      try {
        a = await send(c.method, c.path, c);
      } catch (err) {
        // The server may refuse a request it cannot parse by closing the connection; it must still be up.
        const health = await send('GET', '/api/health');
        if (health.status !== 200)
          failures.push(
            `${c.method} ${c.path.slice(0, 120)} ${c.what}: connection failed (${(err as Error).message}) and health is ${health.status}`,
          );
        continue;
      }
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      const where = `${c.method} ${c.path.slice(0, 120)} with ${c.what}`;
      if (a.status >= 500) failures.push(`${where}: ${a.status} ${a.body.slice(0, 300)}`);
      else if (a.status >= 400 && c.path.startsWith('/api')) {
        let detail: unknown;
        try {
          detail = (JSON.parse(a.body) as { detail?: unknown }).detail;
        } catch {
          /* not JSON */
        }
        if (!a.type.startsWith('application/json') || detail === undefined)
          failures.push(`${where}: ${a.status} without a JSON detail: ${a.body.slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`${cases.length} requests; answers by status: ${JSON.stringify(statuses)}`);
  return failures;
}

const ODD_PARAMS = [
  '%00',
  'a%00b',
  'x'.repeat(5000),
  encodeURIComponent('🐼 ünïcödé'),
  '%E0%A4%A', // malformed percent-encoding
  '%2e%2e%2f%2e%2e',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '$gt',
  encodeURIComponent('{"$gt":""}'),
  encodeURIComponent("' OR 1=1 --"),
  '-1',
  '%20',
];

/** Real values for each kind of path parameter, so that routes are reached beyond their 404s. */
const realParams = (name: string, before: string): string[] => {
  if (name === 'role' || name === 'entityType') return ['student', 'mentor', 'training_centre', 'placement', 'auditor'];
  const byPlace: Record<string, string> = {
    placements: ids.placement,
    'placement-requests': ids.placement,
    jobs: ids.job,
    'my-students': ids.student,
  };
  return [
    ...new Set(
      [byPlace[before], ids.student, ids.mentor, ids.training_centre, ids.placement, ids.job, ids.auditor].filter(
        Boolean,
      ),
    ),
  ];
};

/** Paths for a route: real parameters (every combination), then odd ones in each place. */
function pathsOf(route: string): { real: string; all: string[] } {
  const parts = route.split('/');
  const params = parts
    .map((p, i) => (p.startsWith(':') ? { i, name: p.slice(1), real: realParams(p.slice(1), parts[i - 1]) } : null))
    .filter((p) => p !== null);
  if (params.length === 0) return { real: route, all: [route] };
  const fill = (values: Map<number, string>) => parts.map((p, i) => values.get(i) ?? p).join('/');
  let combos: Map<number, string>[] = [new Map()];
  for (const p of params) combos = combos.flatMap((c) => p.real.map((v) => new Map([...c, [p.i, v]])));
  const real = fill(new Map(params.map((p) => [p.i, p.real[0]])));
  const odd: string[] = [];
  for (const v of ODD_PARAMS) {
    odd.push(fill(new Map(params.map((p) => [p.i, v]))));
    if (params.length > 1)
      for (const p of params) odd.push(fill(new Map(params.map((q) => [q.i, q === p ? v : q.real[0]]))));
  }
  return { real, all: [...new Set([...combos.map(fill), ...odd])] };
}

const FIELDS_FALLBACK = [
  'Email',
  'Password',
  'First_Name',
  'Last_Name',
  'email',
  'password',
  'status',
  'reason',
  'notes',
  'student_id',
  'mentor_id',
];

/** Whether `token` gets past the route's checks to its validation, and the fields it validates (read from its 400 to an empty body). */
async function fieldsOf(
  method: string,
  path: string,
  token: string | undefined,
): Promise<{ validated: boolean; fields: string[] }> {
  const a = await send(method, path, { token, body: '{}' });
  let detail: unknown;
  try {
    detail = (JSON.parse(a.body) as { detail?: unknown }).detail;
  } catch {
    /* not JSON */
  }
  const fields = Array.isArray(detail)
    ? detail.map((d: { field: string }) => d.field.split('.')[0]).filter((f) => f !== 'body')
    : [];
  return { validated: a.status === 400, fields: [...new Set([...fields, ...FIELDS_FALLBACK])] };
}

const nest = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);
const WRONG_VALUES: [string, unknown][] = [
  ['numbers', 123],
  ['booleans', true],
  ['nulls', null],
  ['arrays', []],
  ['arrays of strings', ['a', 'b']],
  ['objects', {}],
  ['Mongo $gt operators', { $gt: '' }],
  ['Mongo $ne/$regex operators', { $ne: null, $regex: '.*' }],
  ['__proto__ objects', JSON.parse('{"__proto__":{"polluted":"yes"}}')],
  ['constructor.prototype objects', { constructor: { prototype: { polluted: 'yes' } } }],
  ['NUL and control characters', '\u0000\u0001\u001b[31m'],
  ['lone surrogates', '\ud800'],
  ['unicode', '🐼'.repeat(1000)],
  ['huge numbers', 1e308],
  ['negative numbers', -1],
  ['100 KB strings', 'x'.repeat(100_000)],
];

/** Bodies that are bad whatever the route (a key is the variant's name). */
function badBodies(fields: string[]): Record<string, string | Buffer> {
  const each = (v: unknown) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, v])));
  return {
    'truncated JSON': '{"a":',
    'invalid JSON': '{bad json}',
    'an empty body': '',
    'JSON null': 'null',
    'a JSON string': '"string"',
    'a JSON number': '42',
    'JSON true': 'true',
    'an empty array': '[]',
    'an array of objects': JSON.stringify([Object.fromEntries(fields.map((f) => [f, 'x']))]),
    'an array of numbers': '[1,2,3]',
    'arrays nested 100,000 deep': nest(100_000, '[', ']'),
    'objects nested 50,000 deep': nest(50_000, '{"a":', '}'),
    'every field an object nested 30 deep (just within the limit)': each(JSON.parse(nest(30, '{"a":', '}'))),
    'a __proto__ key': '{"__proto__":{"polluted":"yes","isAdmin":true,"role":"admin"}}',
    'a constructor.prototype key': '{"constructor":{"prototype":{"polluted":"yes"}}}',
    'invalid UTF-8': Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    'a 5 MB string in one field': JSON.stringify({ [fields[0]]: 'x'.repeat(5 * 1024 * 1024) }),
    'duplicate keys': `{"${fields[0]}":"a","${fields[0]}":{"$gt":""}}`,
    ...Object.fromEntries(WRONG_VALUES.map(([name, v]) => [`every field as ${name}`, each(v)])),
  };
}

const QUERIES = [
  '?student_id=%00',
  '?student_id=a&student_id=b',
  '?student_id[$gt]=',
  '?student_id[$ne]=x&limit[$gt]=0',
  `?student_id=${'x'.repeat(10_000)}`,
  '?limit=-1',
  '?limit=1e400',
  '?limit=abc&skip=-5&sort=__proto__',
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?%E0%A4%A=1',
  '?q=%ZZ',
  '?min_position=-1',
  '?min_position=abc',
  '?min_position[$gt]=0',
  '?as_of=%00',
  '?as_of=9999-99-99T99:99:99Z',
  '?as_of=-271821-04-20T00:00:00Z',
  '?as_of=1e400&as_of=x',
  '?cursor=%00&limit=1e9',
  '?cursor[$gt]=&limit[$ne]=1',
  `?cursor=${'9'.repeat(400)}`,
  `?q=${'%25'.repeat(3000)}&role[$ne]=x`,
  '?role=__proto__&q[$regex]=.*',
];

const HEADERS: [string, Record<string, string>][] = [
  ['a huge bearer token', { authorization: `Bearer ${'a'.repeat(8000)}` }],
  ['Basic authorization', { authorization: 'Basic Zm9vOmJhcg==' }],
  ['an empty bearer token', { authorization: 'Bearer ' }],
  ['a three-part garbage token', { authorization: 'Bearer a.b.c' }],
  [
    'a JWT with alg none',
    {
      authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","role":"admin","iss":"panda"}').toString('base64url')}.`,
    },
  ],
  ['X-Min-Position -1', { 'x-min-position': '-1' }],
  ['X-Min-Position abc', { 'x-min-position': 'abc' }],
  ['X-Min-Position 1e400', { 'x-min-position': '1e400' }],
  ['a 400-digit X-Min-Position', { 'x-min-position': '9'.repeat(400) }],
  ['a long Idempotency-Key', { 'idempotency-key': 'k'.repeat(300) }],
  ['an Idempotency-Key with odd characters', { 'idempotency-key': '../../%00$gt' }],
  ['a text/plain body type', { 'content-type': 'text/plain' }],
  ['a UTF-16 JSON body type', { 'content-type': 'application/json; charset=utf-16' }],
  ['an unknown charset', { 'content-type': 'application/json; charset=nope' }],
  ['a form body type', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['gzip that is not gzip', { 'content-encoding': 'gzip' }],
  ['an unknown content encoding', { 'content-encoding': 'zstd-nope' }],
];

const SAMPLE = [
  'truncated JSON',
  'a __proto__ key',
  'an array of numbers',
  'every field as Mongo $gt operators',
  'arrays nested 100,000 deep',
];

const isCommand = (method: string) => method !== 'GET' && method !== 'HEAD';

describe('HTTP fuzz over every route', () => {
  it('finds the routes from the express routers', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/signup',
        'GET /api/health',
        'PATCH /api/admin/users/:role/:id/lock',
        'GET /api/lookup/:entityType/:entityId',
      ]),
    );
    expect(routes.length).toBeGreaterThan(35);
  });

  it('odd path parameters, with every kind of token: no 5xx', async () => {
    const cases: Case[] = [];
    for (const r of routes.filter((x) => x.path.includes(':'))) {
      for (const path of pathsOf(r.path).all) {
        for (const [who, token] of Object.entries(tokens))
          cases.push({ what: who, method: r.method, path, token, body: isCommand(r.method) ? '{}' : undefined });
      }
    }
    expect(await failuresOf(cases)).toEqual([]);
  }, 600_000);

  it('bad bodies to every command route, with every kind of token: no 5xx', async () => {
    const cases: Case[] = [];
    const commands = routes.filter((x) => isCommand(x.method));
    for (const r of commands) {
      const path = pathsOf(r.path).real;
      const checks = await Promise.all(Object.values(tokens).map((token) => fieldsOf(r.method, path, token)));
      // A public route validates whoever calls: there the token makes no difference past two of them.
      const isPublic = checks.every((c) => c.validated);
      for (const [i, [who, token]] of Object.entries(tokens).entries()) {
        const { validated, fields } = checks[i];
        const full = who === 'no token' || (validated && (!isPublic || who === 'admin'));
        for (const [what, body] of Object.entries(badBodies(fields))) {
          // Every body is parsed before any check, so each goes as a stranger and as a caller who reaches
          // validation; any other caller gets a sample.
          if (!full && !SAMPLE.includes(what)) continue;
          // Megabytes only where they reach validation (the parse is the same for everyone).
          if (!validated && Buffer.byteLength(body) > 1024 * 1024) continue;
          cases.push({
            what: `${what} (${who})`,
            method: r.method,
            path,
            token,
            body,
            headers: { 'idempotency-key': `fuzz-${cases.length}-${who.length}` },
          });
        }
      }
    }
    // The body limit is applied to /api before routing: one over-limit body per method shows it.
    for (const method of new Set(commands.map((r) => r.method))) {
      const r = commands.find((x) => x.method === method)!;
      cases.push({
        what: 'a 16 MB body (over the limit)',
        method,
        path: pathsOf(r.path).real,
        token: tokens.admin,
        body: JSON.stringify({ a: 'x'.repeat(16 * 1024 * 1024) }),
      });
    }
    expect(await failuresOf(cases)).toEqual([]);
  }, 600_000);

  it('bad bodies to query routes too (a GET with a body), odd query strings and odd headers: no 5xx', async () => {
    const cases: Case[] = [];
    for (const r of routes) {
      const path = pathsOf(r.path).real;
      // Bad tokens are refused before a query string is read: one of them is enough here.
      for (const [who, token] of Object.entries(tokens).filter(
        ([who]) => !['a token that is not a JWT', 'a forged token', 'an expired token'].includes(who),
      )) {
        for (const q of QUERIES)
          cases.push({
            what: `${q.slice(0, 40)} (${who})`,
            method: r.method,
            path: path + q,
            token,
            body: isCommand(r.method) ? '{}' : undefined,
          });
        if (!isCommand(r.method))
          for (const body of ['{bad', '{"__proto__":{"polluted":"yes"}}', '[1]'])
            cases.push({ what: `a GET body ${body} (${who})`, method: r.method, path, token, body });
      }
      for (const [what, headers] of HEADERS) {
        for (const token of [undefined, tokens.admin, tokens.mentor])
          cases.push({
            what,
            method: r.method,
            path,
            token,
            headers,
            body: isCommand(r.method) ? '{"a":1}' : undefined,
          });
      }
    }
    expect(await failuresOf(cases)).toEqual([]);
  }, 600_000);

  it('unknown paths and methods under /api answer 404 JSON, never 5xx', async () => {
    const cases: Case[] = [];
    for (const path of [
      '/api/',
      '/api/nope',
      '/api/%00',
      '/api/%E0%A4%A',
      `/api/${'x'.repeat(8000)}`,
      '/api/health/../admin',
      '/api//health',
      '/api/__proto__',
      '/api/constructor/prototype',
    ]) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
        cases.push({ what: 'no token', method, path, body: isCommand(method) ? '{}' : undefined });
    }
    for (const r of routes)
      for (const method of ['PUT', 'DELETE'])
        if (!routes.some((x) => x.path === r.path && x.method === method))
          cases.push({
            what: 'an unrouted method',
            method,
            path: pathsOf(r.path).real,
            token: tokens.admin,
            body: '{}',
          });
    expect(await failuresOf(cases)).toEqual([]);
  });

  it('odd paths of the web app answer without a 5xx (503 only while the web app is not built)', async () => {
    const paths = [
      ...webRoutes.flatMap((r) => pathsOf(r.path).all),
      '/',
      '/%00',
      '/%E0%A4%A',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/%E0%A4%A.js',
      `/assets/${'x'.repeat(5000)}.js`,
      '/index.html/',
      '/.env',
      '/ws/x',
      `/${encodeURIComponent('🐼')}`,
    ];
    const failures: string[] = [];
    for (const path of paths) {
      for (const headers of [
        {},
        { 'accept-encoding': 'br, gzip' },
        { 'accept-encoding': 'x'.repeat(5000) },
        { range: 'bytes=999999999-' },
        { 'if-modified-since': 'not a date' },
      ] as Record<string, string>[]) {
        const a = await send('GET', path, { headers });
        if (a.status >= 500 && !(a.status === 503 && a.body.includes('not built yet')))
          failures.push(
            `GET ${path.slice(0, 60)} ${JSON.stringify(headers).slice(0, 60)}: ${a.status} ${a.body.slice(0, 200)}`,
          );
        if (a.body.includes('"workspaces"') || a.body.includes('/bin/bash'))
          failures.push(`GET ${path.slice(0, 60)}: served a file from outside the web app`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a body nested deeper than 32 levels before parsing it, even one nested 7 million deep', async () => {
    const accept = `/api/placement-requests/${ids.placement}/accept`;
    for (const body of [nest(33, '[', ']'), nest(33, '{"a":', '}'), nest(7_000_000, '[', ']')]) {
      const a = await send('POST', accept, {
        token: tokens.mentor,
        body,
        headers: { 'idempotency-key': 'deep-body-key-1' },
      });
      expect(a.status).toBe(400);
      expect(JSON.parse(a.body).detail).toBe('The JSON body is nested too deeply (at most 32 levels)');
    }
    // JSON in UTF-16 could hide its brackets from a byte scan ("Ģ" is 22 01 in UTF-16LE): only UTF-8 is taken (RFC 8259).
    const hidden = Buffer.from(`["Ģ",${nest(100_000, '[', ']')}]`, 'utf16le');
    const utf16 = await send('POST', accept, {
      token: tokens.mentor,
      body: hidden,
      headers: { 'idempotency-key': 'deep-body-key-2', 'content-type': 'application/json; charset=utf-16le' },
    });
    expect(utf16.status).toBe(415);
    expect(JSON.parse(utf16.body).detail).toBe('JSON bodies must be UTF-8');
    // Brackets inside strings are text, not nesting.
    const text = await send('PUT', '/api/change-password', {
      token: tokens.mentor,
      body: JSON.stringify({ currentPassword: '['.repeat(100), newPassword: 1 }),
    });
    expect(JSON.parse(text.body).detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'newPassword' })]),
    );
  });

  it('sign-out with every kind of token and bad bodies, each valid session its own: no 5xx', async () => {
    const cases: Case[] = [];
    for (const [who, token] of Object.entries(tokens)) {
      // A real session is signed in afresh (as whoever holds it) so the suite's own sessions live on.
      const own =
        token &&
        ![
          'a token that is not a JWT',
          'a forged token',
          'an expired token',
          'a token for no account',
          'auditor',
        ].includes(who)
          ? await freshToken(who)
          : token;
      for (const [what, body] of Object.entries(badBodies([])).filter(([, b]) => Buffer.byteLength(b) < 1024 * 1024))
        cases.push({ what: `${what} (${who})`, method: 'POST', path: LOGOUT, token: own, body });
    }
    expect(await failuresOf(cases)).toEqual([]);
  });

  it('left no polluted prototype behind, and the server still serves', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect((await send('GET', '/api/health')).status).toBe(200);
    expect((await send('GET', '/api/auth/validate', { token: tokens.admin })).status).toBe(200);
    expect((await send('GET', `/api/jobs/${ids.job}`, { token: tokens.mentor })).status).toBe(200);
  });
});
