import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from './constants';
import { TAKE_OVER_MS, takeOver } from './register';

/** A page's service worker container: `controller` controls the page, `waiting` is the new version. */
function fakeContainer({ controlled, waiting }: { controlled: boolean; waiting: boolean }) {
  const events = new EventTarget();
  const posted: unknown[] = [];
  const container = {
    controller: controlled ? {} : null,
    getRegistration: async () => ({ waiting: waiting ? { postMessage: (m: unknown) => posted.push(m) } : null }),
    addEventListener: events.addEventListener.bind(events),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { posted, takesOver: () => events.dispatchEvent(new Event('controllerchange')) };
}

describe('takeOver: "Reload" on the update prompt (docs/rules.md#installable-app)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks the waiting version to take over and reloads once it controls the page, once', async () => {
    const sw = fakeContainer({ controlled: true, waiting: true });
    const reload = vi.fn();
    await takeOver(reload);
    expect(sw.posted).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).not.toHaveBeenCalled();
    sw.takesOver();
    sw.takesOver();
    vi.advanceTimersByTime(TAKE_OVER_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads all the same when the new version has not taken over in time', async () => {
    fakeContainer({ controlled: true, waiting: true });
    const reload = vi.fn();
    await takeOver(reload);
    vi.advanceTimersByTime(TAKE_OVER_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no version waits any more (it took over in another tab)', async () => {
    const sw = fakeContainer({ controlled: true, waiting: false });
    const reload = vi.fn();
    await takeOver(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sw.posted).toEqual([]);
  });
});
