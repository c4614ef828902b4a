import { LIVE_TIMING } from '@cmp/contracts/realtime';

/**
 * spec §9 Real-time channel: the reconnect delay starts at 5 s, doubles after each attempt up to
 * 600 s, and starts over once a connection opens.
 */
export class ReconnectBackoff {
  private delayMs: number = LIVE_TIMING.reconnectFirstMs;

  /** The delay before the next attempt; the one after it is twice as long (at most the maximum). */
  next(): number {
    const delay = this.delayMs;
    this.delayMs = Math.min(this.delayMs * 2, LIVE_TIMING.reconnectMaxMs);
    return delay;
  }

  reset(): void {
    this.delayMs = LIVE_TIMING.reconnectFirstMs;
  }
}
