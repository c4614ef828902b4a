import { lt, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import type { DatabaseHandle } from '../platform/db/database';
import { liveEvents } from '../platform/db/schema/realtime';
import type { ServerConfig } from '../platform/config';
import { capabilityFingerprints, endSessionsOfUsers, readHeldSessions } from './liveQueries';

/** The one LISTEN/NOTIFY channel of the live hub; the database's triggers notify on it too (migration 0023). */
export const LIVE_CHANNEL = 'cmp_live';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; larger events travel by reference. */
const MAX_NOTIFY_BYTES = 7_900;
const SWEEP_INTERVAL_MS = 60_000;
/** Capability changes come in bursts (a role saved with many sets): one check after the burst. */
const CAPABILITY_CHECK_DELAY_MS = 200;
const LIVE_EVENT_LIFETIME_MS = 3_600_000;

/** Who receives a message: everyone signed in, some users, or the users of one account and below. */
export type LiveAudience = { userAccountIds: number[] } | { accountPath: string };

/** A socket's signed-in session, once its auth message matched the cookie's live session. */
export interface LiveSession {
  publicId: string;
  tokenHash: string;
  userAccountId: number;
  accountPath: string;
  capabilityFingerprint: string;
}

/** One socket as the hub sees it (liveSocket.ts). */
export interface LiveConnection {
  session: LiveSession | null;
  send(message: LiveServerMessage): void;
  /** Told its session ended: it becomes unauthenticated and says reauth (issue 16). */
  endSession(): void;
  /** Transport liveness: closes the socket when the last check got no answer. */
  checkAlive(): void;
}

/**
 * What travels between nodes on LIVE_CHANNEL. `end` and `caps` come from the database's own
 * triggers (a session row deleted; roles, capability sets or a user's status changed), so no code
 * path that ends a session or changes capabilities can forget to tell the sockets.
 */
type BusEvent =
  | { k: 'send'; to?: LiveAudience; m: LiveServerMessage }
  | { k: 'end'; s: string }
  | { k: 'caps' }
  | { k: 'ref'; id: number };

/**
 * The sockets held by this node and the fan-out between nodes (DESIGN.md scale-out): every
 * publish goes through PostgreSQL NOTIFY, and every node — the sender too — delivers what it hears
 * to its own sockets. Nodes keep no state another node needs.
 */
export class LiveHub {
  private readonly connections = new Set<LiveConnection>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private capabilityTimer: NodeJS.Timeout | undefined;
  private isStopped = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.database.listen(LIVE_CHANNEL, (payload) => {
      this.onBusEvent(payload).catch((error: unknown) => this.log.error({ err: error }, 'live hub: an event was not delivered'));
    });
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'live hub: the session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  stop(): void {
    this.isStopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.capabilityTimer);
  }

  add(connection: LiveConnection): void {
    this.connections.add(connection);
  }

  remove(connection: LiveConnection): void {
    this.connections.delete(connection);
  }

  /** Sockets held by this node, and how many of them are signed in. */
  counts(): { connections: number; authenticated: number } {
    let authenticated = 0;
    for (const connection of this.connections) if (connection.session) authenticated++;
    return { connections: this.connections.size, authenticated };
  }

  /** Sends a message to the signed-in sockets of every node (all of them, or an audience). */
  async publish(message: LiveServerMessage, audience?: LiveAudience): Promise<void> {
    const event: BusEvent = { k: 'send', m: message, ...(audience ? { to: audience } : {}) };
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) <= MAX_NOTIFY_BYTES) return this.database.notify(LIVE_CHANNEL, payload);
    const { db } = this.database;
    await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(Date.now() - LIVE_EVENT_LIFETIME_MS)));
    const [row] = await db.insert(liveEvents).values({ event }).returning({ id: liveEvents.id });
    await this.database.notify(LIVE_CHANNEL, JSON.stringify({ k: 'ref', id: row!.id } satisfies BusEvent));
  }

  private async onBusEvent(payload: string): Promise<void> {
    if (this.isStopped) return;
    let event = JSON.parse(payload) as BusEvent;
    if (event.k === 'ref') {
      const [row] = await this.database.db.select().from(liveEvents).where(eq(liveEvents.id, event.id)).limit(1);
      if (!row) return;
      event = row.event as BusEvent;
    }
    if (event.k === 'send') this.deliver(event.m, event.to);
    else if (event.k === 'end') this.endSession(event.s);
    else if (event.k === 'caps') this.scheduleCapabilityCheck();
  }

  private deliver(message: LiveServerMessage, audience: LiveAudience | undefined): void {
    const userIds = audience && 'userAccountIds' in audience ? new Set(audience.userAccountIds) : undefined;
    const pathPrefix = audience && 'accountPath' in audience ? audience.accountPath : undefined;
    for (const connection of this.connections) {
      const session = connection.session;
      // issue 16: a socket that is not signed in gets nothing but reauth.
      if (!session) continue;
      if (userIds && !userIds.has(session.userAccountId)) continue;
      if (pathPrefix !== undefined && !session.accountPath.startsWith(pathPrefix)) continue;
      connection.send(message);
    }
  }

  private endSession(publicId: string): void {
    for (const connection of this.connections) if (connection.session?.publicId === publicId) connection.endSession();
  }

  private scheduleCapabilityCheck(): void {
    if (this.capabilityTimer || this.isStopped) return;
    this.capabilityTimer = setTimeout(() => {
      this.capabilityTimer = undefined;
      this.checkCapabilities().catch((error: unknown) => this.log.warn({ err: error }, 'live hub: the capability check failed'));
    }, CAPABILITY_CHECK_DELAY_MS);
  }

  /**
   * issue 16 updatecapabs: compares each signed-in user's capabilities with those they had, and
   * tells the users whose set changed. A user disabled or whose account is no longer Active loses
   * their sessions here, as the next request would (platform/session.ts), so their sockets hear reauth.
   */
  private async checkCapabilities(): Promise<void> {
    const userIds = [...new Set([...this.connections].flatMap((c) => (c.session ? [c.session.userAccountId] : [])))];
    if (userIds.length === 0) return;
    const { fingerprints, inactiveUserIds } = await capabilityFingerprints(this.database.db, userIds);
    if (inactiveUserIds.length) await endSessionsOfUsers(this.database.db, inactiveUserIds);
    for (const connection of this.connections) {
      const session = connection.session;
      if (!session || inactiveUserIds.includes(session.userAccountId)) continue;
      const fingerprint = fingerprints.get(session.userAccountId) ?? '';
      if (fingerprint === session.capabilityFingerprint) continue;
      session.capabilityFingerprint = fingerprint;
      connection.send({ type: 'updatecapabs' });
    }
  }

  /**
   * Once a minute: transport liveness, and the sessions of this node's sockets checked against the
   * database — expired ones (idle or absolute, the rule of platform/session.ts) are ended, which
   * tells every node; one gone without a notification heard (a lost listener connection) ends here.
   */
  async sweep(now = Date.now()): Promise<void> {
    for (const connection of this.connections) connection.checkAlive();
    const held = [...this.connections].flatMap((c) => (c.session ? [c.session] : []));
    if (held.length === 0) return;
    const expired = await readHeldSessions(this.database.db, held, this.config, now);
    for (const connection of this.connections) {
      if (connection.session && expired.has(connection.session.tokenHash)) connection.endSession();
    }
    await this.checkCapabilities();
  }
}
