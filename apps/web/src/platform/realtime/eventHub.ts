import { EVENT_HUB_INSTANCE, type HubServerMessage } from '@cmp/contracts/realtime';

// The event hub's messages (spec §4 "Real-time event DP_UpdateComplete", issue 16), apart from the
// connection itself (EventHubConnection.tsx), so the rules are tested without a server.

export const PROPAGATION_EVENT = 'DP_UpdateComplete';

/** spec §3: on the instance named pp a real-time connection starts; elsewhere where the branding switches it on. */
export const isEventHubInstance = (instanceId: string, isEnabled: boolean): boolean => isEnabled || instanceId === EVENT_HUB_INSTANCE;

/** What the portal does with a message: refresh a pricelist's screens, or nothing (and why). */
export type HubAction = { kind: 'refresh-pricelist'; marketplaceId: number } | { kind: 'stale' } | { kind: 'unknown'; event: string };

/**
 * Remembers the newest event per Event and MarketplaceId: spec §4 skips one older than the last of
 * its pair (the hub delivers at least once, and after a reconnect an older one may still arrive).
 */
export class HubEventFilter {
  private readonly newest = new Map<string, number>();

  actionFor(message: HubServerMessage): HubAction {
    if (message.Event !== PROPAGATION_EVENT || typeof message.MarketplaceId !== 'number') return { kind: 'unknown', event: String(message.Event) };
    const key = `${message.Event}|${message.MarketplaceId}`;
    const at = Date.parse(message.TimeStamp);
    const last = this.newest.get(key);
    if (last !== undefined && (Number.isNaN(at) || at < last)) return { kind: 'stale' };
    if (!Number.isNaN(at)) this.newest.set(key, at);
    return { kind: 'refresh-pricelist', marketplaceId: message.MarketplaceId };
  }
}

/** The pricelist screens' queries of a marketplace (their keys start 'pricing' and name it), and the pricelist list. */
export const isPricelistQuery = (queryKey: readonly unknown[], marketplaceId: number): boolean =>
  queryKey[0] === 'pricing' && (queryKey[1] === 'pricelists' || queryKey.includes(marketplaceId));

/** spec §7: a 404 on negotiation means the URL is not a hub, or a proxy in between refused it. */
export const isBlockedNegotiation = (error: unknown): boolean => (error as { statusCode?: number } | undefined)?.statusCode === 404;
