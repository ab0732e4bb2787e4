import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../testing/fixtures';
import { evidencedCardFixture } from '../testing/jobs';
import { useBlobUrls } from '../testing/handlers/photos';
import { server } from '../testing/server';
import { act, renderWithProviders, screen, waitFor, within } from '../testing/test-utils';
import { CardEvidence } from './card-evidence';

/**
 * An IntersectionObserver that reports only when told (jsdom has none, so without it every photo counts as near
 * the screen at once): `scrollNear()` tells every observer that its elements came within reach.
 */
function fakeViewport() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      elements: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, elements: this.elements });
      }
      observe(element: Element) {
        this.elements.push(element);
      }
      disconnect() {
        this.elements.length = 0;
      }
    },
  );
  return {
    scrollNear: () =>
      act(() => {
        for (const { callback, elements } of observers)
          if (elements.length)
            callback(
              elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
              {} as IntersectionObserver,
            );
      }),
  };
}

describe('CardEvidence: the photos of a signed card', () => {
  useBlobUrls();
  afterEach(() => vi.unstubAllGlobals());

  it('shows a photo far below the screen as a still picture, and a turning spinner only while it is fetched', async () => {
    const viewport = fakeViewport();
    const requested: string[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/job-photos/:id', async ({ params }) => {
        requested.push(String(params.id));
        await answered;
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    renderWithProviders(<CardEvidence card={evidencedCardFixture(1, { signature_id: 'sig-1' })} />, {
      session: { token: 'student-token', user: testUser('student') },
    });
    const thumb = screen.getByTestId('evidence-photo');

    // Not asked for yet: nothing fetched, and nothing turns (a spinner would make the page paint every frame).
    expect(requested).toEqual([]);
    expect(within(thumb).queryByRole('progressbar')).toBeNull();
    expect(thumb.getAttribute('aria-label')).toBe('Open photo 1 of 1');

    viewport.scrollNear();
    const spinner = await within(thumb).findByRole('progressbar', { name: 'Loading photo 1 of 1' });
    expect(requested).toEqual(['ph-1']);
    // Only turning: the arc's stroke does not grow and shrink (docs/rules.md#light-first-screens).
    expect(spinner.querySelector('circle')?.getAttribute('class')).toContain('MuiCircularProgress-circleDisableShrink');

    answer();
    await waitFor(() => expect(thumb.querySelector('img')?.getAttribute('src')).toBe('blob:photo-1'));
    expect(within(thumb).queryByRole('progressbar')).toBeNull();
  });
});
