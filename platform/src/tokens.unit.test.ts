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
    const first = await verifyToken(secret, token);
    expect(first).toMatchObject({ sub: 'a1', role: 'student', tv: 2, mcp: false });
    expect(await verifyToken(secret, token)).toEqual(first);
    expect(jose.jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it expires, and one checked with another secret', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T09:00:00Z') });
    const token = await signToken(secret, { sub: 'a1', role: 'mentor' }, new Date(), 60);
    expect(await verifyToken(secret, token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T09:01:00Z'));
    expect(await verifyToken(secret, token)).toBeNull();
    expect(await verifyToken(new TextEncoder().encode('another-secret-another-secret-12345'), token)).toBeNull();
  });

  it('never remembers a forged token', async () => {
    const token = await signToken(secret, { sub: 'a1', role: 'admin' });
    const forged = `${token.slice(0, -2)}xx`;
    expect(await verifyToken(secret, forged)).toBeNull();
    expect(await verifyToken(secret, forged)).toBeNull();
    expect(jose.jwtVerify).toHaveBeenCalledTimes(2);
  });
});
