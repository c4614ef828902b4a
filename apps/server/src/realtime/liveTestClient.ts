import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { LIVE_SUBPROTOCOL, type LiveServerMessage } from '@cmp/contracts/realtime';
import { call } from '../test/testServer';

/** A real `ws` client on a listening server, recording what the server sends (tests only). */
export interface LiveTestClient {
  socket: WebSocket;
  received: LiveServerMessage[];
  send(message: unknown): void;
  /** Waits for the next message not yet taken. */
  next(timeoutMs?: number): Promise<LiveServerMessage>;
  close(): Promise<void>;
}

export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function openLiveSocket(
  baseUrl: string,
  options: { cookie?: string; origin?: string; path?: string; protocol?: string | null } = {},
): Promise<LiveTestClient> {
  const protocols = options.protocol === null ? [] : [options.protocol ?? LIVE_SUBPROTOCOL];
  const socket = new WebSocket(`${baseUrl}${options.path ?? '/'}`, protocols, {
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.origin ? { origin: options.origin } : {}) },
  });
  const received: LiveServerMessage[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as LiveServerMessage);
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        if (Date.now() > deadline) throw new Error(`no message within ${timeoutMs} ms (received ${JSON.stringify(received)})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received[taken++]!;
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}

/** The refusal status of an upgrade the server turns down. */
export function refusedStatus(baseUrl: string, options: { origin?: string; path?: string; protocol?: string | null } = {}): Promise<number> {
  const protocols = options.protocol === null ? [] : [options.protocol ?? LIVE_SUBPROTOCOL];
  const socket = new WebSocket(`${baseUrl}${options.path ?? '/'}`, protocols, { headers: options.origin ? { origin: options.origin } : {} });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the upgrade was accepted')));
    socket.once('error', () => undefined);
  });
}

/** The session id and user id an auth message names, as the portal reads them from GetCurrentUser. */
export async function sessionOf(app: FastifyInstance, cookie: string): Promise<{ sessionId: string; userId: number }> {
  const { body } = await call(app, 'IAuthorizationService/GetCurrentUser', {}, { cookie });
  return { sessionId: String(body.SessionId), userId: Number(body.UserAccountId) };
}
