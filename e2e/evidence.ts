import type { Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * The evidence a sign-off carries (docs/rules.md#evidence), for journeys that sign cards through
 * the API because they are about something else.
 */
export const EVIDENCE_BODY = {
  site_postcode: 'M14 6HR',
  appliance: { kind: 'boiler', make: 'Worcester Bosch', model: 'Greenstar 4000' },
  work_done: 'Serviced the boiler: checked the flue, gas rate and safety devices.',
  duration_minutes: 60,
  photo_ids: [] as string[],
};

/** Fills the evidence fields of the open sign-off dialog (no photos). */
export async function fillEvidence(page: Page, work = EVIDENCE_BODY.work_done) {
  const dialog = page.getByRole('dialog', { name: 'Sign Off Job Card' });
  await dialog.getByLabel('Site postcode').fill(EVIDENCE_BODY.site_postcode);
  await dialog.getByRole('combobox', { name: /^Appliance/ }).click();
  await page.getByRole('option', { name: 'Boiler', exact: true }).click();
  await dialog.getByLabel(/^Make/).fill('Worcester Bosch');
  await dialog.getByLabel('Work done').fill(work);
  await dialog.getByLabel('Time on the job (minutes)').fill('60');
}

/** A small photo whose pattern depends on `seed` (so no two look alike to the perceptual hash). */
export async function testPhoto(seed: number, format: 'png' | 'jpeg') {
  const [width, height] = [96, 72];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 7 * seed + y * 3) % 256;
      raw[i + 1] = (y * 5 * seed + x) % 256;
      raw[i + 2] = ((x ^ y) * seed * 11) % 256;
    }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
}
