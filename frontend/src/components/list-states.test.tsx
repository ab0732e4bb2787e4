import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen } from '../testing/test-utils';
import { ListStates } from './list-states';

const states = (query: { isLoading: boolean; isError: boolean }, count: number, refetch = vi.fn()) =>
  renderWithProviders(
    <ListStates
      query={{ ...query, refetch }}
      count={count}
      loading="Loading disputes..."
      failed="Failed to load disputes"
      empty={<p>No open disputes</p>}
    >
      <ul aria-label="Open disputes" />
    </ListStates>,
  );

describe('ListStates', () => {
  it('says it is loading, then shows the rows', () => {
    const { rerender } = states({ isLoading: true, isError: false }, 0);
    expect(screen.getByText('Loading disputes...')).toBeTruthy();
    rerender(
      <ListStates
        query={{ isLoading: false, isError: false, refetch: vi.fn() }}
        count={2}
        loading="Loading disputes..."
        failed="Failed to load disputes"
        empty={<p>No open disputes</p>}
      >
        <ul aria-label="Open disputes" />
      </ListStates>,
    );
    expect(screen.getByRole('list', { name: 'Open disputes' })).toBeTruthy();
    expect(screen.queryByText('Loading disputes...')).toBeNull();
  });

  it('shows the empty state when there are no rows', () => {
    states({ isLoading: false, isError: false }, 0);
    expect(screen.getByText('No open disputes')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers Retry instead of the empty state when nothing could be loaded', async () => {
    const refetch = vi.fn();
    const { user } = states({ isLoading: false, isError: true }, 0, refetch);
    expect(screen.queryByText('No open disputes')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('keeps the loaded rows when a later page fails, with Retry under them', () => {
    states({ isLoading: false, isError: true }, 3);
    expect(screen.getByRole('list', { name: 'Open disputes' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load disputes');
  });
});
