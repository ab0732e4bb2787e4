import '../lib/zod-config';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { takeContractDrift } from './contract-http';
import { server } from './server';
import { dropStyles } from './styles';

// A browser resolves a relative URL ('/api/...') against the page; Node's Request does not, and the
// app's fetchBaseQuery builds its Request from '/api/...'. Resolve it against jsdom's location here.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input, init);
  }
};

// On 2 shared cores a render after a click can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const unhandled: string[] = [];
beforeAll(async () => {
  // A form's zod resolver loads on its first check (contractResolver); loaded here once, so that
  // first check answers as soon as in the browser after the first visit.
  await import('@hookform/resolvers/zod');
  // A call no handler answers fails the test that made it, in afterEach (docs/rules.md#test-isolation): MSW's own
  // 'error' only prints, and the component then meets a network error that its test may never look at.
  server.listen({
    onUnhandledRequest: (request) => {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
    },
  });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  const drift = takeContractDrift();
  if (drift.length) throw drift[0];
  const calls = unhandled.splice(0);
  if (calls.length) throw new Error(`No MSW handler answered: ${calls.join(', ')} (add one with server.use)`);
});
afterAll(() => {
  server.close();
  dropStyles();
});
