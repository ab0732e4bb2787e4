import { describe, expect, it } from 'vitest';
import { isValidVatNumber, payoutDetailsRequest, setRatesRequest, RATE_MESSAGE, VAT_NUMBER_MESSAGE } from './payouts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('VAT numbers', () => {
  it('GB and 9 or 12 digits passing the modulus 97 or 9755 check', () => {
    expect(isValidVatNumber('GB999999973')).toBe(true); // mod 97
    expect(isValidVatNumber('GB100000034')).toBe(true); // mod 9755
    expect(isValidVatNumber('GB 999 9999 73')).toBe(true);
    expect(isValidVatNumber('GB999999973001')).toBe(true); // a branch
    expect(isValidVatNumber('GB999999974')).toBe(false);
    expect(isValidVatNumber('GB99999997')).toBe(false);
    expect(isValidVatNumber('999999973')).toBe(false);
    expect(isValidVatNumber('GBGD001')).toBe(false);
  });
  it('the request refuses a failing VAT number, bad sort codes and account numbers', () => {
    const ok = {
      VAT_Number: 'gb999999973',
      Bank_Account_Name: 'Sam Spanner',
      Sort_Code: '12-34-56',
      Account_Number: '12345678',
    };
    expect(payoutDetailsRequest.parse(ok)).toEqual({ ...ok, VAT_Number: 'GB999999973', Sort_Code: '123456' });
    expect(payoutDetailsRequest.parse({ ...ok, VAT_Number: '' }).VAT_Number).toBeNull();
    expect(messages(payoutDetailsRequest.safeParse({ ...ok, VAT_Number: 'GB999999974' }))).toEqual([
      VAT_NUMBER_MESSAGE,
    ]);
    expect(messages(payoutDetailsRequest.safeParse({ ...ok, Sort_Code: '12345' }))).toEqual([
      'Sort code must be 6 digits',
    ]);
    expect(messages(payoutDetailsRequest.safeParse({ ...ok, Account_Number: '1234567a' }))).toEqual([
      'Account number must be 8 digits',
    ]);
  });
});

describe('rates', () => {
  const rates = { Boiler_Installs: 10000, Boiler_Service: 4000, Pipework: 3000, Repair: 2500 };
  it('whole pence, zero or more, for every job type', () => {
    expect(setRatesRequest.parse({ effective_from: '2026-01-05', rates })).toEqual({
      effective_from: '2026-01-05',
      rates,
    });
    expect(
      messages(setRatesRequest.safeParse({ effective_from: '2026-01-05', rates: { ...rates, Repair: -1 } })),
    ).toEqual([RATE_MESSAGE]);
    expect(
      messages(setRatesRequest.safeParse({ effective_from: '2026-01-05', rates: { ...rates, Repair: 12.5 } })),
    ).toEqual([RATE_MESSAGE]);
    expect(setRatesRequest.safeParse({ effective_from: '2026-02-30', rates }).success).toBe(false);
    expect(setRatesRequest.safeParse({ effective_from: '2026-01-05', rates: { Repair: 1 } }).success).toBe(false);
  });
});
