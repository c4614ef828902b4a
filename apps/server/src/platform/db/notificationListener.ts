import type pg from 'pg';

/**
 * What a LISTEN subscriber is told besides its notifications: the connection was lost (from now on
 * notifications may be missed: caches built on them are stale) and it is back, subscribed again
 * (what happened in between was not heard: re-read it).
 */
export interface ListenHooks {
  onLost?(): void;
  onReconnect?(): void | Promise<void>;
}

interface Subscription extends ListenHooks {
  onNotify(payload: string): void;
}

/** One channel's state as /healthz reports it. */
export interface ListenerHealth {
  channel: string;
  isListening: boolean;
}

/** The first retry waits this long, doubling to RETRY_MAX_MS (each wait with ±50 % jitter, so nodes do not all knock at once). */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/**
 * A host gone without a word (a failover across machines, a dropped route) sends no error and no
 * FIN: the connection only looks idle. It is asked a trivial query this often, and lost when the
 * answer does not come within HEARTBEAT_TIMEOUT_MS.
 */
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * The dedicated PostgreSQL connection of a node's LISTENs (a pooled one would lose them when
 * returned). A failover, a restart of PostgreSQL, a pooler or pg_terminate_backend ends it: it is
 * then opened again with backoff, every LISTEN re-issued, and the subscribers told (issue 30
 * item 8) — until then /healthz answers 503 so a load balancer takes the node out.
 */
export class NotificationListener {
  private readonly subscriptions = new Map<string, Subscription[]>();
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = RETRY_FIRST_MS;
  private isClosed = false;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly newClient: () => pg.Client,
    private readonly options: { onRetryFailed?(error: unknown, delayMs: number): void; heartbeatMs?: number; heartbeatTimeoutMs?: number } = {},
  ) {}

  /** LISTENs on `channel`; the first call opens the connection and fails as it fails (at start-up). */
  async listen(channel: string, onNotify: (payload: string) => void, hooks: ListenHooks = {}): Promise<void> {
    const isNew = !this.subscriptions.has(channel);
    this.subscriptions.set(channel, [...(this.subscriptions.get(channel) ?? []), { onNotify, ...hooks }]);
    if (this.retryTimer) return; // down: the reconnect subscribes every channel
    const client = this.client ?? (await (this.opening ??= this.open().finally(() => (this.opening = undefined))));
    if (isNew && client === this.client) await client.query(`listen ${channel}`);
  }

  health(): ListenerHealth[] {
    return [...this.subscriptions.keys()].map((channel) => ({ channel, isListening: this.client !== undefined }));
  }

  /** The backend serving the LISTENs (tests end it to play a failover). */
  async backendPid(): Promise<number | undefined> {
    const result = await this.client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeatTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async open(): Promise<pg.Client> {
    const client = this.newClient();
    // Without an 'error' listener node-postgres would raise the loss as an uncaught exception.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      for (const subscription of this.subscriptions.get(message.channel) ?? []) subscription.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.subscriptions.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.isClosed) {
      await client.end().catch(() => undefined);
      throw new Error('the notification listener is closed');
    }
    this.client = client;
    this.heartbeatTimer ??= setInterval(() => void this.heartbeat(), this.options.heartbeatMs ?? HEARTBEAT_MS).unref();
    return client;
  }

  private async heartbeat(): Promise<void> {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer from the LISTEN connection')), this.options.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timedOut]);
    } catch {
      this.lost(client);
    } finally {
      clearTimeout(timer);
    }
  }

  private lost(client: pg.Client): void {
    if (client !== this.client || this.isClosed) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    for (const subscription of this.allSubscriptions()) subscription.onLost?.();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = Math.round(this.retryDelay * (0.5 + Math.random()));
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => void this.retry(delay), delay);
    this.retryTimer.unref();
  }

  private async retry(delay: number): Promise<void> {
    try {
      await this.open();
    } catch (error) {
      if (this.isClosed) return;
      this.options.onRetryFailed?.(error, delay);
      this.scheduleRetry();
      return;
    }
    this.retryTimer = undefined;
    this.retryDelay = RETRY_FIRST_MS;
    // Subscribers are told only once every channel listens again: what they re-read is then covered.
    for (const subscription of this.allSubscriptions()) await Promise.resolve(subscription.onReconnect?.()).catch(() => undefined);
  }

  private allSubscriptions(): Subscription[] {
    return [...this.subscriptions.values()].flat();
  }
}
