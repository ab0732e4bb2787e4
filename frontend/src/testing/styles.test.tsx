import Button from '@mui/material/Button';
import { describe, expect, it } from 'vitest';
import { dropStyles } from './styles';
import { renderWithProviders, screen } from './test-utils';

const ruleCount = () => Array.from(document.styleSheets).reduce((n, sheet) => n + sheet.cssRules.length, 0);

describe('test styles', () => {
  it("writes a file's MUI styles apart, and takes them out of the document when dropped", () => {
    const before = ruleCount();
    const { unmount } = renderWithProviders(<Button variant="contained">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).className).toMatch(/\btest-/);
    expect(document.querySelectorAll('style[data-emotion^="test"]').length).toBeGreaterThan(0);
    expect(ruleCount()).toBeGreaterThan(before);
    unmount();
    dropStyles();
    expect(document.querySelectorAll('style[data-emotion^="test"]')).toHaveLength(0);
    expect(ruleCount()).toBe(before);
    // The next render writes its styles again.
    renderWithProviders(<Button variant="contained">Again</Button>);
    expect(screen.getByRole('button', { name: 'Again' }).className).toMatch(/\btest-/);
    expect(document.querySelectorAll('style[data-emotion^="test"]').length).toBeGreaterThan(0);
  });
});
