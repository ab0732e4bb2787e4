import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@panda/platform/logger';
import { languageModelFromEnv, rephrase } from './routes';

const grounded = { response: 'You have 4 job cards left.', source: 'data' as const, links: [], articles: [] };
const logger = createLogger('silent');
let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A local OpenAI-compatible endpoint answering `status` with `content`; records what it was sent. */
async function fakeModel(status: number, content: string) {
  const seen: { auth?: string; body?: { messages: { role: string; content: string }[] } } = {};
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.auth = req.headers.authorization;
      seen.body = JSON.parse(body);
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, seen };
}

describe('optional language model (ASSISTANT_LLM_URL)', () => {
  it('is off unless configured', () => {
    expect(languageModelFromEnv({})).toBeNull();
    expect(languageModelFromEnv({ ASSISTANT_LLM_URL: 'http://x/v1', ASSISTANT_LLM_API_KEY: 'k' })).toEqual({
      url: 'http://x/v1',
      model: 'gpt-4o-mini',
      apiKey: 'k',
    });
  });

  it('rephrases the grounded answer, sending it (and only it) as the facts', async () => {
    const { url, seen } = await fakeModel(200, 'Four job cards to go!');
    expect(await rephrase({ url, model: 'm', apiKey: 'secret' }, 'how many left?', grounded, logger)).toBe(
      'Four job cards to go!',
    );
    expect(seen.auth).toBe('Bearer secret');
    expect(seen.body?.messages[1].content).toBe('QUESTION: how many left?\nANSWER: You have 4 job cards left.');
  });

  it('keeps the grounded answer when the model fails or is unreachable', async () => {
    const { url } = await fakeModel(500, 'nope');
    expect(await rephrase({ url, model: 'm', apiKey: null }, 'q', grounded, logger)).toBe(grounded.response);
    expect(await rephrase({ url: 'http://127.0.0.1:1/v1', model: 'm', apiKey: null }, 'q', grounded, logger)).toBe(
      grounded.response,
    );
  });
});
