import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from './seed';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** A server that records each request's headers and answers each command with the next position. */
async function recorder(positions: (number | undefined)[]) {
  const seen: { method: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, headers: req.headers });
    const position = req.method === 'GET' ? undefined : positions.shift();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(position === undefined ? { ok: true } : { ok: true, position }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('apiClient reads its own writes', () => {
  it('sends no X-Min-Position before any command, then the highest position a command returned', async () => {
    const { url, seen } = await recorder([7, 5, undefined]);
    const call = apiClient(url);
    await call('GET', '/api/jobs', undefined, 't');
    await call('POST', '/api/a', {}, 't');
    await call('GET', '/api/jobs', undefined, 't');
    await call('PUT', '/api/b', {}, 't'); // an older position does not lower the wait
    await call('PATCH', '/api/c', {}, 't'); // nor does an answer without one
    await call('GET', '/api/jobs', undefined, 't');
    expect(seen.map((r) => [r.method, r.headers['x-min-position']])).toEqual([
      ['GET', undefined],
      ['POST', undefined],
      ['GET', '7'],
      ['PUT', undefined],
      ['PATCH', undefined],
      ['GET', '7'],
    ]);
  });

  it('keeps each client to its own writes', async () => {
    const { url, seen } = await recorder([9]);
    await apiClient(url)('POST', '/api/a', {}, 't');
    await apiClient(url)('GET', '/api/jobs', undefined, 't');
    expect(seen[1].headers['x-min-position']).toBeUndefined();
  });
});
