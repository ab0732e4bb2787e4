import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announceUpdate } from '../lib/pwa/update';
import { renderWithProviders } from '../testing/test-utils';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then reloads into it once', async () => {
    const { user } = renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const reload = vi.fn();
    act(() => announceUpdate(reload));
    const prompt = await screen.findByRole('status', { name: 'New version' });
    expect(prompt.textContent).toContain('New version available');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
