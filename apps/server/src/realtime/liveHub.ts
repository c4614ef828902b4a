import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { lt, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveServerMessage } from '@cmp/contracts/realtime';
import type { DatabaseHandle, Queryable } from '../platform/db/database';
import { liveEvents } from '../platform/db/schema/realtime';
import type { ServerConfig } from '../platform/config';
import { capabilityFingerprints, endSessionsOfUsers, readHeldSessions } from './liveQueries';
import type { LiveSession } from './liveSession';
import { maintenanceStateOf, readMaintenance, storeMaintenance, type MaintenanceState } from './maintenanceAnnouncement';
import { outboxEventsSince, readOutboxEvent, recentEventsOf, toLiveMessage } from './businessEvents';

/** The one LISTEN/NOTIFY channel of the live hub; the database's triggers notify on it too (migration 0023). */
export const LIVE_CHANNEL = 'cmp_live';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; larger events travel by reference. */
const MAX_NOTIFY_BYTES = 7_900;
const SWEEP_INTERVAL_MS = 60_000;
/** Capability changes come in bursts (a role saved with many sets): one check after the burst. */
const CAPABILITY_CHECK_DELAY_MS = 200;
const LIVE_EVENT_LIFETIME_MS = 3_600_000;
/** How long a census waits for the other nodes' answers. */
const CENSUS_WAIT_MS = 500;
/** A notification sent this long before the LISTEN connection was noticed lost may not have arrived. */
const LOSS_MARGIN_MS = 5_000;

/** Who receives a message: everyone signed in, some users, or the users of one account and below. */
export type LiveAudience = { userAccountIds: number[] } | { accountPath: string };

/** One node's answer to a census: its signed-in sockets within the hierarchy asked about. */
export interface NodeCount {
  nodeId: string;
  host: string;
  signedIn: number;
}

type OutboxRow = NonNullable<Awaited<ReturnType<typeof readOutboxEvent>>>;

/** Another consumer of the bus: the event hub (eventHub.ts) hears committed outbox rows and ended sessions. */
export interface BusListener {
  /** Whether it holds anyone an outbox event could be for: a node with nobody to tell reads no rows. */
  hasConnections(): boolean;
  onOutboxEvent(row: OutboxRow): Promise<void>;
  onSessionEnded(publicId: string): void;
  /** The bus is heard again after a lost connection (the missed outbox rows come through onOutboxEvent): check what else may have changed. */
  onReconnect?(): Promise<void>;
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
  | { k: 'ref'; id: number }
  /** An outbox event committed (its insert trigger, migration 0029): business events go to their recipients. */
  | { k: 'biz'; id: number }
  /** Sockets per node (issue 16 admin console): asked by one node, answered by each. */
  | { k: 'census'; id: string; p: string }
  | { k: 'count'; id: string; n: NodeCount };

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
  private maintenance: MaintenanceState | undefined;
  private readonly censuses = new Map<string, NodeCount[]>();
  private readonly listeners: BusListener[] = [];
  /** When the LISTEN connection was lost (issue 30 item 8); undefined while listening. */
  private lostAt: number | undefined;
  readonly nodeId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.database.listen(
      LIVE_CHANNEL,
      (payload) => {
        this.onBusEvent(payload).catch((error: unknown) => this.log.error({ err: error }, 'live hub: an event was not delivered'));
      },
      {
        onLost: () => {
          this.lostAt ??= Date.now();
          this.log.warn('live hub: the LISTEN connection was lost; reconnecting');
        },
        onReconnect: () => this.recover().catch((error: unknown) => this.log.error({ err: error }, 'live hub: what was missed while not listening was not re-read')),
      },
    );
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'live hub: the session sweep failed'));
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    await this.restoreMaintenance();
  }

  /** The announcement in force survives every node's restart: it is kept in the database. */
  async restoreMaintenance(): Promise<void> {
    const stored = await readMaintenance(this.database.db);
    if (stored && !this.maintenance) this.maintenance = stored;
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

  addListener(listener: BusListener): void {
    this.listeners.push(listener);
  }

  /**
   * Sends a message to the signed-in sockets of every node (all of them, or an audience). Given a
   * transaction, the notification leaves when it commits — with the audit entry, or not at all.
   */
  async publish(message: LiveServerMessage, audience?: LiveAudience, db: Queryable = this.database.db): Promise<void> {
    if (!audience) await storeMaintenance(db, message);
    const event: BusEvent = { k: 'send', m: message, ...(audience ? { to: audience } : {}) };
    if (Buffer.byteLength(JSON.stringify(event)) <= MAX_NOTIFY_BYTES) return this.notify(event, db);
    await db.delete(liveEvents).where(lt(liveEvents.createdAt, new Date(Date.now() - LIVE_EVENT_LIFETIME_MS)));
    const [row] = await db.insert(liveEvents).values({ event }).returning({ id: liveEvents.id });
    await this.notify({ k: 'ref', id: row!.id }, db);
  }

  /** The maintenance announcement in force, as a socket that signs in now should hear it. */
  currentMaintenance(now = Date.now()): Extract<LiveServerMessage, { type: 'maintenance' }> | undefined {
    const state = this.maintenance;
    if (!state) return undefined;
    if ('isSoon' in state) return { type: 'maintenance', mode: true };
    // Once maintenance has begun it is no longer announced: a page that reloads would reload again.
    if (state.startsAt <= now) {
      this.maintenance = undefined;
      return undefined;
    }
    return { type: 'maintenance', mode: Math.ceil((state.startsAt - now) / 1_000) };
  }

  /**
   * A session's business events of the last minutes, as one of its sockets that (re)connects now
   * should hear them: those it may have missed — not those from before it signed in, old news for it.
   */
  async recentEventsOf(session: Pick<LiveSession, 'userAccountId' | 'signedInAt'>): Promise<LiveServerMessage[]> {
    const rows = await recentEventsOf(this.database.db, session.userAccountId, session.signedInAt);
    return rows.flatMap((row) => toLiveMessage(row)?.message ?? []);
  }

  /** Every node's sockets, counted within the accounts under `accountPath`; nodes that do not answer in time are missing. */
  async census(accountPath: string): Promise<NodeCount[]> {
    const id = randomUUID();
    this.censuses.set(id, []);
    try {
      await this.notify({ k: 'census', id, p: accountPath });
      await new Promise((resolve) => setTimeout(resolve, CENSUS_WAIT_MS));
      return this.censuses.get(id)!.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
    } finally {
      this.censuses.delete(id);
    }
  }

  private async notify(event: BusEvent, db?: Queryable): Promise<void> {
    const payload = JSON.stringify(event);
    if (db) await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
    else await this.database.notify(LIVE_CHANNEL, payload);
  }

  private async onBusEvent(payload: string): Promise<void> {
    if (this.isStopped) return;
    let event = JSON.parse(payload) as BusEvent;
    if (event.k === 'ref') {
      const [row] = await this.database.db.select().from(liveEvents).where(eq(liveEvents.id, event.id)).limit(1);
      if (!row) return;
      event = row.event as BusEvent;
    }
    if (event.k === 'biz') {
      // Every committed outbox row notifies every node: one with nobody to tell skips the read.
      if (this.connections.size === 0 && !this.listeners.some((listener) => listener.hasConnections())) return;
      const row = await readOutboxEvent(this.database.db, event.id);
      if (row) await this.onOutboxRow(row);
      return;
    }
    if (event.k === 'send') {
      if (!event.to) this.remember(event.m);
      this.deliver(event.m, event.to);
    } else if (event.k === 'end') {
      this.endSession(event.s);
      for (const listener of this.listeners) listener.onSessionEnded(event.s);
    }
    else if (event.k === 'caps') this.scheduleCapabilityCheck();
    else if (event.k === 'census') await this.notify({ k: 'count', id: event.id, n: this.count(event.p) });
    else if (event.k === 'count') this.censuses.get(event.id)?.push(event.n);
  }

  /**
   * Back to listening after a lost connection: what the other nodes said in between was not heard.
   * The outbox's events since the loss are delivered again (at least once: the portal skips ids it
   * has shown), ended sessions and changed capabilities are read from the database, and so is the
   * maintenance announcement in force. Plain broadcast messages of the gap are not kept anywhere: lost.
   */
  private async recover(): Promise<void> {
    if (this.isStopped) return;
    const since = (this.lostAt ?? Date.now()) - LOSS_MARGIN_MS;
    this.lostAt = undefined;
    this.log.info('live hub: listening again; re-reading what was missed');
    this.maintenance = await readMaintenance(this.database.db);
    if (this.connections.size > 0 || this.listeners.some((listener) => listener.hasConnections())) {
      for (const row of await outboxEventsSince(this.database.db, since)) await this.onOutboxRow(row);
    }
    for (const listener of this.listeners) await listener.onReconnect?.();
    await this.checkHeldSessions(Date.now());
  }

  private async onOutboxRow(row: OutboxRow): Promise<void> {
    const live = toLiveMessage(row);
    if (live) this.deliver(live.message, { userAccountIds: live.userAccountIds });
    for (const listener of this.listeners) await listener.onOutboxEvent(row);
  }

  private remember(message: LiveServerMessage): void {
    const state = maintenanceStateOf(message);
    if (state !== 'unchanged') this.maintenance = state ?? undefined;
  }

  private count(accountPath: string): NodeCount {
    let signedIn = 0;
    for (const connection of this.connections) if (connection.session?.accountPath.startsWith(accountPath)) signedIn++;
    return { nodeId: this.nodeId, host: hostname(), signedIn };
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
      const fingerprint = fingerprints.get(session.userAccountId);
      // A socket signed in while the query ran was not asked about: its fingerprint is from its auth, fresh.
      if (fingerprint === undefined || fingerprint === session.capabilityFingerprint) continue;
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
    await this.checkHeldSessions(now);
  }

  private async checkHeldSessions(now: number): Promise<void> {
    const held = [...this.connections].flatMap((c) => (c.session ? [c.session] : []));
    if (held.length === 0) return;
    const expired = await readHeldSessions(this.database.db, held, this.config, now);
    for (const connection of this.connections) {
      if (connection.session && expired.has(connection.session.tokenHash)) connection.endSession();
    }
    await this.checkCapabilities();
  }
}
