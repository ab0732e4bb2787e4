/**
 * A stand-in for the browser's WebSocket that a test drives by hand: `FakeWebSocket.instances`
 * lists every socket the app opened; `serverOpen()`, `serverSend(msg)` and `serverClose(code)`
 * play the server's side. Install it with `vi.stubGlobal('WebSocket', FakeWebSocket)`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** What the app sent, parsed. */
  readonly sent: unknown[] = [];
  /** The code the app closed with, if it did. */
  closedByClient: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(url: string | URL) {
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('The app opened no WebSocket');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send() on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000): void {
    this.closedByClient = code;
    this.readyState = FakeWebSocket.CLOSED;
  }

  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSend(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
