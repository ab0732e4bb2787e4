import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';

/**
 * Keyboard focus (docs/rules.md#accessibility): tabbing through the landing page, sign-in and a dashboard, every
 * focused element shows an indicator of at least 2 px (an outline, or a text field's focused
 * border) with at least 3:1 contrast against what is behind it (WCAG 2.2, 1.4.11 and 2.4.7).
 */

interface Focused {
  what: string;
  classes: string;
  indicator: string;
  width: number;
  contrast: number;
}

const app = useApp({ demo: true });

/** What the focused element shows: its outline, or (a text field) its focused border. */
function focusedIndicator(page: Page): Promise<Focused | null> {
  return page.evaluate<Focused | null>(String.raw`(() => {
    const el = document.activeElement ;
    if (!el || el === document.body) return null;
    const rgba = (c) => (c.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
    const luminance = ([r, g, b]) => {
      const lin = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    /** The first mostly opaque background behind the node (white at the top). */
    const backgroundOf = (node) => {
      for (let n = node; n; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if ((c[3] ?? 1) > 0.5) return c;
      }
      return [255, 255, 255];
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const what = el.tagName.toLowerCase() + ' "' + name + '"';
    const classes = String(el.className);
    const style = getComputedStyle(el);
    const outline = parseFloat(style.outlineWidth) || 0;
    if (style.outlineStyle !== 'none' && outline > 0) {
      // An outline with an offset sits on the parent's background.
      return { what, classes, indicator: 'outline', width: outline, contrast: ratio(rgba(style.outlineColor), backgroundOf(el.parentElement)) };
    }
    const border = el.closest('.MuiInputBase-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (border) {
      const b = getComputedStyle(border);
      return { what, classes, indicator: 'border', width: parseFloat(b.borderTopWidth) || 0, contrast: ratio(rgba(b.borderTopColor), backgroundOf(el)) };
    }
    return { what, classes, indicator: 'none', width: 0, contrast: 1 };
})()`);
}

/** Presses Tab `count` times and answers what each focused element showed. */
async function tabThrough(page: Page, count: number): Promise<Focused[]> {
  const seen: Focused[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedIndicator(page);
    if (focused) seen.push(focused);
  }
  return seen;
}

function expectVisible(seen: Focused[]) {
  const weak = seen
    .filter((f) => f.width < 2 || f.contrast < 3)
    .map((f) => `${f.what}: ${f.indicator} ${f.width}px at ${f.contrast.toFixed(2)}:1`);
  expect(weak).toEqual([]);
}

describe('keyboard focus is visible', () => {
  it('on the landing page (links and buttons, with no script) and its phone menu', async () => {
    const page = await app.page();
    await page.goto(app.url);
    await page.getByText('Apply to Join').first().waitFor();
    const seen = await tabThrough(page, 14);
    expect(seen.length).toBeGreaterThanOrEqual(12);
    expectVisible(seen);
    expect(seen.some((f) => /MuiButton-outlined/.test(f.classes))).toBe(true);

    const phone = await app.page({ width: 390, height: 844 });
    await phone.goto(app.url);
    await phone.getByText('Apply to Join').first().waitFor();
    const onPhone = await tabThrough(phone, 4);
    expectVisible(onPhone);
    expect(onPhone.map((f) => f.what)).toContain('summary "Menu"');
  });

  it('on sign-in: the fields, the password toggle and the buttons', async () => {
    const page = await app.page();
    await page.goto(`${app.url}/auth`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const seen = await tabThrough(page, 10);
    expect(seen.length).toBeGreaterThanOrEqual(6);
    expectVisible(seen);
    expect(seen.filter((f) => f.indicator === 'border').length).toBeGreaterThanOrEqual(2);
  });

  it('on a dashboard: the sidebar, the header and outlined buttons', async () => {
    const page = await app.signedIn('mentor');
    await page.goto(`${app.url}/dashboard?view=overview`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    // The header's bell and the announcement button load after the page (lazy chunks): on a busy
    // machine 30 presses of Tab could otherwise go round the page before they are there.
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'Create Announcement' }).waitFor();
    const seen = await tabThrough(page, 30);
    expect(seen.length).toBeGreaterThanOrEqual(12);
    expectVisible(seen);
    expect(seen.some((f) => /MuiListItemButton-root/.test(f.classes))).toBe(true);
    expect(seen.some((f) => /MuiButton-outlined/.test(f.classes))).toBe(true);
  });
});
