import { describe, expect, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import {
  CREDIT_TOO_LARGE,
  INVOICE_DISPUTE_ALREADY_RESOLVED,
  INVOICE_NOT_DISPUTED,
  INVOICE_DISPUTED_TWICE,
  INVOICE_DISPUTE_TOO_LATE,
  NOTHING_TO_PAY,
  PERIOD_ALREADY_PAID,
  creditsDue,
  ledgerDecider,
  payeeDecider,
  ratesDecider,
  runDecider,
  type LedgerCommand,
  type LedgerEvent,
} from './decider';
import { endedPeriods, periodOf, periodStartingOn, vatOf, type RatesVersion } from '@panda/events/domain/payouts';
import { checkEvent } from '@panda/events/catalogue';

const rates = (id: string, effectiveFrom: string, boilerService: number): RatesVersion => ({
  ratesId: id,
  effectiveFrom,
  rates: { Boiler_Installs: 10000, Boiler_Service: boilerService, Pipework: 3000, Repair: 2500 },
});
const HISTORY = [rates('r1', '2026-01-01', 4000), rates('r2', '2026-02-01', 4500)];

const signOff = (n: number, workDate = '2026-01-20') => ({
  mentorId: 'm1',
  signatureId: `sig-${n}`,
  jobId: 'job-1',
  studentId: 's1',
  jobType: 'Boiler Service' as const,
  workDate,
});
const earn = (n: number, over: Partial<Extract<LedgerCommand, { type: 'Earn' }>> = {}): LedgerCommand => ({
  type: 'Earn',
  ...signOff(n),
  entryId: `e-${n}`,
  trigger: 'confirmed',
  at: '2026-01-21T10:00:00.000Z',
  rates: HISTORY,
  ...over,
});
const earned = (n: number, amountPence: number, recordedAt = '2026-01-21T10:00:00.000Z', workDate = '2026-01-20') =>
  ({
    type: 'EarningRecorded',
    data: {
      ...signOff(n, workDate),
      entryId: `e-${n}`,
      recordedAt,
      trigger: 'confirmed',
      amountPence,
      ratesId: 'r1',
    },
  }) satisfies LedgerEvent;
const reversed = (n: number, amountPence: number, recordedAt: string) =>
  ({
    type: 'EarningReversed',
    data: { ...signOff(n), entryId: `rev-${n}`, recordedAt, amountPence: -amountPence, reversesEntryId: `e-${n}` },
  }) satisfies LedgerEvent;
const P1 = periodOf('2026-01-21T10:00:00Z'); // 2026-01-19 .. 2026-02-02
const issue = (over: Partial<Extract<LedgerCommand, { type: 'IssueInvoice' }>> = {}): LedgerCommand => ({
  type: 'IssueInvoice',
  invoiceId: 'inv-1',
  mentorId: 'm1',
  period: P1,
  issuedAt: '2026-02-02T00:05:00.000Z',
  payeeNumber: 'M00001',
  vatRegistered: false,
  mentorName: 'Sam Spanner',
  businessName: 'Spanner Heating',
  businessPostcode: 'M1 1AA',
  selfBillingAgreedAt: '2026-01-02T09:00:00.000Z',
  ...over,
});
const details = (vatNumber: string | null) =>
  ({
    type: 'PayoutDetailsSaved',
    data: { mentorId: 'm1', vatNumber, bankSealed: 'v1.x.y.z', sortCodeLast2: '56', accountNumberLast2: '78' },
  }) satisfies LedgerEvent;
const issued = (over: Partial<Extract<LedgerEvent, { type: 'InvoiceIssued' }>['data']> = {}) =>
  ({
    type: 'InvoiceIssued',
    data: {
      invoiceId: 'inv-1',
      mentorId: 'm1',
      payeeNumber: 'M00001',
      sequence: 1,
      number: 'SB-M00001-1',
      periodStart: P1.start,
      periodEnd: P1.end,
      issuedAt: '2026-02-02T00:05:00.000Z',
      entryIds: ['e-1'],
      netPence: 4000,
      vatPence: 0,
      grossPence: 4000,
      vatNumber: null,
      mentorName: 'Sam Spanner',
      businessName: 'Spanner Heating',
      businessPostcode: 'M1 1AA',
      selfBillingAgreedAt: '2026-01-02T09:00:00.000Z',
      ...over,
    },
  }) satisfies LedgerEvent;

describe('earning', () => {
  it('given no entry, when the sign-off earns, then it records the rate in force on its work date', () => {
    spec(ledgerDecider)
      .given([])
      .when(earn(1))
      .then([earned(1, 4000)]);
  });
  it('uses the version in force on the work date, not the latest one (rate history)', () => {
    spec(ledgerDecider)
      .given([])
      .when(earn(2, { workDate: '2026-02-03' }))
      .then([
        {
          ...earned(2, 4500, '2026-01-21T10:00:00.000Z', '2026-02-03'),
          data: { ...earned(2, 4500, '2026-01-21T10:00:00.000Z', '2026-02-03').data, ratesId: 'r2' },
        },
      ]);
  });
  it('of two versions from the same date, the one set later counts', () => {
    const later = rates('r3', '2026-01-01', 4200);
    const e = ledgerDecider.decide(earn(1, { rates: [...HISTORY, later] }), ledgerDecider.initialState());
    expect(e).toMatchObject([{ type: 'EarningRecorded', data: { amountPence: 4200, ratesId: 'r3' } }]);
  });
  it("with no rate in force on the work date, it records no earning but a 'no rate' entry", () => {
    spec(ledgerDecider)
      .given([])
      .when(earn(1, { workDate: '2025-12-31' }))
      .then([
        {
          type: 'EarningWithheld',
          data: {
            ...signOff(1, '2025-12-31'),
            entryId: 'e-1',
            recordedAt: '2026-01-21T10:00:00.000Z',
            trigger: 'confirmed',
            reason: 'no_rate',
          },
        },
      ]);
  });
  it('a sign-off earns once: confirmed after the 7 days ran out, nothing more', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000)])
      .when(earn(1, { trigger: 'unanswered' }))
      .then([]);
  });
  it("a rate set later never prices a sign-off already decided as 'no rate'", () => {
    const withheld = ledgerDecider.decide(earn(1, { workDate: '2025-12-31' }), ledgerDecider.initialState());
    spec(ledgerDecider)
      .given(withheld)
      .when(earn(1, { workDate: '2025-12-31', rates: [...HISTORY, rates('r0', '2025-12-01', 4000)] }))
      .then([]);
  });
  it('a rate change does not alter an entry already earned', () => {
    const state = [earned(1, 4000)].reduce(ledgerDecider.evolve, ledgerDecider.initialState());
    expect(state.open.map((l) => l.amountPence)).toEqual([4000]);
    const inv = ledgerDecider.decide(issue(), state);
    expect(inv).toMatchObject([{ data: { netPence: 4000 } }]);
  });
});

describe('reversal', () => {
  it('an upheld dispute reverses an earning with a negative entry', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000)])
      .when({ type: 'Reverse', entryId: 'rev-1', signatureId: 'sig-1', at: '2026-01-25T10:00:00.000Z' })
      .then([reversed(1, 4000, '2026-01-25T10:00:00.000Z')]);
  });
  it('reverses once, and never a sign-off that did not earn', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), reversed(1, 4000, '2026-01-25T10:00:00.000Z')])
      .when({ type: 'Reverse', entryId: 'rev-x', signatureId: 'sig-1', at: '2026-01-26T10:00:00.000Z' })
      .then([]);
    spec(ledgerDecider)
      .given([])
      .when({ type: 'Reverse', entryId: 'rev-x', signatureId: 'sig-9', at: '2026-01-26T10:00:00.000Z' })
      .then([]);
  });
  it('a reversal goes on the next invoice as a negative line', () => {
    const e = ledgerDecider.decide(
      issue({ invoiceId: 'inv-2', period: periodStartingOn(P1.end)! }),
      [
        earned(1, 4000),
        issued(),
        earned(2, 5000, '2026-02-03T10:00:00.000Z'),
        reversed(1, 4000, '2026-02-04T10:00:00.000Z'),
      ].reduce(ledgerDecider.evolve, ledgerDecider.initialState()),
    );
    expect(e).toMatchObject([
      {
        type: 'InvoiceIssued',
        data: {
          number: 'SB-M00001-2',
          // Its lines: the earning e-2 (5000) and the reversal rev-1 (-4000), named by their entries.
          entryIds: ['e-2', 'rev-1'],
          netPence: 1000,
        },
      },
    ]);
  });
  it('a negative period issues no invoice and carries the balance forward', () => {
    const given = [earned(1, 4000), issued(), reversed(1, 4000, '2026-02-04T10:00:00.000Z')];
    const P2 = periodStartingOn(P1.end)!;
    spec(ledgerDecider)
      .given(given)
      .when(issue({ invoiceId: 'inv-2', period: P2 }))
      .then([]);
    // The next period's earnings absorb the reversal.
    const P3 = periodStartingOn(P2.end)!;
    const e = ledgerDecider.decide(
      issue({ invoiceId: 'inv-3', period: P3 }),
      [...given, earned(3, 10000, '2026-02-20T10:00:00.000Z')].reduce(
        ledgerDecider.evolve,
        ledgerDecider.initialState(),
      ),
    );
    expect(e).toMatchObject([{ data: { number: 'SB-M00001-2', netPence: 6000, periodStart: P3.start } }]);
  });
});

describe('VAT and rounding', () => {
  it('adds 20% once on the invoice net, rounded to the nearest penny (half up)', () => {
    expect(vatOf(4000, true)).toBe(800);
    expect(vatOf(1234, true)).toBe(247); // 246.8
    expect(vatOf(1232, true)).toBe(246); // 246.4
    expect(vatOf(1237, true)).toBe(247); // 247.4
    expect(vatOf(1238, true)).toBe(248); // 247.6
    expect(vatOf(1234, false)).toBe(0);
  });
  it('a VAT-registered mentor with a VAT number gets VAT: net + VAT = gross', () => {
    const e = ledgerDecider.decide(
      issue({ vatRegistered: true }),
      [details('GB999999973'), earned(1, 1234), earned(2, 1111)].reduce(
        ledgerDecider.evolve,
        ledgerDecider.initialState(),
      ),
    );
    // Per invoice: 20% of 2345 = 469.0; per line it would be 246.8 + 222.2 = 247 + 222 = 469 too, but
    // 3 lines of 1 penny show the difference: the invoice rule gives 1p, per-line rounding 0p.
    expect(e).toMatchObject([{ data: { netPence: 2345, vatPence: 469, grossPence: 2814, vatNumber: 'GB999999973' } }]);
    const tiny = ledgerDecider.decide(
      issue({ vatRegistered: true }),
      [details('GB999999973'), earned(1, 1), earned(2, 1), earned(3, 1)].reduce(
        ledgerDecider.evolve,
        ledgerDecider.initialState(),
      ),
    );
    expect(tiny).toMatchObject([{ data: { netPence: 3, vatPence: 1, grossPence: 4 } }]);
  });
  it('no VAT without registration, or without a VAT number', () => {
    const noNumber = ledgerDecider.decide(
      issue({ vatRegistered: true }),
      [details(null), earned(1, 4000)].reduce(ledgerDecider.evolve, ledgerDecider.initialState()),
    );
    expect(noNumber).toMatchObject([{ data: { vatPence: 0, grossPence: 4000, vatNumber: null } }]);
    const notRegistered = ledgerDecider.decide(
      issue({ vatRegistered: false }),
      [details('GB999999973'), earned(1, 4000)].reduce(ledgerDecider.evolve, ledgerDecider.initialState()),
    );
    expect(notRegistered).toMatchObject([{ data: { vatPence: 0, vatNumber: null } }]);
  });
});

describe('numbering', () => {
  it('invoices are SB-{payee}-{n}, consecutive per mentor; a period is invoiced once', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000)])
      .when(issue())
      .then([issued()]);
    spec(ledgerDecider)
      .given([earned(1, 4000), issued()])
      .when(issue({ invoiceId: 'inv-again' }))
      .then([]);
  });
  it('only entries recorded before the period ended are on its invoice', () => {
    const e = ledgerDecider.decide(
      issue(),
      [earned(1, 4000), earned(2, 4000, '2026-02-02T00:00:00.000Z')].reduce(
        ledgerDecider.evolve,
        ledgerDecider.initialState(),
      ),
    );
    expect(e).toMatchObject([{ data: { entryIds: ['e-1'], netPence: 4000 } }]);
  });
  it('an invoice names its entries, not a second copy of them; one recorded with its lines in full still reads', () => {
    const [made] = ledgerDecider.decide(
      issue(),
      [earned(1, 4000)].reduce(ledgerDecider.evolve, ledgerDecider.initialState()),
    );
    expect(made.data).not.toHaveProperty('lines');
    // Before entryIds, an invoice carried its lines: its entries are off the open list all the same.
    const { entryIds: _ids, ...rest } = issued().data;
    const old = {
      type: 'InvoiceIssued',
      data: {
        ...rest,
        lines: [
          {
            entryId: 'e-1',
            signatureId: 'sig-1',
            jobType: 'Boiler Service',
            kind: 'earning',
            workDate: '2026-01-20',
            amountPence: 4000,
          },
        ],
      },
    } satisfies LedgerEvent;
    expect(checkEvent(old.type, old.data)).toEqual(old.data);
    expect(() => checkEvent(old.type, { ...old.data, entryIds: ['e-1'] })).toThrow();
    expect(() => checkEvent(old.type, rest)).toThrow();
    const state = [earned(1, 4000), earned(2, 4000, '2026-02-03T00:00:00.000Z'), old].reduce(
      ledgerDecider.evolve,
      ledgerDecider.initialState(),
    );
    expect(state.open.map((l) => l.entryId)).toEqual(['e-2']);
    expect(state.invoices['inv-1']).toMatchObject({ number: 'SB-M00001-1', grossPence: 4000 });
  });
  it('payee numbers come from one counter: M and 5 digits, one per mentor', () => {
    spec(payeeDecider)
      .given([{ type: 'PayeeNumberAssigned', data: { mentorId: 'm1', payeeNumber: 'M00001' } }])
      .when({ type: 'AssignPayeeNumber', mentorId: 'm2' })
      .then([{ type: 'PayeeNumberAssigned', data: { mentorId: 'm2', payeeNumber: 'M00002' } }]);
    spec(payeeDecider)
      .given([{ type: 'PayeeNumberAssigned', data: { mentorId: 'm1', payeeNumber: 'M00001' } }])
      .when({ type: 'AssignPayeeNumber', mentorId: 'm1' })
      .then([]);
  });
});

describe('invoice disputes', () => {
  const dispute = (at: string): LedgerCommand => ({
    type: 'DisputeInvoice',
    invoiceId: 'inv-1',
    mentorId: 'm1',
    reason: 'A card is missing',
    at,
  });
  it('within 7 days of issue the mentor may dispute', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), issued()])
      .when(dispute('2026-02-09T00:05:00.000Z'))
      .then([{ type: 'InvoiceDisputed', data: { invoiceId: 'inv-1', mentorId: 'm1', reason: 'A card is missing' } }]);
  });
  it('after 7 days it is refused', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), issued()])
      .when(dispute('2026-02-09T00:05:00.001Z'))
      .thenThrows(400, INVOICE_DISPUTE_TOO_LATE);
  });
  it('a second dispute is refused', () => {
    spec(ledgerDecider)
      .given([
        earned(1, 4000),
        issued(),
        { type: 'InvoiceDisputed', data: { invoiceId: 'inv-1', mentorId: 'm1', reason: 'first' } },
      ])
      .when(dispute('2026-02-03T00:00:00.000Z'))
      .thenThrows(409, INVOICE_DISPUTED_TWICE);
  });
  it('an unknown invoice is not found', () => {
    spec(ledgerDecider).given([]).when(dispute('2026-02-03T00:00:00.000Z')).thenThrows(404);
  });
  it('a paid invoice may be disputed within its 7 days too (its credit note comes off the next payout)', () => {
    // Whether a run paid it is not the dispute's business: the invoice's own stream decides.
    spec(ledgerDecider)
      .given([earned(1, 4000), issued()])
      .when(dispute('2026-02-03T00:00:00.000Z'))
      .then([{ type: 'InvoiceDisputed', data: { invoiceId: 'inv-1', mentorId: 'm1', reason: 'A card is missing' } }]);
  });
});

describe('invoice dispute resolution', () => {
  const disputed = {
    type: 'InvoiceDisputed',
    data: { invoiceId: 'inv-1', mentorId: 'm1', reason: 'Overpaid' },
  } as const;
  const resolve = (
    outcome: 'upheld' | 'rejected',
    creditNetPence: number | null,
    creditNoteId = 'cn-1',
    invoiceId = 'inv-1',
  ): LedgerCommand => ({
    type: 'ResolveInvoiceDispute',
    invoiceId,
    mentorId: 'm1',
    adminId: 'a1',
    outcome,
    creditNetPence,
    reason: 'Checked the cards',
    creditNoteId,
    at: '2026-02-05T12:00:00.000Z',
  });
  const vatInvoice = issued({ netPence: 4000, vatPence: 800, grossPence: 4800, vatNumber: 'GB999999973' });

  it('upheld: a credit note of its own number CN-{payee}-{n}, VAT worked out as on an invoice', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), vatInvoice, disputed])
      .when(resolve('upheld', 1234))
      .then([
        {
          type: 'InvoiceDisputeResolved',
          data: {
            invoiceId: 'inv-1',
            mentorId: 'm1',
            adminId: 'a1',
            outcome: 'upheld',
            reason: 'Checked the cards',
            creditNote: {
              creditNoteId: 'cn-1',
              sequence: 1,
              number: 'CN-M00001-1',
              issuedAt: '2026-02-05T12:00:00.000Z',
              netPence: 1234,
              vatPence: 247,
              grossPence: 1481,
            },
          },
        },
      ]);
  });
  it('credit notes are numbered consecutively per mentor, apart from invoices', () => {
    const first = {
      type: 'InvoiceDisputeResolved',
      data: {
        invoiceId: 'inv-1',
        mentorId: 'm1',
        adminId: 'a1',
        outcome: 'upheld',
        reason: 'x',
        creditNote: {
          creditNoteId: 'cn-1',
          sequence: 1,
          number: 'CN-M00001-1',
          issuedAt: '2026-02-05T12:00:00.000Z',
          netPence: 100,
          vatPence: 0,
          grossPence: 100,
        },
      },
    } as const;
    const second = issued({ invoiceId: 'inv-2', sequence: 2, number: 'SB-M00001-2', periodStart: '2026-02-02' });
    const state = [earned(1, 4000), issued(), disputed, first, second].reduce(
      ledgerDecider.evolve,
      ledgerDecider.initialState(),
    );
    expect(state.invoices['inv-1']).toMatchObject({ resolved: true, creditGrossPence: 100 });
    const out = ledgerDecider.decide(
      resolve('upheld', 50, 'cn-2', 'inv-2'),
      ledgerDecider.evolve(state, { ...disputed, data: { ...disputed.data, invoiceId: 'inv-2' } }),
    );
    expect(out).toMatchObject([{ data: { creditNote: { number: 'CN-M00001-2', sequence: 2, grossPence: 50 } } }]);
  });
  it('upheld on a paid invoice: the credit note is taken off the next payout, not the paid invoice', () => {
    const note = {
      creditNoteId: 'cn-1',
      sequence: 1,
      number: 'CN-M00001-1',
      issuedAt: '2026-02-05T12:00:00.000Z',
      netPence: 1234,
      vatPence: 247,
      grossPence: 1481,
      takenOffNextPayout: true as const,
    };
    const upheld = {
      type: 'InvoiceDisputeResolved',
      data: {
        invoiceId: 'inv-1',
        mentorId: 'm1',
        adminId: 'a1',
        outcome: 'upheld',
        reason: 'Checked the cards',
        creditNote: note,
      },
    } satisfies LedgerEvent;
    spec(ledgerDecider)
      .given([earned(1, 4000), vatInvoice, disputed])
      .when({ ...resolve('upheld', 1234), paid: true } as LedgerCommand)
      .then([upheld]);
    const state = [earned(1, 4000), vatInvoice, disputed, upheld].reduce(
      ledgerDecider.evolve,
      ledgerDecider.initialState(),
    );
    expect(state.invoices['inv-1']).toMatchObject({ resolved: true, creditGrossPence: 0 });
    expect(state.carriedCredits).toEqual([
      { creditNoteId: 'cn-1', number: 'CN-M00001-1', invoiceId: 'inv-1', grossPence: 1481 },
    ]);
    // What is left of it after runs took some off; nothing once all is taken.
    expect(creditsDue('m1', state, new Map([['cn-1', 481]]))).toEqual([
      { creditNoteId: 'cn-1', mentorId: 'm1', number: 'CN-M00001-1', pence: 1000 },
    ]);
    expect(creditsDue('m1', state, new Map([['cn-1', 1481]]))).toEqual([]);
  });
  it('rejected: the invoice stands, no credit note', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), issued(), disputed])
      .when(resolve('rejected', null))
      .then([
        {
          type: 'InvoiceDisputeResolved',
          data: {
            invoiceId: 'inv-1',
            mentorId: 'm1',
            adminId: 'a1',
            outcome: 'rejected',
            reason: 'Checked the cards',
            creditNote: null,
          },
        },
      ]);
  });
  it('a credit of 0 or more than the invoice net is refused', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), issued(), disputed])
      .when(resolve('upheld', 0))
      .thenThrows(400, CREDIT_TOO_LARGE);
    spec(ledgerDecider)
      .given([earned(1, 4000), issued(), disputed])
      .when(resolve('upheld', 4001))
      .thenThrows(400, CREDIT_TOO_LARGE);
  });
  it('an undisputed invoice has nothing to resolve; a resolved one is not resolved again', () => {
    spec(ledgerDecider)
      .given([earned(1, 4000), issued()])
      .when(resolve('rejected', null))
      .thenThrows(409, INVOICE_NOT_DISPUTED);
    spec(ledgerDecider)
      .given([
        earned(1, 4000),
        issued(),
        disputed,
        {
          type: 'InvoiceDisputeResolved',
          data: {
            invoiceId: 'inv-1',
            mentorId: 'm1',
            adminId: 'a1',
            outcome: 'rejected',
            reason: 'x',
            creditNote: null,
          },
        },
      ])
      .when(resolve('upheld', 10))
      .thenThrows(409, INVOICE_DISPUTE_ALREADY_RESOLVED);
  });
  it('an unknown invoice is not found', () => {
    spec(ledgerDecider).given([]).when(resolve('rejected', null)).thenThrows(404);
  });
});

describe('rates and payout runs', () => {
  it('records each rates version', () => {
    spec(ratesDecider)
      .given([])
      .when({ type: 'SetRates', ratesId: 'r1', effectiveFrom: '2026-01-01', rates: HISTORY[0].rates, adminId: 'a1' })
      .then([
        {
          type: 'RatesSet',
          data: { ratesId: 'r1', effectiveFrom: '2026-01-01', rates: HISTORY[0].rates, adminId: 'a1' },
        },
      ]);
  });
  const inv = { invoiceId: 'inv-1', mentorId: 'm1', number: 'SB-M00001-1', grossPence: 4800 };
  it('a run sums its invoices, and a second run for the period is refused', () => {
    const made = {
      type: 'PayoutRunMade' as const,
      data: {
        runId: 'run-1',
        periodStart: P1.start,
        adminId: 'a1',
        invoices: [inv, { ...inv, invoiceId: 'inv-2', grossPence: 200 }],
        totalPence: 5000,
      },
    };
    spec(runDecider)
      .given([])
      .when({
        type: 'MakePayoutRun',
        runId: 'run-1',
        periodStart: P1.start,
        adminId: 'a1',
        invoices: made.data.invoices,
      })
      .then([made]);
    spec(runDecider)
      .given([made])
      .when({ type: 'MakePayoutRun', runId: 'run-2', periodStart: P1.start, adminId: 'a1', invoices: [inv] })
      .thenThrows(409, PERIOD_ALREADY_PAID);
    spec(runDecider)
      .given([])
      .when({ type: 'MakePayoutRun', runId: 'run-1', periodStart: P1.start, adminId: 'a1', invoices: [] })
      .thenThrows(400, NOTHING_TO_PAY);
  });
});

describe('credit notes taken off payouts', () => {
  const pay = (invoiceId: string, mentorId: string, grossPence: number) => ({
    invoiceId,
    mentorId,
    number: `SB-${invoiceId}`,
    grossPence,
  });
  const due = (creditNoteId: string, mentorId: string, pence: number) => ({
    creditNoteId,
    mentorId,
    number: `CN-${creditNoteId}`,
    pence,
  });
  const run = (invoices: ReturnType<typeof pay>[], credits: ReturnType<typeof due>[]) =>
    ({ type: 'MakePayoutRun', runId: 'run-2', periodStart: P1.start, adminId: 'a1', invoices, credits }) as const;

  it("the mentor's payment less their credit; another mentor's payment untouched; run = sum of payments", () => {
    spec(runDecider)
      .given([])
      .when(run([pay('a', 'm1', 5000), pay('b', 'm2', 3000)], [due('cn-1', 'm1', 1200)]))
      .then([
        {
          type: 'PayoutRunMade',
          data: {
            runId: 'run-2',
            periodStart: P1.start,
            adminId: 'a1',
            invoices: [
              { ...pay('a', 'm1', 3800), credits: [{ creditNoteId: 'cn-1', number: 'CN-cn-1', pence: 1200 }] },
              pay('b', 'm2', 3000),
            ],
            totalPence: 6800,
          },
        },
      ]);
  });
  it('never pays below 0: what a payment cannot hold goes on its next payment, then to the next run', () => {
    spec(runDecider)
      .given([])
      .when(run([pay('a', 'm1', 1000), pay('c', 'm1', 700)], [due('cn-1', 'm1', 1500), due('cn-2', 'm1', 900)]))
      .then([
        {
          type: 'PayoutRunMade',
          data: {
            runId: 'run-2',
            periodStart: P1.start,
            adminId: 'a1',
            invoices: [
              { ...pay('a', 'm1', 0), credits: [{ creditNoteId: 'cn-1', number: 'CN-cn-1', pence: 1000 }] },
              {
                ...pay('c', 'm1', 0),
                credits: [
                  { creditNoteId: 'cn-1', number: 'CN-cn-1', pence: 500 },
                  { creditNoteId: 'cn-2', number: 'CN-cn-2', pence: 200 },
                ],
              },
            ],
            totalPence: 0,
          },
        },
      ]);
    // 700p of cn-2 is left: the next run takes it off (creditsDue gives it what is left).
  });
});

describe('periods', () => {
  it('are 14 days from Monday 5 January 2026', () => {
    expect(periodOf('2026-01-05T00:00:00Z')).toEqual({ start: '2026-01-05', end: '2026-01-19' });
    expect(periodOf('2026-01-18T23:59:59Z')).toEqual({ start: '2026-01-05', end: '2026-01-19' });
    expect(periodOf('2026-01-19T00:00:00Z')).toEqual({ start: '2026-01-19', end: '2026-02-02' });
    expect(periodStartingOn('2026-01-20')).toBeNull();
    expect(endedPeriods('2026-01-10T00:00:00Z', '2026-02-02T00:00:00Z').map((p) => p.start)).toEqual([
      '2026-01-05',
      '2026-01-19',
    ]);
  });
});
