import type { EarningsSummary, InvoiceView, RatesResponse } from '@panda/contracts/payouts';
import { contractHttp } from '../contract-http';

/** A self-billed invoice as the lists answer it: issued, two lines, no VAT. */
export function invoiceFixture(overrides: Partial<InvoiceView> = {}): InvoiceView {
  return {
    id: '2027-01-18-mentor-1',
    number: 'SB-M00001-1',
    mentor_id: 'mentor-1',
    mentor_name: 'Dave Clarke',
    payee_number: 'M00001',
    period_start: '2027-01-18',
    period_end: '2027-02-01',
    issued_at: '2027-02-01T00:05:00.000Z',
    lines: [
      {
        entry_id: 'earning-a',
        signature_id: 'sig-a',
        job_type: 'Boiler Service',
        kind: 'earning',
        work_date: '2027-01-19',
        amount_pence: 4000,
      },
      {
        entry_id: 'earning-b',
        signature_id: 'sig-b',
        job_type: 'Pipework',
        kind: 'earning',
        work_date: '2027-01-20',
        amount_pence: 3000,
      },
    ],
    net_pence: 7000,
    vat_pence: 0,
    gross_pence: 7000,
    vat_number: null,
    status: 'issued',
    dispute_until: '2999-02-08T00:05:00.000Z',
    dispute_reason: null,
    dispute_outcome: null,
    resolution_reason: null,
    credit_note: null,
    payable_pence: 7000,
    credits_applied: [],
    paid_at: null,
    ...overrides,
  };
}

/** The same invoice disputed by its mentor, awaiting an admin. */
export const disputedInvoice = (overrides: Partial<InvoiceView> = {}) =>
  invoiceFixture({ status: 'disputed', dispute_reason: 'One card was a Repair', ...overrides });

/** The same invoice, its dispute upheld with a credit note of £10. */
export const creditedInvoice = (overrides: Partial<InvoiceView> = {}) =>
  invoiceFixture({
    dispute_reason: 'One card was a Repair',
    dispute_outcome: 'upheld',
    resolution_reason: 'Checked the card',
    credit_note: {
      number: 'CN-M00001-1',
      issued_at: '2027-02-03T10:00:00.000Z',
      net_pence: 1000,
      vat_pence: 0,
      gross_pence: 1000,
      taken_off_next_payout: false,
    },
    payable_pence: 6000,
    ...overrides,
  });

export const earningsFixture = (overrides: Partial<EarningsSummary> = {}): EarningsSummary => ({
  period_start: '2027-02-01',
  period_end: '2027-02-15',
  uninvoiced_pence: 2500,
  pending: [],
  ...overrides,
});

export const ratesFixture = (overrides: Partial<RatesResponse> = {}): RatesResponse => ({
  history: [
    {
      id: 'rates-1',
      effective_from: '2027-01-04',
      rates: { Boiler_Installs: 12000, Boiler_Service: 4000, Pipework: 3000, Repair: 2500 },
      set_at: '2027-01-04T09:00:00.000Z',
      set_by: 'admin-1',
    },
  ],
  no_rate: [],
  ...overrides,
});

const page = (items: unknown[]) => ({ 'X-Total-Count': String(items.length) });

/** The mentor's Earnings view: this period, the ledger (empty) and their invoices. */
export function earningsHandlers(invoices: InvoiceView[], earnings = earningsFixture()) {
  return [
    contractHttp('GET', '/api/mentor/earnings', ({ ok }) => ok(200, earnings)),
    contractHttp('GET', '/api/mentor/ledger', ({ ok }) => ok(200, [], page([]))),
    contractHttp('GET', '/api/mentor/invoices', ({ ok }) => ok(200, invoices, page(invoices))),
  ];
}

/** The admin's Payouts tab: the rates and every invoice. */
export function adminPayoutsHandlers(invoices: InvoiceView[], rates = ratesFixture()) {
  return [
    contractHttp('GET', '/api/admin/rates', ({ ok }) => ok(200, rates)),
    contractHttp('GET', '/api/admin/invoices', ({ ok }) => ok(200, invoices, page(invoices))),
  ];
}
