import { LIVE_SUBPROTOCOL, LIVE_TIMING, NO_PONG_CLOSE, type LiveClientMessage, type LiveServerMessage, type MaintenanceMode } from '@cmp/contracts/realtime';
import { ReconnectBackoff } from './reconnectBackoff';

/** What an auth message names: the public session id and the user of the signed-in session. */
export interface LiveAuth {
  sessionId: string;
  userId: number;
}

/** The messages the portal acts on; ping, pong and reauth the client answers itself. */
export type LiveNotification = Extract<LiveServerMessage, { type: 'maintenance' | 'message' | 'updatecapabs' | 'event' }>;

export interface LiveClientOptions {
  url: string;
  /** The signed-in session as the portal knows it now; undefined stops the client. */
  currentAuth(): LiveAuth | undefined;
  /** Loads the session again after a reauth; undefined when it has ended (signed out). */
  refreshAuth(): Promise<LiveAuth | undefined>;
  onNotification(message: LiveNotification): void;
  createSocket?: (url: string, protocol: string) => WebSocket;
}

const NORMAL_CLOSE = 1000;

/**
 * The live-notification channel of spec §4, §7 and §9: connects, sends auth on open and on a
 * reauth message, pings every 300 s and closes with 4001 'No pong.' when no pong comes within
 * 60 s, and reconnects after 5 s, doubling to at most 600 s, starting over once a socket opens.
 */
export class LiveClient {
  private socket: WebSocket | undefined;
  private readonly backoff = new ReconnectBackoff();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private awaitedEcho: string | undefined;
  /** The session this socket last named in an auth message. */
  private sentSessionId: string | undefined;
  private isStopped = false;

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    this.isStopped = false;
    this.connect();
  }

  stop(): void {
    this.isStopped = true;
    clearTimeout(this.reconnectTimer);
    this.stopPingCycle();
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(NORMAL_CLOSE, 'Signed out.');
  }

  private connect(): void {
    if (this.isStopped) return;
    const create = this.options.createSocket ?? ((url, protocol) => new WebSocket(url, protocol));
    const socket = create(this.options.url, LIVE_SUBPROTOCOL);
    this.socket = socket;
    this.sentSessionId = undefined;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.backoff.reset();
      this.authenticate(this.options.currentAuth());
      this.schedulePing();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket === this.socket) this.receive(parse(event.data));
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      this.stopPingCycle();
      if (!this.isStopped) this.reconnectTimer = setTimeout(() => this.connect(), this.backoff.next());
    };
  }

  private authenticate(auth: LiveAuth | undefined): void {
    if (!auth) return this.stop();
    this.sentSessionId = auth.sessionId;
    this.send({ type: 'auth', sessionId: auth.sessionId, userId: auth.userId });
  }

  private receive(message: LiveServerMessage | undefined): void {
    if (!message) return;
    if (message.type === 'ping') return this.send({ type: 'pong', echo: message.echo });
    if (message.type === 'pong') {
      if (message.echo === this.awaitedEcho) this.pongReceived();
      return;
    }
    if (message.type === 'reauth') {
      this.reauthenticate().catch(() => undefined);
      return;
    }
    this.options.onNotification(message);
  }

  /**
   * A reauth: the session is loaded again. Signed out, the client stops. A session this socket has
   * not named yet (signed in again elsewhere) is sent; the one it already named is not this
   * socket's cookie's any more, so a new socket, carrying the current cookie, takes over.
   */
  private async reauthenticate(): Promise<void> {
    const socket = this.socket;
    const auth = await this.options.refreshAuth();
    if (this.isStopped || socket !== this.socket) return;
    if (!auth) return this.stop();
    if (auth.sessionId !== this.sentSessionId) return this.authenticate(auth);
    socket?.close(NORMAL_CLOSE, 'Reauth.');
  }

  private schedulePing(): void {
    this.pingTimer = setTimeout(() => {
      this.awaitedEcho = String(Date.now());
      this.send({ type: 'ping', echo: this.awaitedEcho });
      this.pongTimer = setTimeout(() => this.socket?.close(NO_PONG_CLOSE.code, NO_PONG_CLOSE.reason), LIVE_TIMING.pongWaitMs);
    }, LIVE_TIMING.pingIntervalMs);
  }

  private pongReceived(): void {
    clearTimeout(this.pongTimer);
    this.awaitedEcho = undefined;
    this.schedulePing();
  }

  private stopPingCycle(): void {
    clearTimeout(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.awaitedEcho = undefined;
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

/** The server's message, or undefined for anything the portal does not know. */
function parse(data: unknown): LiveServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message = JSON.parse(data) as { type?: unknown; echo?: unknown; text?: unknown; mode?: unknown; id?: unknown; event?: unknown; values?: unknown; link?: unknown };
    switch (message.type) {
      case 'ping':
      case 'pong':
        return typeof message.echo === 'string' ? { type: message.type, echo: message.echo } : undefined;
      case 'reauth':
      case 'updatecapabs':
        return { type: message.type };
      case 'message':
        return typeof message.text === 'string' ? { type: 'message', text: message.text } : undefined;
      case 'maintenance':
        return isMaintenanceMode(message.mode) ? { type: 'maintenance', mode: message.mode } : undefined;
      case 'event':
        return typeof message.id === 'number' && typeof message.event === 'string' && typeof message.link === 'string' && isTextRecord(message.values)
          ? ({ type: 'event', id: message.id, event: message.event, values: message.values, link: message.link } as LiveServerMessage)
          : undefined;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

const isTextRecord = (values: unknown): values is Record<string, string> =>
  typeof values === 'object' && values !== null && Object.values(values).every((value) => typeof value === 'string');

const isMaintenanceMode = (mode: unknown): mode is MaintenanceMode => typeof mode === 'boolean' || (typeof mode === 'number' && Number.isFinite(mode) && mode >= 0);

/** `{host}/` in production, `/ws/` in development (spec §7), over wss on an https page. */
export function liveChannelUrl(location: Pick<Location, 'protocol' | 'host'>, isDevelopment: boolean): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${isDevelopment ? '/ws/' : '/'}`;
}
