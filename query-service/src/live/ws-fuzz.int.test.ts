import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { MAX_FRAME_BYTES } from './hub';

/**
 * Malformed WebSocket traffic, sent over raw TCP so that frames can break the protocol. After every
 * case the server must still answer /api/health and a valid socket must still get a pong.
 */

let app: TestApp;
let user: { id: string };
let token: string;
let port: number;

beforeAll(async () => {
  app = await startTestApp();
  port = Number(new URL(app.url).port);
  ({ user, token } = await app.signUp('mentor', 'ws-fuzz@example.com'));
});
afterAll(async () => {
  await app.stop();
});

/** One frame as a client would send it (masked unless told otherwise); `length` may lie. */
function frame(
  opcode: number,
  payload: Buffer | string = Buffer.alloc(0),
  o: { fin?: boolean; rsv?: number; mask?: boolean; length?: number | bigint } = {},
): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const mask = o.mask ?? true;
  const length = o.length ?? body.length;
  const head = [((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | opcode];
  let ext = Buffer.alloc(0);
  if (typeof length === 'bigint' || length > 0xffff) {
    head.push((mask ? 0x80 : 0) | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(BigInt(length));
  } else if (length > 125) {
    head.push((mask ? 0x80 : 0) | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(length);
  } else head.push((mask ? 0x80 : 0) | length);
  if (!mask) return Buffer.concat([Buffer.from(head), ext, body]);
  const key = randomBytes(4);
  const masked = Buffer.from(body.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([Buffer.from(head), ext, key, masked]);
}

const closeFrame = (code: number, reason = '') => {
  const p = Buffer.alloc(2 + Buffer.byteLength(reason));
  p.writeUInt16BE(code);
  p.write(reason, 2);
  return frame(0x8, p);
};

const upgradeRequest = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`;

interface Raw {
  socket: Socket;
  /** Everything the server sent. */
  received: () => Buffer;
  closed: Promise<void>;
}

function rawConnect(): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    // The server may reset a connection it refuses; that is an answer, not a test failure.
    socket.on('error', () => {});
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => resolve({ socket, received: () => Buffer.concat(chunks), closed }));
    socket.once('error', reject);
  });
}

/** Resolves once `cond` holds, failing with `what` after a bounded wait. */
async function until(cond: () => boolean, what: string, timeoutMs = 10_000) {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

/** A raw socket past the 101 answer. `head` goes out in the same write as the request (mid-upgrade). */
async function upgraded(path: string, head: Buffer = Buffer.alloc(0)): Promise<Raw> {
  const raw = await rawConnect();
  raw.socket.write(Buffer.concat([Buffer.from(upgradeRequest(path)), head]));
  await until(() => raw.received().includes('\r\n\r\n') || raw.socket.destroyed, 'the upgrade answer');
  expect(raw.received().toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
  return raw;
}

/** Waits until the server has dropped the connection, then makes sure it is gone on our side too. */
async function serverCloses(raw: Raw) {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), 10_000)));
  const result = await Promise.race([raw.closed.then(() => 'closed' as const), timedOut]);
  clearTimeout(timer);
  raw.socket.destroy();
  expect(result).toBe('closed');
}

/** The server still serves HTTP, and a fresh valid socket still gets a pong. */
async function stillServing() {
  const health = await app.call('GET', '/api/health');
  expect(health.status).toBe(200);
  expect(health.body.status).toBe('ok');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/${user.id}?token=${token}`);
  try {
    const pong = await new Promise<unknown>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
      ws.once('message', (m) => resolve(JSON.parse(m.toString())));
      ws.once('open', () => ws.send(JSON.stringify({ type: 'ping' })));
    });
    expect(pong).toEqual({ type: 'pong' });
  } finally {
    ws.terminate();
  }
}

const hugeLength = BigInt(17 * 1024 * 1024);

/** Frames that break the protocol: the server must drop the connection and live on. */
const badFrames: [string, () => Buffer][] = [
  ['a reserved data opcode (83 80 00 00 00 00)', () => Buffer.from([0x83, 0x80, 0, 0, 0, 0])],
  ['a reserved control opcode', () => frame(0xb)],
  ['RSV bits without an extension', () => frame(0x1, 'hi', { rsv: 0b111 })],
  ['an unmasked client frame (81 02 68 69)', () => Buffer.from([0x81, 0x02, 0x68, 0x69])],
  ['a header announcing 17 MB', () => frame(0x2, Buffer.alloc(0), { length: hugeLength })],
  ['a 64-bit length with the top bit set', () => frame(0x2, Buffer.alloc(0), { length: 0x8000_0000_0000_0000n })],
  ['a 64-bit length over 2^53', () => frame(0x2, Buffer.alloc(0), { length: 2n ** 60n })],
  ['invalid UTF-8 in a text frame', () => frame(0x1, Buffer.from([0xc3, 0x28, 0xa0, 0xa1]))],
  [
    'invalid UTF-8 split over fragments',
    () => Buffer.concat([frame(0x1, Buffer.from([0xe2, 0x82]), { fin: false }), frame(0x0, Buffer.from([0x28]))]),
  ],
  ['a close frame with code 999', () => closeFrame(999)],
  ['a close frame with reserved code 1005', () => closeFrame(1005)],
  ['a close frame with a 1-byte payload', () => frame(0x8, Buffer.from([0x03]))],
  ['a close frame with an invalid UTF-8 reason', () => frame(0x8, Buffer.from([0x03, 0xe8, 0xff, 0xfe]))],
  ['a fragmented ping', () => frame(0x9, 'x', { fin: false })],
  ['a control frame over 125 bytes', () => frame(0x9, Buffer.alloc(126))],
  ['a continuation frame with nothing to continue', () => frame(0x0, 'orphan')],
  [
    'a new data frame inside a fragmented message',
    () => Buffer.concat([frame(0x1, 'a', { fin: false }), frame(0x1, 'b')]),
  ],
];

describe('WebSocket fuzz', () => {
  for (const [who, path] of [
    ['unauthenticated (token=x, refused with 4001)', () => '/ws/anything?token=x'],
    ['authenticated', () => `/ws/${user.id}?token=${token}`],
  ] as const) {
    describe(who, () => {
      for (const [name, bytes] of badFrames) {
        it(`survives ${name}`, async () => {
          const raw = await upgraded(path());
          raw.socket.write(bytes());
          await serverCloses(raw);
          await stillServing();
        });

        it(`survives ${name} sent with the upgrade request`, async () => {
          const raw = await upgraded(path(), bytes());
          await serverCloses(raw);
          await stillServing();
        });
      }

      it('survives a truncated frame and a half-closed connection', async () => {
        const raw = await upgraded(path());
        const whole = frame(0x1, 'x'.repeat(300));
        raw.socket.end(whole.subarray(0, 20));
        await serverCloses(raw);
        await stillServing();
      });

      it('survives a connection reset in the middle of a frame', async () => {
        const raw = await upgraded(path());
        raw.socket.write(frame(0x2, Buffer.alloc(5000)).subarray(0, 1000));
        raw.socket.resetAndDestroy();
        await raw.closed;
        await stillServing();
      });
    });
  }

  it('answers a valid text frame that is not JSON with an error message, and keeps the socket', async () => {
    const raw = await upgraded(`/ws/${user.id}?token=${token}`);
    raw.socket.write(frame(0x1, 'not json'));
    await until(() => raw.received().includes('Messages must be JSON objects with a type'), 'the error message');
    raw.socket.write(frame(0x1, '{"type":"ping"}'));
    await until(() => raw.received().includes('{"type":"pong"}'), 'the pong');
    raw.socket.destroy();
    await stillServing();
  });

  it(`accepts a message up to the frame cap (${MAX_FRAME_BYTES} bytes: a 10 MB image as base64 JSON) and drops one over it`, async () => {
    // The largest chat message: a 10 MiB image, base64-encoded in a JSON message with some text.
    const image = Buffer.alloc(10 * 1024 * 1024, 7).toString('base64');
    const message = JSON.stringify({ type: 'ping', text: 'x'.repeat(4000), image: `data:image/png;base64,${image}` });
    expect(Buffer.byteLength(message)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const raw = await upgraded(`/ws/${user.id}?token=${token}`);
    raw.socket.write(frame(0x1, message));
    await until(() => raw.received().includes('{"type":"pong"}'), 'the pong to a maximal message', 30_000);
    raw.socket.destroy();

    const over = await upgraded(`/ws/${user.id}?token=${token}`);
    over.socket.write(frame(0x2, Buffer.alloc(0), { length: MAX_FRAME_BYTES + 1 }));
    await serverCloses(over);
    // 1009: message too big.
    expect(over.received().includes(Buffer.from([0x88, 0x02, 0x03, 0xf1]))).toBe(true);
    await stillServing();
  });

  describe('before the upgrade', () => {
    const cases: [string, string | Buffer][] = [
      ['binary garbage', randomBytes(64)],
      [
        'garbage, then an upgrade request',
        Buffer.concat([
          Buffer.from('\x00\xff\x13garbage\r\n'),
          Buffer.from(`GET /ws/anything?token=x HTTP/1.1\r\nHost: x\r\n\r\n`),
        ]),
      ],
      [
        'an upgrade without Sec-WebSocket-Key',
        `GET /ws/anything?token=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ],
      [
        'an upgrade with a bogus version',
        `GET /ws/anything?token=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 99\r\n\r\n`,
      ],
      [
        'an upgrade to a path that is not a socket',
        `GET /api/health HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ],
      [
        'a malformed percent-encoding in the path',
        `GET /ws/%E0%A4%A?token=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ],
      [
        'an oversized header',
        `GET /ws/anything?token=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
      ],
    ];
    for (const [name, bytes] of cases) {
      it(`survives ${name}`, async () => {
        const raw = await rawConnect();
        raw.socket.write(bytes);
        await serverCloses(raw);
        await stillServing();
      });
    }

    it('survives a connection reset while the token is being checked', async () => {
      for (let i = 0; i < 20; i++) {
        const raw = await rawConnect();
        raw.socket.write(upgradeRequest(i % 2 ? '/ws/anything?token=x' : `/ws/${user.id}?token=${token}`));
        raw.socket.resetAndDestroy();
        await raw.closed;
      }
      await stillServing();
    });
  });

  it('survives 1,000 rapid connects and disconnects', async () => {
    const total = 1000;
    const batch = 50;
    for (let start = 0; start < total; start += batch) {
      await Promise.all(
        Array.from({ length: batch }, async (_, j) => {
          const i = start + j;
          const raw = await rawConnect();
          const path = i % 2 ? '/ws/anything?token=x' : `/ws/${user.id}?token=${token}`;
          if (i % 3 === 0) {
            raw.socket.write(upgradeRequest(path));
            raw.socket.resetAndDestroy(); // gone before the answer
          } else if (i % 3 === 1) {
            raw.socket.write(upgradeRequest(path));
            await until(() => raw.received().length > 0 || raw.socket.destroyed, 'an upgrade answer');
            raw.socket.destroy(); // gone right after the answer
          } else {
            raw.socket.destroy(); // gone before saying anything
          }
          await raw.closed;
        }),
      );
    }
    await stillServing();
  });
});
