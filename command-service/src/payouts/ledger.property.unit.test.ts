import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '@panda/contracts/training';
import { addDays, periodStartingOn, type Period, type RatesVersion } from '@panda/events/domain/payouts';
import {
  ledgerDecider,
  payableInvoices,
  runDecider,
  type LedgerEvent,
  type LedgerState,
  type RunEvent,
} from './decider';

/**
 * Over random histories of sign-offs, confirmations, disputes (upheld or not), invoice disputes and
 * their resolutions (credit notes), rate changes, period ends and payout runs (in any order of
 * periods), driven through the deciders: every invoice's total is the sum of its lines, every credit
 * note's net + VAT its gross and no more than its invoice's, every run the sum of what it pays (each
 * invoice's gross less its credit note), no invoice paid while disputed or after it was paid, and no
 * earning paid (or even invoiced) twice.
 */
const MENTORS = ['m1', 'm2', 'm3'];
const FIRST = periodStartingOn('2027-01-04')!;

const mentor = fc.constantFrom(...MENTORS);
// Weighted so that most histories earn, invoice, dispute, resolve and pay (a credit note paid off a run).
const step = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rates' as const),
      fromDay: fc.integer({ min: -10, max: 60 }),
      pence: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 4, maxLength: 4 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('earn' as const),
      mentor,
      sig: fc.integer({ min: 1, max: 15 }),
      jobType: fc.constantFrom(...JOB_TYPES),
      workDay: fc.integer({ min: 0, max: 70 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('uphold' as const), mentor, sig: fc.integer({ min: 1, max: 15 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('vat' as const), mentor, on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('periodEnds' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), mentor }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      mentor,
      credit: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('run' as const), back: fc.integer({ min: 0, max: 3 }) }) },
);

const dayOf = (n: number) => addDays(`${FIRST.start}T00:00:00.000Z`, n).slice(0, 10);

describe('the ledger over random histories', () => {
  it('invoices = sum of lines, runs = sum of invoices, no earning paid twice', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 120, size: 'max' }), (steps) => {
        const rates: RatesVersion[] = [];
        const ledgers = new Map<string, { state: LedgerState; events: LedgerEvent[] }>(
          MENTORS.map((m) => [m, { state: ledgerDecider.initialState(), events: [] }]),
        );
        const vatRegistered = new Map<string, boolean>();
        const runs = new Map<string, { state: ReturnType<typeof runDecider.initialState>; events: RunEvent[] }>();
        let period: Period = FIRST;
        const ended: Period[] = [];
        let now = `${FIRST.start}T09:00:00.000Z`;
        let n = 0;
        const paidSoFar = () =>
          new Set([...runs.values()].flatMap((r) => r.events.flatMap((e) => e.data.invoices.map((i) => i.invoiceId))));
        const apply = (m: string, events: LedgerEvent[]) => {
          const l = ledgers.get(m)!;
          for (const e of events) {
            l.state = ledgerDecider.evolve(l.state, e);
            l.events.push(e);
          }
        };
        for (const s of steps) {
          n += 1;
          now = addDays(now, 0.01);
          if (s.kind === 'rates') {
            const [a, b, c, d] = s.pence;
            rates.push({
              ratesId: `r${n}`,
              effectiveFrom: dayOf(s.fromDay),
              rates: { Boiler_Installs: a, Boiler_Service: b, Pipework: c, Repair: d },
            });
          } else if (s.kind === 'earn') {
            const sig = `${s.mentor}-sig-${s.sig}`;
            const cmd = {
              type: 'Earn' as const,
              mentorId: s.mentor,
              signatureId: sig,
              jobId: 'j',
              studentId: 's',
              jobType: s.jobType,
              workDate: dayOf(s.workDay),
              entryId: `earning-${sig}`,
              trigger: 'confirmed' as const,
              at: now,
              rates: [...rates],
            };
            apply(s.mentor, ledgerDecider.decide(cmd, ledgers.get(s.mentor)!.state));
          } else if (s.kind === 'uphold') {
            const sig = `${s.mentor}-sig-${s.sig}`;
            apply(
              s.mentor,
              ledgerDecider.decide(
                { type: 'Reverse', entryId: `reversal-${sig}`, signatureId: sig, at: now },
                ledgers.get(s.mentor)!.state,
              ),
            );
          } else if (s.kind === 'vat') {
            vatRegistered.set(s.mentor, s.on);
            apply(
              s.mentor,
              ledgerDecider.decide(
                {
                  type: 'SavePayoutDetails',
                  mentorId: s.mentor,
                  vatNumber: s.on ? 'GB999999973' : null,
                  bankSealed: 'sealed',
                  sortCodeLast2: '00',
                  accountNumberLast2: '00',
                },
                ledgers.get(s.mentor)!.state,
              ),
            );
          } else if (s.kind === 'periodEnds') {
            now = `${period.end}T00:01:00.000Z`;
            for (const m of MENTORS) {
              // Twice, as a run repeated after a crash would: the second adds nothing.
              for (let k = 0; k < 2; k++)
                apply(
                  m,
                  ledgerDecider.decide(
                    {
                      type: 'IssueInvoice',
                      invoiceId: `${period.start}-${m}`,
                      mentorId: m,
                      period,
                      issuedAt: now,
                      payeeNumber: `M0000${MENTORS.indexOf(m) + 1}`,
                      vatRegistered: vatRegistered.get(m) ?? false,
                      mentorName: m,
                      businessName: null,
                      businessPostcode: null,
                      selfBillingAgreedAt: null,
                    },
                    ledgers.get(m)!.state,
                  ),
                );
            }
            ended.push(period);
            period = periodStartingOn(period.end)!;
          } else if (s.kind === 'dispute') {
            const open = Object.entries(ledgers.get(s.mentor)!.state.invoices).find(([, i]) => !i.disputed);
            if (open)
              try {
                apply(
                  s.mentor,
                  ledgerDecider.decide(
                    {
                      type: 'DisputeInvoice',
                      invoiceId: open[0],
                      mentorId: s.mentor,
                      reason: 'x',
                      at: open[1].issuedAt,
                      paid: paidSoFar().has(open[0]),
                    },
                    ledgers.get(s.mentor)!.state,
                  ),
                );
              } catch {
                // A paid invoice is not disputed: nothing recorded.
              }
          } else if (s.kind === 'resolve') {
            const open = Object.entries(ledgers.get(s.mentor)!.state.invoices).find(
              ([, i]) => i.disputed && !i.resolved,
            );
            if (open)
              try {
                apply(
                  s.mentor,
                  ledgerDecider.decide(
                    {
                      type: 'ResolveInvoiceDispute',
                      invoiceId: open[0],
                      mentorId: s.mentor,
                      adminId: 'a',
                      outcome: s.credit === null ? 'rejected' : 'upheld',
                      creditNetPence: s.credit,
                      reason: 'x',
                      creditNoteId: `cn-${n}`,
                      at: now,
                    },
                    ledgers.get(s.mentor)!.state,
                  ),
                );
              } catch {
                // A credit above the invoice's net is refused: nothing recorded.
              }
          } else if (s.kind === 'run') {
            const p = ended[ended.length - 1 - s.back];
            if (!p) continue;
            const invoices = MENTORS.flatMap((m) => payableInvoices(m, ledgers.get(m)!.state, p.start, paidSoFar()));
            const run = runs.get(p.start) ?? { state: runDecider.initialState(), events: [] };
            runs.set(p.start, run);
            try {
              for (const e of runDecider.decide(
                { type: 'MakePayoutRun', runId: `run-${n}`, periodStart: p.start, adminId: 'a', invoices },
                run.state,
              )) {
                run.state = runDecider.evolve(run.state, e);
                run.events.push(e);
              }
            } catch {
              // Refused (paid already, or nothing to pay): nothing recorded.
            }
          }
        }

        const issued = [...ledgers.values()].flatMap((l) => l.events).filter((e) => e.type === 'InvoiceIssued');
        for (const i of issued) {
          const d = i.data;
          expect(d.lines.reduce((t, l) => t + l.amountPence, 0)).toBe(d.netPence);
          expect(d.netPence + d.vatPence).toBe(d.grossPence);
          expect(d.netPence).toBeGreaterThan(0);
        }
        // No entry on two invoices; no sign-off earned twice.
        const onInvoices = issued.flatMap((i) => i.data.lines.map((l) => l.entryId));
        expect(new Set(onInvoices).size).toBe(onInvoices.length);
        const earnings = [...ledgers.values()].flatMap((l) => l.events).filter((e) => e.type === 'EarningRecorded');
        expect(new Set(earnings.map((e) => e.data.signatureId)).size).toBe(earnings.length);
        // Numbers consecutive per mentor.
        for (const m of MENTORS) {
          const seq = issued.filter((i) => i.data.mentorId === m).map((i) => i.data.sequence);
          expect(seq).toEqual(seq.map((_, k) => k + 1));
        }
        // Credit notes: net + VAT = gross, never more than the invoice's; numbered consecutively per mentor.
        const credits = new Map<string, number>();
        const resolved = [...ledgers.values()]
          .flatMap((l) => l.events)
          .filter((e) => e.type === 'InvoiceDisputeResolved');
        for (const r of resolved) {
          const note = r.data.creditNote;
          if (!note) continue;
          const inv = issued.find((i) => i.data.invoiceId === r.data.invoiceId)!.data;
          expect(note.netPence + note.vatPence).toBe(note.grossPence);
          expect(note.grossPence).toBeLessThanOrEqual(inv.grossPence);
          credits.set(r.data.invoiceId, note.grossPence);
        }
        for (const m of MENTORS) {
          const seq = resolved
            .filter((r) => r.data.mentorId === m && r.data.creditNote)
            .map((r) => r.data.creditNote!.sequence);
          expect(seq).toEqual(seq.map((_, k) => k + 1));
        }
        // Runs: one per period, its total the sum of what it pays (each invoice's gross less its credit
        // note), each invoice paid once. An invoice is never paid while its dispute is open (a credit note
        // comes after the dispute, so the amount paid shows whether it was paid before the resolution).
        const byId = new Map(
          issued.map((i) => [i.data.invoiceId, i.data.grossPence - (credits.get(i.data.invoiceId) ?? 0)]),
        );
        const paid: string[] = [];
        for (const run of runs.values()) {
          expect(run.events.length).toBeLessThanOrEqual(1);
          for (const e of run.events) {
            for (const i of e.data.invoices) expect(i.grossPence).toBe(byId.get(i.invoiceId));
            expect(e.data.totalPence).toBe(e.data.invoices.reduce((t, i) => t + i.grossPence, 0));
            paid.push(...e.data.invoices.map((i) => i.invoiceId));
          }
        }
        expect(new Set(paid).size).toBe(paid.length);
      }),
      { numRuns: 300 },
    );
  });
});
