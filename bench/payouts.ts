/**
 * Mentor payouts (docs/benchmarks.md, docs/rules.md#mentor-payouts):
 *
 * - the fortnight's invoice run: BENCH_PAYOUT_MENTORS mentors (default 10,000) with
 *   BENCH_PAYOUT_ENTRIES earnings between them (default 300,000) in the period that has just ended.
 *   The run is the payouts ticker's tick (reactors/src/payouts/payouts.ts) as the server makes it at
 *   the period's end; the baseline is reading those entries from the log (the store's `readAll`, in
 *   pages, over the whole log the run reads). Both on the same store file in the same process.
 * - an invoice PDF (30 lines, a busy fortnight) against the evidence-pack PDF (30 signed cards), p95 of
 *   each over the same number of renders, taken in turns so that a slow spell of the machine hits both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import type { AppendMeta, NewEvent } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { PAYEE_NUMBERS_STREAM, payoutStream } from '@panda/events/catalogue/payouts';
import { JOB_TYPES } from '@panda/events/catalogue/training';
import { PERIOD_ORIGIN, invoiceTotals, payeeNumberOf, periodStartingOn } from '@panda/events/domain/payouts';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import type { InvoiceDoc } from '@panda/projections/read-models/payouts';
import { PayoutTicker } from '@panda/reactors/payouts/payouts';
import { invoicePdf } from '@panda/query-service/payouts/invoice-pdf';
import { evidencePdf, type Evidence } from '@panda/query-service/audit/evidence';

const PERIOD = periodStartingOn(PERIOD_ORIGIN)!;
const meta = (n: string, time: string): AppendMeta => ({ time, actorId: null, correlationId: n, commandId: n });

/** Appends `count` at a time concurrently (the store commits them in groups), so generation is quick. */
async function appendAll(store: SqliteEventStore, appends: [string, NewEvent[]][], batch = 500) {
  for (let i = 0; i < appends.length; i += batch)
    await Promise.all(
      appends
        .slice(i, i + batch)
        .map(([stream, events], k) =>
          store.append(stream, events, 'any', meta(`gen-${i + k}`, '2026-01-05T08:00:00.000Z')),
        ),
    );
}

export interface InvoiceRunResult {
  mentors: number;
  entries: number;
  readMs: number;
  runMs: number;
  invoiced: number;
  ratio: number;
}

/** The fortnight's invoice run against reading its entries from the log. */
export async function invoiceRunBench(mentors: number, entries: number): Promise<InvoiceRunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'panda-payouts-bench-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const readStore = new SqliteReadStore(join(dir, 'read-models.db'));
  try {
    const perMentor = Math.ceil(entries / mentors);
    const appends: [string, NewEvent[]][] = [];
    for (let m = 0; m < mentors; m++) {
      const mentorId = `mentor${m}`;
      appends.push([
        accountStream(mentorId),
        [
          {
            type: 'AccountSignedUp',
            data: {
              accountId: mentorId,
              role: 'mentor',
              firstName: 'Mentor',
              lastName: `${m}`,
              email: `${mentorId}@bench.panda`,
              centreName: null,
              passwordHash: 'x',
            },
          },
        ],
      ]);
      const earnings: NewEvent[] = [];
      for (let k = 0; k < perMentor && m * perMentor + k < entries; k++) {
        const at = new Date(Date.parse(`${PERIOD.start}T08:00:00.000Z`) + k * 600_000).toISOString();
        earnings.push({
          type: 'EarningRecorded',
          data: {
            entryId: `earning-${m}-${k}`,
            mentorId,
            signatureId: `${m}-${k}`,
            jobId: `job-${m}`,
            studentId: `student-${m}`,
            jobType: JOB_TYPES[k % JOB_TYPES.length],
            workDate: at.slice(0, 10),
            recordedAt: at,
            amountPence: 2500 + (k % 4) * 500,
            ratesId: 'r1',
            trigger: 'confirmed',
          },
        });
      }
      appends.push([payoutStream(mentorId), earnings]);
    }
    await appendAll(store, appends);
    for (let m = 0; m < mentors; m += 1000)
      await store.append(
        PAYEE_NUMBERS_STREAM,
        Array.from({ length: Math.min(1000, mentors - m) }, (_, k) => ({
          type: 'PayeeNumberAssigned',
          data: { mentorId: `mentor${m + k}`, payeeNumber: payeeNumberOf(m + k + 1) },
        })),
        'any',
        meta(`payees-${m}`, '2026-01-05T08:00:00.000Z'),
      );

    // The baseline: every event of the log read once, in pages, as a projection's catch-up reads it.
    const readOnce = async () => {
      const t0 = performance.now();
      let after = 0;
      let read = 0;
      for (;;) {
        const page = await store.readAll(after, 5000);
        if (!page.length) break;
        read += page.length;
        after = page[page.length - 1].position;
      }
      if (read < entries) throw new Error(`read ${read} events, fewer than the ${entries} entries`);
      return performance.now() - t0;
    };
    const reads = [await readOnce(), await readOnce(), await readOnce()].sort((a, b) => a - b);
    const readMs = reads[1];

    // The run: the ticker at the period's end (5 minutes past midnight), every mentor invoiced once.
    const ticker = new PayoutTicker(store, readStore, () => new Date(`${PERIOD.end}T00:05:00.000Z`));
    const t0 = performance.now();
    const { invoiced } = await ticker.tick();
    const runMs = performance.now() - t0;
    if (invoiced !== mentors) throw new Error(`invoiced ${invoiced} of ${mentors} mentors`);
    return { mentors, entries, readMs, runMs, invoiced, ratio: runMs / readMs };
  } finally {
    await store.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const LINES = 30;

function invoiceDoc(): InvoiceDoc {
  const lines = Array.from({ length: LINES }, (_, k) => ({
    entryId: `earning-${k}`,
    signatureId: `0190a1b2-c3d4-7e5f-8a9b-${String(k).padStart(12, '0')}`,
    jobType: JOB_TYPES[k % JOB_TYPES.length],
    kind: k === LINES - 1 ? ('reversal' as const) : ('earning' as const),
    workDate: `2026-01-${String(5 + (k % 14)).padStart(2, '0')}`,
    amountPence: k === LINES - 1 ? -2500 : 2500 + (k % 4) * 500,
  }));
  const totals = invoiceTotals(
    lines.map((l) => l.amountPence),
    true,
  );
  return {
    id: `${PERIOD.start}-mentor1`,
    position: 1,
    number: 'SB-M00001-7',
    mentor_id: 'mentor1',
    mentor_name: 'Dave Clarke',
    business_name: 'Clarke Heating Ltd',
    business_postcode: 'M1 1AA',
    self_billing_agreed_at: '2026-01-02T09:00:00.000Z',
    payee_number: 'M00001',
    sequence: 7,
    period_start: PERIOD.start,
    period_end: PERIOD.end,
    issued_at: `${PERIOD.end}T00:05:00.000Z`,
    lines,
    net_pence: totals.netPence,
    vat_pence: totals.vatPence,
    gross_pence: totals.grossPence,
    vat_number: 'GB999999973',
    status: 'issued',
    dispute_until: '2026-01-26T00:05:00.000Z',
    dispute_reason: null,
    paid_at: null,
    run_id: null,
    _audience: ['mentor1'],
  };
}

function evidence(): Evidence {
  const person = (id: string, role: string, name: string) => ({
    id,
    role,
    name,
    email: `${id}@example.com`,
    centreName: null,
    gasSafeNumber: role === 'mentor' ? '123456' : null,
    centreId: null,
    locked: false,
    vetted: true,
    registeredAt: '2026-01-02T09:00:00.000Z',
  });
  const mentor = person('mentor1', 'mentor', 'Dave Clarke');
  return {
    student: person('student1', 'student', 'Amy Apprentice'),
    centre: person('centre1', 'training_centre', 'North Training'),
    mentors: [mentor],
    rows: Array.from({ length: LINES }, (_, k) => ({
      job_type: JOB_TYPES[k % JOB_TYPES.length],
      card_number: k + 1,
      total_count: LINES,
      signed_at: '2026-01-06T10:00:00.000Z',
      captured_at: '2026-01-06T09:58:00.000Z',
      completed_at: '2026-01-06T09:00:00.000Z',
      mentor_id: 'mentor1',
      signer: mentor,
      signature: {
        signature: 'D Clarke',
        mentorName: 'Dave Clarke',
        date: '2026-01-06',
        time: '10:00',
        timestamp: '2026-01-06T10:00:00.000Z',
      },
      evidence: null,
      hash_version: 2,
      content_hash: 'a'.repeat(64),
      content_hash_source: 'recorded',
      content_hash_matches: true,
      event_hash: null,
      position: 1000 + k,
      signature_id: `sig${k}`,
      trainee_status: 'confirmed',
      trainee_status_label: 'Confirmed',
      confirmed_at: '2026-01-07T08:00:00.000Z',
      confirmation_hash_matches: true,
      reflection: null,
      dispute: null,
      revoked: false,
    })),
    log: { ok: true, events: 12345, head_hash: 'b'.repeat(64), first_bad_position: null, fault: null },
    exportedAt: '2026-01-20T10:00:00.000Z',
    exportedBy: { name: 'Ann Auditor', email: 'auditor@example.com', role: 'auditor' },
  };
}

export interface PdfResult {
  renders: number;
  evidenceP95: number;
  invoiceP95: number;
  ratio: number;
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

/** An invoice PDF against the evidence-pack PDF: p95 of `renders` each, in turns, after a warm-up. */
export async function invoicePdfBench(renders = 100): Promise<PdfResult> {
  const inv = invoiceDoc();
  const ev = evidence();
  for (let i = 0; i < 10; i++) {
    await invoicePdf(inv);
    await evidencePdf(ev);
  }
  const invoice: number[] = [];
  const pack: number[] = [];
  for (let i = 0; i < renders; i++) {
    let t = performance.now();
    await invoicePdf(inv);
    invoice.push(performance.now() - t);
    t = performance.now();
    await evidencePdf(ev);
    pack.push(performance.now() - t);
  }
  const evidenceP95 = p95(pack);
  const invoiceP95 = p95(invoice);
  return { renders, evidenceP95, invoiceP95, ratio: invoiceP95 / evidenceP95 };
}
