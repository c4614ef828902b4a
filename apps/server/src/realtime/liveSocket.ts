import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { liveClientMessageSchema, type LiveClientMessage, type LiveServerMessage } from '@cmp/contracts/realtime';
import type { LiveConnection, LiveHub } from './liveHub';
import type { LiveSession } from './liveSession';

/** Answers whether an auth message names the session the socket's cookie holds; null when not. */
export type SessionCheck = (sessionId: string, userId: number) => Promise<LiveSession | null>;

/** A client that keeps failing to authenticate is told reauth this often, then the socket is closed. */
const MAX_FAILED_AUTHS = 5;
const POLICY_VIOLATION = 1008;

/**
 * One WebSocket of the live-notification channel (spec §7, issue 16). It starts unauthenticated
 * and gets nothing but reauth until an auth message names the live session of the cookie it was
 * opened with; a session that ends makes it unauthenticated again, at once.
 */
export class LiveSocket implements LiveConnection {
  session: LiveSession | null = null;
  private isAlive = true;
  private failedAuths = 0;
  /** Messages are handled one after another: an auth still checking is not overtaken by a ping. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: LiveHub,
    private readonly checkSession: SessionCheck,
    private readonly log: FastifyBaseLogger,
  ) {
    hub.add(this);
    socket.on('pong', () => (this.isAlive = true));
    socket.on('close', () => hub.remove(this));
    socket.on('error', () => hub.remove(this));
    socket.on('message', (data, isBinary) => {
      this.queue = this.queue
        .then(() => this.receive(isBinary ? null : parse(data.toString())))
        .catch((error: unknown) => this.log.warn({ err: error }, 'live channel: a message was not handled'));
    });
  }

  send(message: LiveServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  endSession(): void {
    this.session = null;
    this.send({ type: 'reauth' });
  }

  checkAlive(): void {
    if (!this.isAlive) {
      this.socket.terminate();
      return;
    }
    this.isAlive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }

  private async receive(message: LiveClientMessage | null): Promise<void> {
    if (message?.type === 'auth') return this.authenticate(message.sessionId, message.userId);
    if (message?.type === 'deauth') {
      this.session = null;
      return;
    }
    // issue 16: an unauthenticated socket gets nothing but reauth — whatever it says.
    if (!this.session) return this.send({ type: 'reauth' });
    if (message?.type === 'ping') this.send({ type: 'pong', echo: message.echo });
  }

  private async authenticate(sessionId: string, userId: number): Promise<void> {
    this.session = await this.checkSession(sessionId, userId);
    if (this.session) {
      this.failedAuths = 0;
      // A page opened after the announcement still sees the countdown (spec §4 Maintenance).
      const maintenance = this.hub.currentMaintenance();
      if (maintenance) this.send(maintenance);
      // Events committed while this session's page had no socket (a node that died, a reconnect): at least once.
      for (const event of await this.hub.recentEventsOf(this.session)) this.send(event);
      return;
    }
    if (++this.failedAuths > MAX_FAILED_AUTHS) return this.close(POLICY_VIOLATION, 'Not authenticated.');
    this.send({ type: 'reauth' });
  }
}

function parse(text: string): LiveClientMessage | null {
  try {
    const parsed = liveClientMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
