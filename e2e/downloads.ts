import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
export { pdfText } from '@panda/server/testing/pdf-text';

/** Clicks `button` and gives back the bytes of the file it downloads (the browser is remote: the file is copied here). */
export async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const saved = join(mkdtempSync(join(tmpdir(), 'download-')), download.suggestedFilename());
  await download.saveAs(saved);
  return { name: download.suggestedFilename(), bytes: readFileSync(saved) };
}
