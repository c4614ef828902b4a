import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationListener } from './notificationListener';

// Issue 30 item 8, the listener alone: on PostgreSQL always (the run's DATABASE_URL or the machine's
// server, as twoProcesses.test.ts), since embedded PGlite's LISTEN is in-process and cannot be lost.
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** A port nobody listens on: the database "down" during a failover. */
const DOWN_URL = 'postgres://postgres@127.0.0.1:1/postgres';

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

describe('notification listener', () => {
  it('keeps retrying with growing waits while the database is unreachable, then listens on every channel again and says so', async () => {
    let isDown = false;
    const failedWaits: number[] = [];
    const events: string[] = [];
    const listener = new NotificationListener(() => new pg.Client({ connectionString: isDown ? DOWN_URL : postgresUrl }), {
      onRetryFailed: (_error, delayMs) => {
        failedWaits.push(delayMs);
        if (failedWaits.length === 3) isDown = false;
      },
    });
    const heard: string[] = [];
    try {
      const hooks = (name: string) => ({ onLost: () => events.push(`${name} lost`), onReconnect: () => void events.push(`${name} back`) });
      await listener.listen('cmp_test_one', (payload) => heard.push(`one ${payload}`), hooks('one'));
      await listener.listen('cmp_test_two', (payload) => heard.push(`two ${payload}`), hooks('two'));
      expect(listener.health()).toEqual([
        { channel: 'cmp_test_one', isListening: true },
        { channel: 'cmp_test_two', isListening: true },
      ]);

      isDown = true;
      await admin.query('select pg_terminate_backend($1)', [await listener.backendPid()]);
      await expect.poll(() => events, { timeout: 5_000 }).toEqual(['one lost', 'two lost']);
      expect(listener.health().map((channel) => channel.isListening)).toEqual([false, false]);

      await expect.poll(() => events, { timeout: 20_000 }).toEqual(['one lost', 'two lost', 'one back', 'two back']);
      // Three refused attempts, each waiting about twice the one before (0.5 s, 1 s, 2 s, with ±50 % jitter).
      expect(failedWaits).toHaveLength(3);
      expect(failedWaits[0]).toBeLessThanOrEqual(750);
      expect(failedWaits[2]).toBeGreaterThanOrEqual(1_000);
      expect(listener.health().map((channel) => channel.isListening)).toEqual([true, true]);

      await admin.query("select pg_notify('cmp_test_one', 'a'), pg_notify('cmp_test_two', 'b')");
      await expect.poll(() => heard.sort(), { timeout: 5_000 }).toEqual(['one a', 'two b']);
    } finally {
      await listener.close();
    }
  });
});

/**
 * A TCP relay to the database that can go silent: it keeps the connections open but passes nothing
 * on, as a host that vanished behind a failover does (no error, no FIN).
 */
async function silenceableRelay(target: URL): Promise<{ url: string; silence(): void; close(): Promise<void> }> {
  let isSilent = false;
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => (inbound.destroy(), outbound.destroy()));
    }
    inbound.on('data', (chunk) => isSilent || outbound.write(chunk));
    outbound.on('data', (chunk) => isSilent || inbound.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    silence: () => void (isSilent = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('notification listener on a connection gone silent', () => {
  it('notices it by its heartbeat going unanswered, and reconnects', async () => {
    const relay = await silenceableRelay(new URL(postgresUrl));
    let viaRelay = true;
    const events: string[] = [];
    const listener = new NotificationListener(() => new pg.Client({ connectionString: viaRelay ? relay.url : postgresUrl }), { heartbeatMs: 200, heartbeatTimeoutMs: 300 });
    try {
      await listener.listen('cmp_test_silent', () => undefined, { onLost: () => events.push('lost'), onReconnect: () => void events.push('back') });
      viaRelay = false;
      relay.silence();
      await expect.poll(() => events, { timeout: 10_000 }).toEqual(['lost', 'back']);
      expect(listener.health()).toEqual([{ channel: 'cmp_test_silent', isListening: true }]);
    } finally {
      await listener.close();
      await relay.close();
    }
  });
});
