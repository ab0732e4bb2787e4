import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Form helpers of the browser tests (apart from support.ts, which the Lighthouse bench loads without vitest). */
/** The text under the field labelled `label` inside `scope` (its aria-describedby helper); a string label is exact. */
export async function under(scope: Locator | Page, label: string | RegExp): Promise<string> {
  const field = typeof label === 'string' ? scope.getByLabel(label, { exact: true }) : scope.getByLabel(label);
  const id = await field.getAttribute('aria-describedby');
  return id ? ((await scope.locator(`[id="${id.split(' ')[0]}"]`).textContent()) ?? '') : '';
}

/** Every alert on the page (toasts included) is exactly these texts. */
export async function alertsAre(page: Page, texts: string[]) {
  await expect.poll(async () => (await page.getByRole('alert').allTextContents()).map((t) => t.trim())).toEqual(texts);
}
