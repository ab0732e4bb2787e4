import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../testing/test-utils';
import { ScreenErrorBoundary } from './screen-error-boundary';

describe('ScreenErrorBoundary (docs/rules.md#no-endless-loading)', () => {
  it('says a screen whose code could not be fetched could not be loaded, with Reload, instead of a blank app', async () => {
    // React reports the caught error on the console; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <ScreenErrorBoundary>
          <Suspense fallback={<p>Loading...</p>}>
            <Screen />
          </Suspense>
        </ScreenErrorBoundary>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This screen could not be loaded. Reload the page to try again.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    quiet.mockRestore();
  });

  it('shows the screen when it loads', async () => {
    const Screen = lazy(async () => ({ default: () => <h1>Training Jobs</h1> }));
    render(
      <ScreenErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Training Jobs' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
