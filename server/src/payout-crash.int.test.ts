import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@panda/events/event-store';
import type { AppendMeta } from '@panda/events/envelope';
import { periodStartingOn } from '@panda/events/domain/payouts';
import { earn, setRates } from '@panda/command-service/payouts/service';
import { PayoutTicker } from '@panda/reactors/payouts/payouts';
import { startTestApp, type TestApp } from './testing/harness';

/**
 * An invoice run that dies between two invoices (the process gone: no later write happens), then
 * a restart on the same data: every mentor has exactly one invoice for the period, and each
 * mentor's numbers run on with no gap (docs/rules.md#payout-periods).
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.stop().catch(() => undefined);
});

const MENTORS = 12;
const P1 = periodStartingOn('2027-01-18')!;
const P2 = periodStartingOn(P1.end)!;
let now = Date.parse('2027-01-20T09:00:00.000Z');
const clock = () => new Date(now);
const meta = (key: string): AppendMeta => ({
  time: clock().toISOString(),
  actorId: null,
  correlationId: key,
  commandId: key,
});

/** A store that "dies" once `limit` invoices were appended through it: every later call fails, nothing more is written. */
function dyingStore(store: EventStore, limit: number): EventStore & { dead: () => boolean } {
  let invoices = 0;
  let dead = false;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'dead') return () => dead;
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (dead) throw new Error('the process is gone');
        if (prop === 'append' && (args[1] as { type: string }[]).some((e) => e.type === 'InvoiceIssued')) {
          if (invoices >= limit) {
            dead = true;
            throw new Error('the process is gone');
          }
          invoices += 1;
        }
        return value.apply(target, args);
      };
    },
  }) as EventStore & { dead: () => boolean };
}

const signOff = (mentor: number, card: number) => ({
  mentorId: `mentor-${mentor}`,
  signatureId: `sig-${mentor}-${card}`,
  jobId: `job-${mentor}`,
  studentId: `student-${mentor}`,
  jobType: 'Repair' as const,
  workDate: '2027-01-19',
});

async function invoicesIn(store: EventStore) {
  const all = await store.readAll(0, 100_000);
  return all
    .filter((e) => e.type === 'InvoiceIssued')
    .map((e) => e.data as { mentorId: string; number: string; sequence: number; periodStart: string });
}

describe('the invoice run across a crash', () => {
  it('no invoice missing, none doubled, numbers without a gap', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-payout-crash-'));
    const first = await startTestApp({ dataDir, env: { SEED_DEMO: '0' }, overrides: { clock } });
    apps.push(first);
    const deps = { store: first.platform.store };
    await setRates(
      deps,
      {
        ratesId: 'rates-1',
        effectiveFrom: '2027-01-04',
        rates: { Boiler_Installs: 1, Boiler_Service: 1, Pipework: 1, Repair: 2500 },
        adminId: 'admin',
      },
      meta('rates'),
    );
    for (let m = 1; m <= MENTORS; m++)
      await earn(deps, signOff(m, 1), 'confirmed', clock().toISOString(), null, meta(`earn-${m}-1`));

    // Period 1 ends: every mentor's first invoice.
    now = Date.parse(`${P1.end}T00:05:00.000Z`);
    await first.platform.payouts.tick();
    expect((await invoicesIn(first.platform.store)).filter((i) => i.periodStart === P1.start)).toHaveLength(MENTORS);
    for (let m = 1; m <= MENTORS; m++)
      await earn(deps, signOff(m, 2), 'confirmed', clock().toISOString(), null, meta(`earn-${m}-2`));

    // Period 2 ends; the run dies after 5 invoices.
    now = Date.parse(`${P2.end}T00:05:00.000Z`);
    const dying = dyingStore(first.platform.store, 5);
    await expect(new PayoutTicker(dying, first.platform.readStore, clock).tick()).rejects.toThrow(
      'the process is gone',
    );
    expect(dying.dead()).toBe(true);
    expect((await invoicesIn(first.platform.store)).filter((i) => i.periodStart === P2.start)).toHaveLength(5);
    await first.stop();

    // Restarted on the same data, the clock later still: the run picks up where it died.
    now += 60_000;
    const second = await startTestApp({ dataDir, env: { SEED_DEMO: '0' }, overrides: { clock } });
    apps.push(second);
    await second.platform.payouts.tick();
    await second.platform.payouts.tick();
    const all = await invoicesIn(second.platform.store);
    expect(all).toHaveLength(2 * MENTORS);
    for (let m = 1; m <= MENTORS; m++) {
      const mine = all.filter((i) => i.mentorId === `mentor-${m}`);
      expect(mine.map((i) => [i.periodStart, i.sequence])).toEqual([
        [P1.start, 1],
        [P2.start, 2],
      ]);
      expect(new Set(mine.map((i) => i.number)).size).toBe(2);
    }
    expect(new Set(all.map((i) => i.number)).size).toBe(2 * MENTORS);
  });
});
