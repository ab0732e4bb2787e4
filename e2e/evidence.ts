import type { Page } from 'playwright-core';

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
