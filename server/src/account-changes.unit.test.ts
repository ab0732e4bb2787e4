import { describe, expect, it, vi } from 'vitest';
import type { Authenticator } from '@panda/platform/http';
import { signToken } from '@panda/platform/tokens';
import { accountChanges } from './account-changes';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-1234');

/** Projections whose position the test moves; the authenticator answers what they say at the time it runs. */
function projections() {
  let position = 0;
  const waiting: { position: number; resolve: (ok: boolean) => void }[] = [];
  return {
    wait: (p: number) =>
      p <= position ? Promise.resolve(true) : new Promise<boolean>((resolve) => waiting.push({ position: p, resolve })),
    /** Every wait so far runs out (5 s in the server): it answers false. */
    timeOut() {
      for (const w of waiting.splice(0)) w.resolve(false);
    },
    reach(p: number) {
      position = p;
      for (const w of waiting.splice(0))
        if (w.position <= p) w.resolve(true);
        else waiting.push(w);
    },
    get position() {
      return position;
    },
    /** How many waits are under way. */
    get waits() {
      return waiting.length;
    },
  };
}

/** An authenticator that accepts any token and records where the read models stood at each of its calls. */
function recording(read: ReturnType<typeof projections>) {
  const seen: number[] = [];
  const inner: Authenticator = async (token) => {
    seen.push(read.position);
    return token ? { id: 'x', role: 'mentor', mustChangePassword: false } : null;
  };
  return { seen, inner };
}

describe('accountChanges: a changed account waits for its change before it is authenticated', () => {
  it("holds the changed account's calls until the read models have the change, and no one else's", async () => {
    const read = projections();
    const { seen, inner } = recording(read);
    const accounts = accountChanges(inner, secret, () => new Date(), read.wait);
    const locked = await signToken(secret, { sub: 'amy', role: 'student' });
    const other = await signToken(secret, { sub: 'bob', role: 'student' });

    accounts.changed('amy', 7);
    expect(await accounts.authenticator(other)).not.toBeNull();
    expect(seen).toEqual([0]); // bob's call did not wait

    let done = false;
    const amy = accounts.authenticator(locked).then((r) => ((done = true), r));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    read.reach(6);
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    read.reach(7);
    await amy;
    expect(seen).toEqual([0, 7]); // amy's token was checked against the read models at the change

    // Once applied it is forgotten: the next call does not wait.
    expect(await accounts.authenticator(locked)).not.toBeNull();
  });

  it('answers 503 with Retry-After when the read models are not there in time, never what they said before; the retry waits again', async () => {
    const read = projections();
    const { seen, inner } = recording(read);
    const accounts = accountChanges(inner, secret, () => new Date(), read.wait);
    const token = await signToken(secret, { sub: 'amy', role: 'student' });

    accounts.changed('amy', 7);
    const first = accounts.authenticator(token);
    await vi.waitFor(() => expect(read.waits).toBe(2)); // the change's own wait and the call's
    read.timeOut();
    await expect(first).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
    expect(seen).toEqual([]); // the read models were not asked: they do not have the change

    const retry = accounts.authenticator(token);
    await vi.waitFor(() => expect(read.waits).toBe(1)); // the retry waits again: the change was kept
    read.reach(7);
    expect(await retry).not.toBeNull();
    expect(seen).toEqual([7]);
  });

  it('never waits for a token it did not sign', async () => {
    const read = projections();
    const accounts = accountChanges(
      async () => null,
      secret,
      () => new Date(),
      read.wait,
    );
    accounts.changed('amy', 7);
    const forged = await signToken(new TextEncoder().encode('another-secret-another-secret-12345'), {
      sub: 'amy',
      role: 'student',
    });
    expect(await accounts.authenticator(forged)).toBeNull();
    expect(await accounts.authenticator(null)).toBeNull();
  });

  it('where another process serves the queries, the change is told only once the read models have it', async () => {
    const read = projections();
    const accounts = accountChanges(
      async () => null,
      secret,
      () => new Date(),
      read.wait,
      { queriesElsewhere: true },
    );
    let told = false;
    const change = accounts.changed('amy', 3).then(() => (told = true));
    await new Promise((r) => setImmediate(r));
    expect(told).toBe(false);
    read.reach(3);
    await change;
    expect(told).toBe(true);
  });
});
