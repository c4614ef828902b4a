import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import { EVENT_HUB_PATH } from '@cmp/contracts/realtime';
import type { DatabaseHandle } from '../platform/db/database';
import type { ServerConfig } from '../platform/config';
import type { SessionCache } from '../platform/sessionCache';
import { SESSION_COOKIE } from '../platform/session';
import { clientAddress } from './clientAddress';
import { EventHub, type HubTransport } from './eventHub';
import { isAllowedOrigin, sessionOfCookie } from './liveAccess';

/** Client frames are small (the handshake, pings); anything larger closes the socket. */
const MAX_CLIENT_MESSAGE_BYTES = 4_096;

interface HubQuery {
  id?: string;
}

/**
 * The event hub's HTTP surface, as the SignalR client expects it under `{hub base}/api`:
 * POST /negotiate (with the session cookie) answers a connection token and the transports;
 * the connection is a WebSocket upgrade of `/hub/api?id=…`, or a server-sent-events GET of that
 * URL with the client's messages POSTed to it; DELETE ends it. Answers the upgrade handler the
 * live channel calls for the hub's path.
 */
export function registerEventHub(
  app: FastifyInstance,
  options: { database: DatabaseHandle; config: ServerConfig; sessionCache: SessionCache },
): { hub: EventHub; upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void } {
  const { database, config, sessionCache } = options;
  const hub = new EventHub(database, config, app.log);
  hub.start();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });

  const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).type('text/plain; charset=utf-8').send(message);
  /** Every call but negotiate names its connection by the token negotiate gave: the connection's credential, as in SignalR. */
  const connectionOf = (request: FastifyRequest<{ Querystring: HubQuery }>) => {
    const token = request.query.id ?? '';
    return hub.sessionOf(token) ? token : undefined;
  };

  app.post<{ Querystring: Record<string, string> }>(`${EVENT_HUB_PATH}/negotiate`, async (request, reply) => {
    if (!isAllowedOrigin(request.raw, config)) return refuse(reply, 403, 'This origin may not connect to the event hub.');
    const session = await sessionOfCookie(database, config, sessionCache, request.cookies[SESSION_COOKIE], clientAddress(request.raw, config.trustedProxies));
    if (!session) return refuse(reply, 401, 'Sign in to connect to the event hub.');
    const { connectionId, connectionToken } = hub.negotiate(session);
    const version = request.query.negotiateVersion === '1' ? 1 : 0;
    return {
      negotiateVersion: version,
      connectionId,
      // Version 0 clients connect with the connection id itself.
      ...(version === 1 ? { connectionToken } : {}),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      ],
    };
  });

  app.get<{ Querystring: HubQuery }>(EVENT_HUB_PATH, async (request, reply) => {
    const token = connectionOf(request);
    if (!token) return refuse(reply, 404, 'No such connection: negotiate first.');
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) return refuse(reply, 400, 'Connect by WebSocket or ask for text/event-stream.');
    reply.hijack();
    const stream = reply.raw;
    const transport: HubTransport = {
      // One SSE event per message; the JSON protocol's messages never hold a line break.
      send: (text) => stream.write(`data: ${text}\n\n`),
      close: () => stream.end(),
    };
    if (!hub.attach(token, transport)) {
      stream.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end('The connection is already in use.');
      return;
    }
    // The security headers (platform/securityHeaders.ts) are on the raw response already: writeHead adds these to them.
    stream.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    // A comment line: the stream is open, so the client's EventSource reports it connected.
    stream.write(':\n\n');
    request.raw.on('close', () => hub.detach(token));
  });

  app.post<{ Querystring: HubQuery; Body: string }>(EVENT_HUB_PATH, async (request, reply) => {
    const token = connectionOf(request);
    if (!token) return refuse(reply, 404, 'No such connection: negotiate first.');
    const text = typeof request.body === 'string' ? request.body : '';
    if (Buffer.byteLength(text) > MAX_CLIENT_MESSAGE_BYTES) return refuse(reply, 413, 'A message to the event hub is at most 4 KB.');
    if (!hub.receive(token, text)) return refuse(reply, 404, 'The connection is not open: connect its event stream first.');
    return reply.code(200).type('text/plain; charset=utf-8').send('');
  });

  app.delete<{ Querystring: HubQuery }>(EVENT_HUB_PATH, async (request, reply) => {
    const token = connectionOf(request);
    if (token) hub.receive(token, '{"type":7}\u001e');
    if (token) hub.detach(token);
    return reply.code(202).send('');
  });

  app.addHook('preClose', async () => {
    hub.stop();
    sockets.close();
  });

  return {
    hub,
    upgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const token = url.searchParams.get('id') ?? '';
      if (!isAllowedOrigin(request, config)) return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      if (!hub.sessionOf(token)) return void socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const transport: HubTransport = { send: (text) => ws.readyState === ws.OPEN && ws.send(text), close: () => ws.close(1000) };
        if (!hub.attach(token, transport)) return ws.close(1008, 'The connection is already in use.');
        ws.on('message', (data, isBinary) => {
          if (!isBinary) hub.receive(token, data.toString());
        });
        ws.on('close', () => hub.detach(token));
        ws.on('error', () => hub.detach(token));
      });
    },
  };
}
