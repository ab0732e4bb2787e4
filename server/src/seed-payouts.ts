import { randomUUID } from 'node:crypto';
import { accountStream } from '@panda/events/catalogue/accounts';
import { periodOf, type Period } from '@panda/events/domain/payouts';
import { handle } from '@panda/command-service/shared/decider';
import { trainingDecider } from '@panda/command-service/training/decider';
import { issueInvoice, makePayoutRun, payees, setRates } from '@panda/command-service/payouts/service';
import { PAYOUTS_REACTOR } from '@panda/reactors/payouts/payouts';
import { reactorCheckpointName } from '@panda/reactors/shared/reactor';
import { ownCommand } from './provision';
import type { SeedDeps, apiClient } from './seed';
import demo from './seed-data.json';

type Call = ReturnType<typeof apiClient>;
const DAY = 86_400_000;

/** The demo's rates, pence before VAT per job type. */
export const DEMO_RATES = { Boiler_Installs: 12000, Boiler_Service: 4000, Pipework: 3000, Repair: 2500 };

/**
 * The demo's money (docs/rules.md#mentor-payouts): rates, the mentor's VAT number and bank account; the older
 * cards confirmed, invoiced and paid in the last period, those confirmed now (`confirmNow`) earning in this one.
 */
export async function seedPayouts(
  call: Call,
  deps: SeedDeps,
  who: { adminId: string; mentor: { id: string; token: string }; studentId: string },
  confirmBefore: string[],
  confirmNow: () => Promise<void>,
): Promise<void> {
  const now = deps.clock().getTime();
  const meta = (time: number, key: string) => ownCommand(deps, who.adminId, key, new Date(time).toISOString());
  await setRates(
    deps,
    {
      ratesId: randomUUID(),
      effectiveFrom: new Date(now - 60 * DAY).toISOString().slice(0, 10),
      rates: DEMO_RATES,
      adminId: who.adminId,
    },
    meta(now - 50 * DAY, 'seed-rates'),
  );
  await call('PUT', '/api/mentor/payout-details', demo.mentorPayoutDetails, who.mentor.token);

  const open = periodOf(new Date(now).toISOString());
  const paid: Period = periodOf(new Date(Date.parse(`${open.start}T00:00:00Z`) - DAY).toISOString());
  const confirmedAt = Date.parse(`${open.start}T12:00:00Z`) - DAY;
  for (const signatureId of confirmBefore) {
    const m = { ...meta(confirmedAt, `seed-confirm-${signatureId}`), actorId: who.studentId };
    await handle(
      deps.store,
      accountStream(who.studentId),
      trainingDecider,
      { type: 'ConfirmSignature', studentId: who.studentId, signatureId, reflection: null },
      m,
    );
  }
  // The payouts reactor records the earnings (on its thread): the invoice waits for them.
  if (confirmBefore.length && !(await reactorReached(deps, PAYOUTS_REACTOR, await deps.store.headPosition())))
    throw new Error('Demo data: the payouts reactor did not record the earnings in time');
  const issuedAt = Date.parse(`${paid.end}T00:05:00Z`);
  const payee = (await payees(deps)).find((p) => p.mentorId === who.mentor.id);
  if (payee) {
    await issueInvoice(
      deps,
      who.mentor.id,
      payee.payeeNumber,
      paid,
      meta(issuedAt, `payout-invoice:${paid.start}:${who.mentor.id}`),
    );
    await makePayoutRun(deps, paid, who.adminId, randomUUID(), meta(Math.min(now, issuedAt + DAY), 'seed-payout-run'));
  }
  await confirmNow();
}

/** Waits (up to 30 s) until the reactor `name` has reacted to every event up to `position`. */
export async function reactorReached(deps: SeedDeps, name: string, position: number): Promise<boolean> {
  const checkpoint = reactorCheckpointName(name);
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    if ((await deps.readStore.checkpoint(checkpoint).catch(() => 0)) >= position) return true;
    // The reactor runs on another thread and tells this one nothing: look again shortly.
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
