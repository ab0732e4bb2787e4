import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '@panda/contracts/training';
import { addDays, periodStartingOn, type Period, type RatesVersion } from '@panda/events/domain/payouts';
import { ledgerDecider, runDecider, type LedgerEvent, type LedgerState, type RunEvent } from './decider';

/**
 * Over random histories of sign-offs, confirmations, disputes (upheld or not), rate changes, period
 * ends and payout runs, driven through the deciders: every invoice's total is the sum of its lines,
 * every run the sum of its invoices, and no earning is paid (or even invoiced) twice.
 */
const MENTORS = ['m1', 'm2', 'm3'];
const FIRST = periodStartingOn('2027-01-04')!;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('rates' as const),
    fromDay: fc.integer({ min: -10, max: 60 }),
    pence: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 4, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('earn' as const),
    mentor: fc.constantFrom(...MENTORS),
    sig: fc.integer({ min: 1, max: 15 }),
    jobType: fc.constantFrom(...JOB_TYPES),
    workDay: fc.integer({ min: 0, max: 70 }),
  }),
  fc.record({
    kind: fc.constant('uphold' as const),
    mentor: fc.constantFrom(...MENTORS),
    sig: fc.integer({ min: 1, max: 15 }),
  }),
  fc.record({ kind: fc.constant('vat' as const), mentor: fc.constantFrom(...MENTORS), on: fc.boolean() }),
  fc.record({ kind: fc.constant('periodEnds' as const) }),
  fc.record({ kind: fc.constant('dispute' as const), mentor: fc.constantFrom(...MENTORS) }),
  fc.record({ kind: fc.constant('run' as const), back: fc.integer({ min: 0, max: 3 }) }),
);

const dayOf = (n: number) => addDays(`${FIRST.start}T00:00:00.000Z`, n).slice(0, 10);

describe('the ledger over random histories', () => {
  it('invoices = sum of lines, runs = sum of invoices, no earning paid twice', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
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
              apply(
                s.mentor,
                ledgerDecider.decide(
                  { type: 'DisputeInvoice', invoiceId: open[0], mentorId: s.mentor, reason: 'x', at: open[1].issuedAt },
                  ledgers.get(s.mentor)!.state,
                ),
              );
          } else if (s.kind === 'run') {
            const p = ended[ended.length - 1 - s.back];
            if (!p) continue;
            const invoices = MENTORS.flatMap((m) =>
              Object.entries(ledgers.get(m)!.state.invoices)
                .filter(([, i]) => i.periodStart === p.start && !i.disputed)
                .map(([invoiceId, i]) => ({ invoiceId, mentorId: m, number: i.number, grossPence: i.grossPence })),
            );
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
        // Runs: one per period, its total the sum of its invoices, each invoice paid once.
        const byId = new Map(issued.map((i) => [i.data.invoiceId, i.data.grossPence]));
        const paid: string[] = [];
        for (const run of runs.values()) {
          expect(run.events.length).toBeLessThanOrEqual(1);
          for (const e of run.events) {
            expect(e.data.totalPence).toBe(e.data.invoices.reduce((t, i) => t + byId.get(i.invoiceId)!, 0));
            paid.push(...e.data.invoices.map((i) => i.invoiceId));
          }
        }
        expect(new Set(paid).size).toBe(paid.length);
      }),
      { numRuns: 300 },
    );
  });
});
