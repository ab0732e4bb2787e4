import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The styles MUI writes for what `renderWithProviders` renders, one set per test file. Component files share one
 * jsdom window (vitest.config.ts), and jsdom's getComputedStyle, which Testing Library's role and name queries,
 * user-event's clicks and MUI's text areas ask for, reads every rule of the document: with every file's styles
 * kept, it got slower file after file (docs/benchmarks.md#test-suite). The setup drops a file's styles after it, as
 * a page's styles go with the page.
 */
let styles = createCache({ key: 'test' });

export const testStyles = (): EmotionCache => styles;

export function dropStyles() {
  styles.sheet.flush();
  styles = createCache({ key: 'test' });
}
