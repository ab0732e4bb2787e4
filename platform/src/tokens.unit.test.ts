import { afterEach, describe, expect, it, vi } from 'vitest';
import * as jose from 'jose';
import { signToken, verifyToken } from './tokens';

vi.mock('jose', async (original) => {
  const actual = await original<typeof import('jose')>();
  return { ...actual, jwtVerify: vi.fn(actual.jwtVerify) };
});

const secret = new TextEncoder().encode('unit-secret-unit-secret-unit-secret-123');

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(jose.jwtVerify).mockClear();
});

/** A request's token is checked without verifying its signature again on every request. */
describe('verifyToken', () => {
  it('verifies a token once, then answers the same claims from memory', async () => {
    const token = await signToken(secret, { sub: 'a1', role: 'student', tv: 2 });
    const first = await verifyToken(secret, token, new Date());
    expect(first).toMatchObject({ sub: 'a1', role: 'student', tv: 2, mcp: false });
    expect(await verifyToken(secret, token, new Date())).toEqual(first);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it expires, and one checked with another secret', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T09:00:00Z') });
    const token = await signToken(secret, { sub: 'a1', role: 'mentor' }, new Date(), 60);
    expect(await verifyToken(secret, token, new Date())).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T09:01:00Z'));
    expect(await verifyToken(secret, token, new Date())).toBeNull();
    const other = new TextEncoder().encode('another-secret-another-secret-12345');
    expect(await verifyToken(other, token, new Date())).toBeNull();
  });

  it("checks expiry against the server's clock given, not the machine's (docs/rules.md#test-clock)", async () => {
    // A test clock a year before the machine's: a token it signed for 12 hours counts for those 12 hours.
    const testClock = new Date(Date.now() - 365 * 86_400_000);
    const token = await signToken(secret, { sub: 'a1', role: 'student' }, testClock);
    expect(await verifyToken(secret, token, testClock)).toMatchObject({ sub: 'a1' });
    // Remembered, it is still checked against the clock given: 12 hours on by that clock, it has expired.
    expect(await verifyToken(secret, token, new Date(testClock.getTime() + 12 * 3600_000))).toBeNull();
    // A fresh token of the same clock, checked first 13 hours on by it, is refused on its first check too.
    const later = await signToken(secret, { sub: 'a2', role: 'student' }, testClock);
    expect(await verifyToken(secret, later, new Date(testClock.getTime() + 13 * 3600_000))).toBeNull();
  });

  it('never remembers a forged token', async () => {
    const token = await signToken(secret, { sub: 'a1', role: 'admin' });
    const forged = `${token.slice(0, -2)}xx`;
    expect(await verifyToken(secret, forged, new Date())).toBeNull();
    expect(await verifyToken(secret, forged, new Date())).toBeNull();
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);
  });
});
