import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_HUB_METHOD, EVENT_HUB_TIMING, type HubServerMessage } from '@cmp/contracts/realtime';
import type { DatabaseHandle } from '../platform/db/database';
import type { ServerConfig } from '../platform/config';
import { accounts, type outboxEvents } from '../platform/db/schema';
import type { LiveSession } from './liveSession';
import { readHeldSessions } from './liveQueries';
import { MessageType, decode, encode, handshakeRefusal } from './hubProtocol';

/** A transport the client reached the hub by (a WebSocket, or a server-sent-events stream). */
export interface HubTransport {
  send(text: string): void;
  close(): void;
}

interface HubClient {
  connectionId: string;
  token: string;
  session: LiveSession;
  transport?: HubTransport;
  isHandshaken: boolean;
  /** The last time the client was heard (its pings every 15 s); also when it negotiated. */
  heardAt: number;
}

type OutboxRow = typeof outboxEvents.$inferSelect;

/** A client silent this long is gone (SignalR's client timeout: twice its keep-alive). */
const CLIENT_TIMEOUT_MS = 2 * EVENT_HUB_TIMING.keepAliveMs;
/** Sessions are checked against the database this often, like the live channel's sockets. */
const SESSION_CHECK_MS = 60_000;

/**
 * The event hub of spec §7 (issue 16): a SignalR hub that only sends — `onServerMessage` with the
 * outbox's hub events (DP_UpdateComplete from a finished price propagation) to the signed-in
 * clients of the account's hierarchy. A client negotiates with its session cookie, then connects by
 * WebSocket or server-sent events (eventHubRoutes.ts). Every node hears every outbox event through
 * the live hub's LISTEN (its `biz` notifications), so a client may hold its connection on any node.
 */
export class EventHub {
  private readonly clients = new Map<string, HubClient>();
  private timer: NodeJS.Timeout | undefined;
  private lastSessionCheck = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.log.warn({ err: error }, 'event hub: the keep-alive round failed'));
    }, EVENT_HUB_TIMING.keepAliveMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const client of this.clients.values()) this.drop(client, 'Server stopping.', true);
  }

  /** A new connection for a signed-in session: its id, and the token it connects with. */
  negotiate(session: LiveSession): { connectionId: string; connectionToken: string } {
    const client: HubClient = { connectionId: randomUUID(), token: randomBytes(24).toString('base64url'), session, isHandshaken: false, heardAt: Date.now() };
    this.clients.set(client.token, client);
    return { connectionId: client.connectionId, connectionToken: client.token };
  }

  /** The session a negotiated connection belongs to; undefined for a token this node does not know. */
  sessionOf(token: string): LiveSession | undefined {
    return this.clients.get(token)?.session;
  }

  /** Binds a transport to a negotiated connection; false when the token is unknown or already connected. */
  attach(token: string, transport: HubTransport): boolean {
    const client = this.clients.get(token);
    if (!client || client.transport) return false;
    client.transport = transport;
    client.heardAt = Date.now();
    return true;
  }

  /** The transport ended (socket closed, stream ended, DELETE): the connection is forgotten. */
  detach(token: string): void {
    this.clients.delete(token);
  }

  /** What a client sent: the handshake first, then pings, a close, or an invocation this hub does not have. */
  receive(token: string, text: string): boolean {
    const client = this.clients.get(token);
    if (!client?.transport) return false;
    client.heardAt = Date.now();
    for (const message of decode(text)) {
      if (!client.isHandshaken) {
        const refusal = handshakeRefusal(message);
        client.transport.send(encode(refusal ? { error: refusal } : {}));
        if (refusal) {
          this.drop(client);
          return true;
        }
        client.isHandshaken = true;
        continue;
      }
      if (message?.type === MessageType.Close) {
        this.drop(client);
        return true;
      }
      if (message?.type === MessageType.Invocation && typeof message.invocationId === 'string') {
        client.transport.send(encode({ type: MessageType.Completion, invocationId: message.invocationId, error: `This hub has no method '${String(message.target)}': it only sends.` }));
      }
    }
    return true;
  }

  /** An outbox row committed: a hub event goes to the clients in its account's hierarchy. */
  async onOutboxEvent(row: OutboxRow): Promise<void> {
    const payload = row.payload as Partial<HubServerMessage>;
    if (row.recipientUserIds?.length || typeof payload.Event !== 'string' || row.accountId === null) return;
    if (!this.hasConnections()) return;
    const [owner] = await this.database.db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
    if (!owner) return;
    const invocation = encode({ type: MessageType.Invocation, target: EVENT_HUB_METHOD, arguments: [payload] });
    for (const client of this.clients.values()) {
      // A user is an account under their organisation: '/1/3/4/' is a user of '/1/3/'.
      const userPath = client.session.accountPath;
      const organisationPath = userPath.replace(/[^/]+\/$/, '');
      // The account's own users and those below see its pricelists; those of the accounts above administer them.
      if (client.isHandshaken && (userPath.startsWith(owner.path) || owner.path.startsWith(organisationPath))) client.transport?.send(invocation);
    }
  }

  /** A session ended (logout, expiry, a disabled user): its connections close and may not reconnect. */
  onSessionEnded(publicId: string): void {
    for (const client of this.clients.values()) if (client.session.publicId === publicId) this.drop(client, 'The session ended.', false);
  }

  hasConnections(): boolean {
    return [...this.clients.values()].some((client) => client.isHandshaken);
  }

  /** Every 15 s: a ping to each client, the silent ones dropped, and now and then the sessions checked. */
  private async tick(now = Date.now()): Promise<void> {
    for (const client of this.clients.values()) {
      if (now - client.heardAt > CLIENT_TIMEOUT_MS) this.drop(client, 'Server timeout elapsed without receiving a message from the client.', true);
      else if (client.isHandshaken) client.transport?.send(encode({ type: MessageType.Ping }));
    }
    if (now - this.lastSessionCheck < SESSION_CHECK_MS || this.clients.size === 0) return;
    await this.checkSessions(now);
  }

  /** Back to listening after a lost connection (issue 30 item 8): a sign-out in between was not heard, so the database is asked. */
  async onReconnect(): Promise<void> {
    if (this.clients.size > 0) await this.checkSessions(Date.now());
  }

  private async checkSessions(now: number): Promise<void> {
    this.lastSessionCheck = now;
    const ended = await readHeldSessions(this.database.db, [...this.clients.values()].map((c) => c.session), this.config, now);
    for (const client of this.clients.values()) if (ended.has(client.session.tokenHash)) this.drop(client, 'The session ended.', false);
  }

  private drop(client: HubClient, error?: string, allowReconnect = false): void {
    this.clients.delete(client.token);
    if (!client.transport) return;
    if (error) client.transport.send(encode({ type: MessageType.Close, error, allowReconnect }));
    client.transport.close();
  }
}
