import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { EVENT_HUB_PATH, LIVE_PATHS, LIVE_SUBPROTOCOL } from '@cmp/contracts/realtime';
import type { DatabaseHandle } from '../platform/db/database';
import type { ServerConfig } from '../platform/config';
import type { SessionCache } from '../platform/sessionCache';
import type { OperationRegistry } from '../platform/operations';
import { SESSION_COOKIE } from '../platform/session';
import { clientAddress } from './clientAddress';
import { LiveHub } from './liveHub';
import type { LiveSession } from './liveSession';
import { isAllowedOrigin, sessionOfCookie } from './liveAccess';
import { LiveSocket, type SessionCheck } from './liveSocket';
import { liveChannelOperations } from './operations';
import { registerEventHub } from './eventHubRoutes';

/** Client messages are small (auth, ping, pong); anything larger closes the socket. */
const MAX_CLIENT_MESSAGE_BYTES = 4_096;
const GOING_AWAY = 1001;
const CLOSE_GRACE_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-notification hub: publish a message to the signed-in sockets of every node. */
    liveHub: LiveHub;
  }
}

/**
 * The live-notification WebSocket of spec §7 at `/` and `/ws/`, subprotocol `webclient` (issue 16),
 * the admin console's operations on it, and the event hub (eventHubRoutes.ts), which shares its bus.
 * The upgrade is checked like an API call from a browser: same origin or the CORS allowlist; the
 * session cookie it carries is the only session an auth message may name.
 */
export async function registerLiveChannel(
  app: FastifyInstance,
  options: { database: DatabaseHandle; config: ServerConfig; sessionCache: SessionCache; registry: OperationRegistry },
): Promise<LiveHub> {
  const { database, config, sessionCache, registry } = options;
  const hub = new LiveHub(database, config, app.log);
  await hub.start();
  registry.register(...liveChannelOperations(hub));
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES, handleProtocols: () => LIVE_SUBPROTOCOL });
  const sockets = new Set<LiveSocket>();

  const eventHub = registerEventHub(app, { database, config, sessionCache });
  hub.addListener(eventHub.hub);
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname === EVENT_HUB_PATH) return eventHub.upgrade(request, socket, head);
    const refusal = refusalOf(request, config);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    const address = clientAddress(request, config.trustedProxies);
    server.handleUpgrade(request, socket, head, (ws) => {
      const check: SessionCheck = (sessionId, userId) => checkSession(database, config, sessionCache, token, address, sessionId, userId);
      const live = new LiveSocket(ws, hub, check, app.log);
      sockets.add(live);
      ws.on('close', () => sockets.delete(live));
    });
  });

  app.decorate('liveHub', hub);
  // Open sockets would hold the HTTP server's close up: they are told the node is going away first.
  app.addHook('preClose', async () => {
    hub.stop();
    for (const live of sockets) live.close(GOING_AWAY, 'Server stopping.');
    // A client that does not answer the close within a moment is cut off: the node stops now.
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const live of sockets) live.terminate();
    server.close();
  });
  return hub;
}

/** Why an upgrade is refused, as a status line; undefined when it may proceed. */
function refusalOf(request: IncomingMessage, config: ServerConfig): string | undefined {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (!(LIVE_PATHS as readonly string[]).includes(url.pathname)) return '404 Not Found';
  const protocols = String(request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  if (!protocols.includes(LIVE_SUBPROTOCOL)) return '400 Bad Request';
  if (!isAllowedOrigin(request, config)) return '403 Forbidden';
  return undefined;
}

/** An auth message is accepted only when it names the cookie's live session and its user (issue 16). */
async function checkSession(
  database: DatabaseHandle,
  config: ServerConfig,
  sessionCache: SessionCache,
  token: string | undefined,
  address: string,
  sessionId: string,
  userId: number,
): Promise<LiveSession | null> {
  const session = await sessionOfCookie(database, config, sessionCache, token, address);
  return session && session.publicId === sessionId && session.userAccountId === userId ? session : null;
}
