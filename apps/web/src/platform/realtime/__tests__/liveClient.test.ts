import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, liveChannelUrl, type LiveAuth, type LiveNotification } from '../liveClient';
import { FakeSocket } from './FakeSocket';

const latest = () => FakeSocket.created[FakeSocket.created.length - 1]!;
const AUTH: LiveAuth = { sessionId: 'session-1', userId: 1203 };

function startClient(overrides: { refreshAuth?: () => Promise<LiveAuth | undefined> } = {}) {
  const notifications: LiveNotification[] = [];
  const client = new LiveClient({
    url: 'ws://portal.test/',
    currentAuth: () => AUTH,
    refreshAuth: overrides.refreshAuth ?? (async () => AUTH),
    onNotification: (message) => notifications.push(message),
    createSocket: (url, protocol) => new FakeSocket(url, protocol) as unknown as WebSocket,
  });
  client.start();
  return { client, notifications };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.created = [];
});
afterEach(() => vi.useRealTimers());

describe('live-notification client (spec §9 timing)', () => {
  it('opens with the webclient subprotocol and sends auth on open', () => {
    startClient();
    expect(latest().url).toBe('ws://portal.test/');
    expect(latest().protocol).toBe('webclient');
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', sessionId: 'session-1', userId: 1203 }]);
  });

  it('reconnects after 5 s, doubling after each failed attempt up to 600 s', () => {
    startClient();
    const expectedDelays = [5, 10, 20, 40, 80, 160, 320, 600, 600].map((s) => s * 1_000);
    for (const delay of expectedDelays) {
      const count = FakeSocket.created.length;
      latest().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.created.length, `not before ${delay} ms`).toBe(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.created.length, `after ${delay} ms`).toBe(count + 1);
    }
  });

  it('starts the delay over at 5 s once a socket opens', () => {
    startClient();
    latest().drop();
    vi.advanceTimersByTime(5_000);
    latest().drop();
    vi.advanceTimersByTime(10_000);
    latest().open();
    latest().drop();
    const count = FakeSocket.created.length;
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.created.length).toBe(count + 1);
  });

  it("pings every 300 s and closes with 4001 'No pong.' when no pong comes within 60 s", () => {
    startClient();
    latest().open();
    const socket = latest();
    vi.advanceTimersByTime(300_000 - 1);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const ping = socket.sent[1] as { type: string; echo: string };
    expect(ping.type).toBe('ping');
    socket.receive({ type: 'pong', echo: ping.echo });
    vi.advanceTimersByTime(299_999);
    expect(socket.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect((socket.sent[2] as { type: string }).type).toBe('ping');
    vi.advanceTimersByTime(59_999);
    expect(socket.closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(socket.closedWith).toEqual({ code: 4001, reason: 'No pong.' });
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it("answers the server's ping with a pong carrying its echo", () => {
    startClient();
    latest().open();
    latest().receive({ type: 'ping', echo: 'abc' });
    expect(latest().sent[1]).toEqual({ type: 'pong', echo: 'abc' });
  });

  it('hands maintenance, message and updatecapabs on, and ignores what it does not know', () => {
    const { notifications } = startClient();
    latest().open();
    latest().receive({ type: 'maintenance', mode: 300 });
    latest().receive({ type: 'message', text: 'Hello' });
    latest().receive({ type: 'updatecapabs' });
    latest().receive({ type: 'maintenance', mode: 'soon' });
    latest().receive({ type: 'surprise' });
    expect(notifications).toEqual([{ type: 'maintenance', mode: 300 }, { type: 'message', text: 'Hello' }, { type: 'updatecapabs' }]);
  });

  it('on reauth sends a new session, and opens a new socket when the session it named is refused again', async () => {
    let session = AUTH;
    startClient({ refreshAuth: async () => session });
    latest().open();
    session = { sessionId: 'session-2', userId: 1203 };
    latest().receive({ type: 'reauth' });
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', sessionId: 'session-2', userId: 1203 });
    const first = latest();
    first.receive({ type: 'reauth' });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.closedWith?.code).toBe(1000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it('stops for good when a reauth finds the session ended', async () => {
    startClient({ refreshAuth: async () => undefined });
    latest().open();
    latest().receive({ type: 'reauth' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(latest().closedWith?.code).toBe(1000);
  });

  it('does not reconnect after stop', () => {
    const { client } = startClient();
    latest().open();
    client.stop();
    vi.advanceTimersByTime(600_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('uses / in production and /ws/ in development, over wss on https', () => {
    expect(liveChannelUrl({ protocol: 'https:', host: 'portal.example' }, false)).toBe('wss://portal.example/');
    expect(liveChannelUrl({ protocol: 'http:', host: 'localhost:5173' }, true)).toBe('ws://localhost:5173/ws/');
  });
});
