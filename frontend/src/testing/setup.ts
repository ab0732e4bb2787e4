import '../lib/zod-config';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { takeContractDrift } from './contract-http';
import { server } from './server';

// A browser resolves a relative URL ('/api/...') against the page; Node's Request does not, and the
// app's fetchBaseQuery builds its Request from '/api/...'. Resolve it against jsdom's location here.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input, init);
  }
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  const drift = takeContractDrift();
  if (drift.length) throw drift[0];
});
afterAll(() => server.close());
