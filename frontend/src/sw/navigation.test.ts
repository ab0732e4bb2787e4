import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigationStrategy } from './navigation';

// Workbox's development log stays quiet (it is read when Workbox loads).
vi.hoisted(() => Object.assign(globalThis, { __WB_DISABLE_DEV_LOGS: true }));

const SHELL = '<title>precached shell</title>';
const shell = async () => new Response(SHELL);
const event = () => new ExtendableEvent('fetch');
const page = () => new Request('https://panda.test/dashboard', { mode: 'same-origin' });

// The service worker's event classes, which Workbox checks its options against; jsdom has none.
class ExtendableEvent extends Event {
  waitUntil() {}
}
beforeEach(() => {
  vi.stubGlobal('ExtendableEvent', ExtendableEvent);
  vi.stubGlobal('FetchEvent', class extends ExtendableEvent {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the service worker's page loads", () => {
  it('waits for a slow server (a minute) and answers with its page, not the precached shell', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('<title>server</title>')), 60_000)),
    );
    const answer = navigationStrategy(shell).handle({ request: page(), event: event() });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await (await answer).text()).toBe('<title>server</title>');
  });

  it('answers with the precached shell when the network fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const answer = await navigationStrategy(shell).handle({ request: page(), event: event() });
    expect(await answer.text()).toBe(SHELL);
  });

  it('answers with an error when neither the network nor the shell can', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const answer = await navigationStrategy(async () => undefined).handle({ request: page(), event: event() });
    expect(answer.type).toBe('error');
  });
});
