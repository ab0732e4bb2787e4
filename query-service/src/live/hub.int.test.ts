import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HttpError, readModelsBehind } from '@panda/platform/errors';
import type { Authenticator } from '@panda/platform/http';
import { createLogger } from '@panda/platform/logger';
import { CLOSE_REFUSED, CLOSE_TRY_AGAIN, LiveHub } from './hub';

let server: Server | undefined;
let hub: LiveHub | undefined;
afterEach(async () => {
  await hub?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** A hub on a free port whose authenticator answers `authenticate`; the close a connection of 'amy' gets. */
async function closeOf(authenticate: Authenticator): Promise<{ code: number; reason: string }> {
  server = createServer();
  hub = new LiveHub(authenticate, { subscribe: () => () => undefined, close: () => undefined }, createLogger('silent'));
  hub.attach(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/amy?token=t`);
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

describe('a live connection refused at its start', () => {
  it('is told to try again later (1013), not signed out, while its account change is not in the read models', async () => {
    const busy: Authenticator = async () => {
      throw readModelsBehind();
    };
    expect(await closeOf(busy)).toEqual({ code: CLOSE_TRY_AGAIN, reason: 'Try again later' });
  });

  it('is refused (4001, sign out) for a token the server does not accept, or a locked account', async () => {
    expect(await closeOf(async () => null)).toEqual({ code: CLOSE_REFUSED, reason: 'Not authenticated' });
    await hub?.close();
    await new Promise((resolve) => server!.close(resolve));
    const locked: Authenticator = async () => {
      throw new HttpError(401, 'Your account is locked');
    };
    expect(await closeOf(locked)).toEqual({ code: CLOSE_REFUSED, reason: 'Account locked' });
  });
});
