import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { jobTypeName } from '../frontend/src/lib/job-types';
import { fillEvidence, testPhoto } from './evidence';
import { toast } from './support';

/**
 * Helpers of the journeys with no signal (docs/rules.md#outbox, docs/rules.md#installable-app):
 * e2e/offline.e2e.test.ts and e2e/offline-update.e2e.test.ts.
 */

/** A job as `GET /api/jobs` answers it, with what these journeys read. */
export interface ApiJob {
  id: string;
  Job_Type: string;
  Student_Name?: string;
  Completed_Count: number;
  Total_Count: number;
  signatures?: Array<{
    signature_id?: string;
    trainee_status?: string;
    evidence?: { photos: Array<{ photo_id: string }> } | null;
  }>;
}

/** A port free on this machine now (the app keeps its origin, and so its service worker and outbox, on it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** How many items the device's outbox holds (all users), counted in the page. */
export const stored = (p: Page) =>
  p.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('panda-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('items')) return resolve(0);
      const count = db.transaction('items').objectStore('items').count();
      count.onsuccess = () => {
        resolve(count.result);
        db.close();
      };
    };
  })`) as Promise<number>;

/** Signs `job`'s next card with no signal; `photos` are chosen first and kept on the device. */
export async function signOffline(p: Page, job: ApiJob, photos = 0) {
  await p.getByRole('button', { name: `Mark Complete: ${jobTypeName(job.Job_Type)} for ${job.Student_Name}` }).click();
  const dialog = p.getByRole('dialog', { name: 'Sign Off Job Card' });
  await dialog.getByLabel('Signature', { exact: false }).first().fill('D. Clarke');
  await fillEvidence(p);
  if (photos) {
    const files = [];
    for (let n = 1; n <= photos; n++)
      files.push({ name: `site-${n}.png`, mimeType: 'image/png', buffer: await testPhoto(n + 5, 'png') });
    await dialog.getByTestId('job-photos-input').setInputFiles(files);
    await expect
      .poll(() => dialog.locator('[data-testid="job-photo-item"][data-status="waiting"]').count())
      .toBe(photos);
  }
  await dialog.getByRole('button', { name: 'Sign & Complete' }).click();
  await toast(p, /the sign-off waits in the outbox/).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}
