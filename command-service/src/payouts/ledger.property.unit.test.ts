import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '@panda/contracts/training';
import { addDays, periodStartingOn, type Period, type RatesVersion } from '@panda/events/domain/payouts';
import { invoiceEntryIds } from '@panda/events/catalogue/payouts';
import {
  creditsDue,
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
 * invoice's gross less its credit note, less the credit notes of paid invoices taken off it), no
 * invoice paid while disputed or after it was paid, no earning paid (or even invoiced) twice, and the
 * credit note of a paid invoice taken off the mentor's next payments exactly once, never below 0.
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
/** Over all histories: paid invoices' credit notes issued, and payments they were taken off (the path is reached). */
const reached = { carried: 0, takenOff: 0 };

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
        const appliedSoFar = () => {
          const applied = new Map<string, number>();
          for (const r of runs.values())
            for (const e of r.events)
              for (const i of e.data.invoices)
                for (const c of i.credits ?? [])
                  applied.set(c.creditNoteId, (applied.get(c.creditNoteId) ?? 0) + c.pence);
          return applied;
        };
        // Paid invoices' credit notes and runs, in the order they were made, for the model checked at the end.
        const timeline: (
          { kind: 'credit'; mentorId: string; grossPence: number } | { kind: 'run'; event: RunEvent }
        )[] = [];
        const apply = (m: string, events: LedgerEvent[]) => {
          const l = ledgers.get(m)!;
          for (const e of events) {
            l.state = ledgerDecider.evolve(l.state, e);
            l.events.push(e);
            if (e.type === 'InvoiceDisputeResolved' && e.data.creditNote?.takenOffNextPayout)
              timeline.push({ kind: 'credit', mentorId: m, grossPence: e.data.creditNote.grossPence });
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
            // Within its 7 days, paid or not.
            const open = Object.entries(ledgers.get(s.mentor)!.state.invoices).find(([, i]) => !i.disputed);
            if (open)
              apply(
                s.mentor,
                ledgerDecider.decide(
                  { type: 'DisputeInvoice', invoiceId: open[0], mentorId: s.mentor, reason: 'x', at: open[1].issuedAt },
                  ledgers.get(s.mentor)!.state,
                ),
              );
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
                      paid: paidSoFar().has(open[0]),
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
            const credits = MENTORS.flatMap((m) => creditsDue(m, ledgers.get(m)!.state, appliedSoFar()));
            const run = runs.get(p.start) ?? { state: runDecider.initialState(), events: [] };
            runs.set(p.start, run);
            try {
              for (const e of runDecider.decide(
                { type: 'MakePayoutRun', runId: `run-${n}`, periodStart: p.start, adminId: 'a', invoices, credits },
                run.state,
              )) {
                run.state = runDecider.evolve(run.state, e);
                run.events.push(e);
                timeline.push({ kind: 'run', event: e });
              }
            } catch {
              // Refused (paid already, or nothing to pay): nothing recorded.
            }
          }
        }

        const issued = [...ledgers.values()].flatMap((l) => l.events).filter((e) => e.type === 'InvoiceIssued');
        // An invoice's lines are the entries it names.
        const amountOf = new Map(
          [...ledgers.values()]
            .flatMap((l) => l.events)
            .flatMap((e) =>
              e.type === 'EarningRecorded' || e.type === 'EarningReversed'
                ? [[e.data.entryId, e.data.amountPence]]
                : [],
            ) as [string, number][],
        );
        for (const i of issued) {
          const d = i.data;
          expect(invoiceEntryIds(d).reduce((t, id) => t + amountOf.get(id)!, 0)).toBe(d.netPence);
          expect(d.netPence + d.vatPence).toBe(d.grossPence);
          expect(d.netPence).toBeGreaterThan(0);
        }
        // No entry on two invoices; no sign-off earned twice.
        const onInvoices = issued.flatMap((i) => invoiceEntryIds(i.data));
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
          // A paid invoice's note comes off later payments (checked below), not off the invoice's own.
          if (!note.takenOffNextPayout) credits.set(r.data.invoiceId, note.grossPence);
        }
        for (const m of MENTORS) {
          const seq = resolved
            .filter((r) => r.data.mentorId === m && r.data.creditNote)
            .map((r) => r.data.creditNote!.sequence);
          expect(seq).toEqual(seq.map((_, k) => k + 1));
        }
        // Runs: one per period, its total the sum of what it pays (each invoice's gross less its credit
        // note, less the paid invoices' credit notes taken off it), each invoice paid once. An invoice is
        // never paid while its dispute is open (a credit note comes after the dispute, so the amount paid
        // shows whether it was paid before the resolution).
        const byId = new Map(
          issued.map((i) => [i.data.invoiceId, i.data.grossPence - (credits.get(i.data.invoiceId) ?? 0)]),
        );
        const paid: string[] = [];
        for (const run of runs.values()) {
          expect(run.events.length).toBeLessThanOrEqual(1);
          for (const e of run.events) {
            for (const i of e.data.invoices) {
              const taken = (i.credits ?? []).reduce((t, c) => t + c.pence, 0);
              expect(i.grossPence).toBe(byId.get(i.invoiceId)! - taken);
              expect(i.grossPence).toBeGreaterThanOrEqual(0);
            }
            expect(e.data.totalPence).toBe(e.data.invoices.reduce((t, i) => t + i.grossPence, 0));
            paid.push(...e.data.invoices.map((i) => i.invoiceId));
          }
        }
        expect(new Set(paid).size).toBe(paid.length);
        // Paid invoices' credit notes, against a model of what each mentor owes: every payment made after
        // a note takes off all it can of what is owed (so a note is never skipped), and never more (so
        // never taken twice); what is owed at the end is what the notes come to less what was taken.
        const owed = new Map<string, number>();
        const noteGross = new Map<string, number>();
        for (const r of resolved)
          if (r.data.creditNote?.takenOffNextPayout)
            noteGross.set(r.data.creditNote.creditNoteId, r.data.creditNote.grossPence);
        const takenOf = new Map<string, number>();
        for (const t of timeline) {
          if (t.kind === 'credit') {
            owed.set(t.mentorId, (owed.get(t.mentorId) ?? 0) + t.grossPence);
            reached.carried += 1;
            continue;
          }
          for (const i of t.event.data.invoices) {
            const due = byId.get(i.invoiceId)!;
            const take = Math.min(due, owed.get(i.mentorId) ?? 0);
            expect(i.grossPence).toBe(due - take);
            owed.set(i.mentorId, (owed.get(i.mentorId) ?? 0) - take);
            for (const c of i.credits ?? []) takenOf.set(c.creditNoteId, (takenOf.get(c.creditNoteId) ?? 0) + c.pence);
            if (take > 0) reached.takenOff += 1;
          }
        }
        for (const [id, pence] of takenOf) expect(pence).toBeLessThanOrEqual(noteGross.get(id)!);
        for (const m of MENTORS) {
          const notes = resolved.filter((r) => r.data.mentorId === m && r.data.creditNote?.takenOffNextPayout);
          const left = notes.reduce(
            (t, r) => t + r.data.creditNote!.grossPence - (takenOf.get(r.data.creditNote!.creditNoteId) ?? 0),
            0,
          );
          expect(left).toBe(owed.get(m) ?? 0);
          expect(creditsDue(m, ledgers.get(m)!.state, appliedSoFar()).reduce((t, c) => t + c.pence, 0)).toBe(left);
        }
      }),
      { numRuns: 300 },
    );
    // The histories reach the paid invoice's credit note and take it off later payments.
    expect(reached.carried).toBeGreaterThan(0);
    expect(reached.takenOff).toBeGreaterThan(0);
  });
});
