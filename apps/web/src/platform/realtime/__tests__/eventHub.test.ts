import { describe, expect, it } from 'vitest';
import { HubEventFilter, isBlockedNegotiation, isEventHubInstance, isPricelistQuery } from '../eventHub';

// spec §4 "Real-time event DP_UpdateComplete" and §3/§7 of the event hub (issue 16).

const update = (marketplaceId: number, timeStamp: string) => ({ Event: 'DP_UpdateComplete', MarketplaceId: marketplaceId, TimeStamp: timeStamp });

describe('event hub messages', () => {
  it('refreshes a pricelist for DP_UpdateComplete and skips one older than the last of the same pair', () => {
    const filter = new HubEventFilter();
    expect(filter.actionFor(update(7, '2026-11-27T10:00:05Z'))).toEqual({ kind: 'refresh-pricelist', marketplaceId: 7 });
    expect(filter.actionFor(update(7, '2026-11-27T10:00:01Z'))).toEqual({ kind: 'stale' });
    // Another marketplace has its own last event; the same moment again is not older.
    expect(filter.actionFor(update(8, '2026-11-27T10:00:01Z'))).toEqual({ kind: 'refresh-pricelist', marketplaceId: 8 });
    expect(filter.actionFor(update(7, '2026-11-27T10:00:05Z'))).toEqual({ kind: 'refresh-pricelist', marketplaceId: 7 });
    expect(filter.actionFor(update(7, '2026-11-27T10:01:00Z'))).toEqual({ kind: 'refresh-pricelist', marketplaceId: 7 });
    expect(filter.actionFor(update(7, '2026-11-27T10:00:30Z'))).toEqual({ kind: 'stale' });
  });

  it('only logs an event it does not know', () => {
    expect(new HubEventFilter().actionFor({ Event: 'DP_SomethingNew', TimeStamp: '2026-11-27T10:00:00Z' })).toEqual({ kind: 'unknown', event: 'DP_SomethingNew' });
  });

  it('connects on the pp instance, or where the branding switches the hub on', () => {
    expect(isEventHubInstance('pp', false)).toBe(true);
    expect(isEventHubInstance('de', false)).toBe(false);
    expect(isEventHubInstance('de', true)).toBe(true);
  });

  it('refreshes the screens of that pricelist and the pricelist list, nothing else', () => {
    expect(isPricelistQuery(['pricing', 'items', 7, 'page', {}], 7)).toBe(true);
    expect(isPricelistQuery(['pricing', 'rules', 7], 7)).toBe(true);
    expect(isPricelistQuery(['pricing', 'pricelists'], 7)).toBe(true);
    expect(isPricelistQuery(['pricing', 'rules', 8], 7)).toBe(false);
    expect(isPricelistQuery(['orders', 7], 7)).toBe(false);
  });

  it('tells a 404 negotiation apart (not a real-time endpoint, or a proxy in between)', () => {
    expect(isBlockedNegotiation(Object.assign(new Error('Not Found'), { statusCode: 404 }))).toBe(true);
    expect(isBlockedNegotiation(Object.assign(new Error('Unauthorized'), { statusCode: 401 }))).toBe(false);
    expect(isBlockedNegotiation(new Error('offline'))).toBe(false);
  });
});
