import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { receiptLink, type Receipt } from '@panda/contracts/receipt';
import { generateSignerKey, parseSignerKey, signNote } from '@panda/events/signed-note';
import { accessible, useApp } from './app';
import { shot } from './support';

/**
 * docs/rules.md#sign-off-receipts: the public /verify page, signed out, checks a demo sign-off's real
 * receipt in the browser against the published key (opened from its QR link), and refuses the same
 * receipt with one byte changed and one whose checkpoint another key signed, saying which check
 * failed and never calling anything valid. At 1366 and 390 px, axe-core clean.
 */
const app = useApp({ demo: true });
let receipt: Receipt;

beforeAll(async () => {
  const student = app.logins['student'];
  const { token } = await app.api<{ token: string }>('POST', '/api/auth/signin', {
    Email: student.email,
    Password: student.password,
  });
  const jobs = await app.api<{ signatures: { signature_id: string }[] }[]>('GET', '/api/jobs', undefined, token);
  const signed = jobs.flatMap((j) => j.signatures)[0];
  expect(signed).toBeDefined();
  receipt = await app.api<Receipt>(
    'GET',
    `/api/audit/sign-offs/${encodeURIComponent(signed.signature_id)}/receipt`,
    undefined,
    token,
  );
});

/** The same receipt with one character of its content hash changed. */
const oneByteChanged = (r: Receipt): Receipt => ({
  ...r,
  content_hash:
    (r.content_hash[10] === '0' ? r.content_hash.slice(0, 10) + '1' : r.content_hash.slice(0, 10) + '0') +
    r.content_hash.slice(11),
});

/** The same receipt whose checkpoint text is signed by another key of the same name. */
function signedByAnotherKey(r: Receipt): Receipt {
  const other = parseSignerKey(generateSignerKey(r.log_key_name));
  return { ...r, checkpoint: signNote(r.checkpoint.slice(0, r.checkpoint.indexOf('\n\n') + 1), other) };
}

async function checkPasted(page: Page, text: string) {
  await page.getByLabel('Receipt (JSON)').fill(text);
  await page.getByRole('button', { name: 'Check receipt' }).click();
  return page.getByTestId('verify-outcome');
}

describe.each([
  { name: 'wide', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('/verify at $width px', (viewport) => {
  it('accepts a real receipt from its link, refuses one byte changed and another key, says which check failed', async () => {
    const page = await app.page({ width: viewport.width, height: viewport.height });
    await page.goto(receiptLink(app.url, receipt));
    await page.getByRole('heading', { level: 1, name: 'Check a sign-off receipt' }).waitFor();
    expect(await page.title()).toBe('Check a receipt · Panda');
    await page.getByText('Checked against the published key').waitFor();
    expect(JSON.parse(await page.getByLabel('Receipt (JSON)').inputValue())).toEqual(receipt);

    await page.getByRole('button', { name: 'Check receipt' }).click();
    const outcome = page.getByTestId('verify-outcome');
    await outcome.getByText('Every check passed').waitFor();
    expect(await outcome.locator('[data-outcome]').getAttribute('data-outcome')).toBe('passed');
    const passed = await outcome.innerText();
    expect(passed).toContain(receipt.content_hash);
    expect(passed).toContain(`position ${receipt.leaf_index + 1} of ${receipt.tree_size}`);
    expect(passed.toLowerCase()).not.toContain('valid');
    expect(await page.getByText('What it does not prove').isVisible()).toBe(true);
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > innerWidth')).toBe(false);
    await accessible(page, `/verify passed (${viewport.width} px)`);
    await shot(page, `${viewport.name}-verify-passed`);

    const changed = await checkPasted(page, JSON.stringify(oneByteChanged(receipt)));
    await changed.getByText('The content hash does not match the leaf').waitFor();
    expect(await changed.locator('[data-outcome]').getAttribute('data-outcome')).toBe('leaf_mismatch');
    expect((await changed.innerText()).toLowerCase()).not.toContain('valid');
    await accessible(page, `/verify one byte changed (${viewport.width} px)`);
    await shot(page, `${viewport.name}-verify-byte-changed`);

    const otherKey = await checkPasted(page, JSON.stringify(signedByAnotherKey(receipt)));
    await otherKey.getByText('The receipt is signed by another key').waitFor();
    expect(await otherKey.locator('[data-outcome]').getAttribute('data-outcome')).toBe('wrong_key');
    expect((await otherKey.innerText()).toLowerCase()).not.toContain('valid');

    const cut = await checkPasted(page, JSON.stringify(receipt).slice(0, 200));
    await cut.getByText('The receipt is cut short').waitFor();
    await accessible(page, `/verify cut short (${viewport.width} px)`);
    await shot(page, `${viewport.name}-verify-cut-short`);
  });
});
