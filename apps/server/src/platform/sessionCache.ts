import type { DatabaseHandle } from './db/database';
import type { CachedSession, SessionGuards, SessionSource } from './session';

const CHANNEL = 'cmp_session_cache';

/**
 * Sessions as read from the database, kept per node so a read-only call costs no query. Any
 * mutating operation clears every node's cache through LISTEN/NOTIFY (DESIGN.md scale-out), so
 * capability, password, MFA and IP-list changes apply from the next request on, on every node;
 * the TTL bounds what a lost notification could leave behind. While the LISTEN connection is down
 * (a failover: issue 30 item 8) nothing is cached, and what was cached before is dropped, since a
 * sign-out on another node would go unheard; it caches again once the channel listens again.
 */
export class SessionCache implements SessionSource {
  private readonly entries = new Map<string, CachedSession>();
  private isDeaf = false;

  constructor(
    private readonly handle: Pick<DatabaseHandle, 'listen' | 'notify'> | undefined,
    readonly guards: SessionGuards,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {}

  async start(): Promise<void> {
    await this.handle?.listen(CHANNEL, () => this.entries.clear(), {
      onLost: () => {
        this.isDeaf = true;
        this.entries.clear();
      },
      onReconnect: () => {
        // Notifications are heard again from here on; the cache starts empty.
        this.isDeaf = false;
        this.entries.clear();
      },
    });
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (entry && Date.now() - entry.loadedAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, entry: CachedSession): void {
    if (this.isDeaf) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, entry);
  }

  /** Clears this node at once and tells the others. */
  async invalidateAll(): Promise<void> {
    this.entries.clear();
    await this.handle?.notify(CHANNEL, '*').catch(() => undefined);
  }
}
