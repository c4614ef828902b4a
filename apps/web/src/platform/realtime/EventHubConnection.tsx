import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_HUB_METHOD, EVENT_HUB_PATH, EVENT_HUB_TIMING, type HubServerMessage } from '@cmp/contracts/realtime';
import { useBranding } from '../branding/BrandingContext';
import { instanceIdOf } from '../analytics/analyticsInstance';
import { HubEventFilter, isBlockedNegotiation, isEventHubInstance, isPricelistQuery } from './eventHub';

/**
 * The event hub connection of the signed-in layout (spec §3, §7, §9; issue 16): started on the pp
 * instance or where the branding switches it on. A finished price propagation (DP_UpdateComplete)
 * refreshes that pricelist's open screens. Loaded with the SignalR client only where it connects.
 */
export function EventHubConnection({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const { pod_id: podId, event_hub_enabled: isEnabled } = useBranding();
  const instanceId = instanceIdOf(window.location.hostname, podId);
  const shouldConnect = isEventHubInstance(instanceId, isEnabled);

  useEffect(() => {
    if (!shouldConnect) return undefined;
    let isStopped = false;
    let stop: (() => Promise<void>) | undefined;
    const filter = new HubEventFilter();
    const onMessage = (message: HubServerMessage) => {
      const action = filter.actionFor(message);
      if (action.kind === 'unknown') console.info(`Event hub: an unknown event '${action.event}' was ignored.`);
      if (action.kind !== 'refresh-pricelist') return;
      queryClient.invalidateQueries({ predicate: (query) => isPricelistQuery(query.queryKey, action.marketplaceId) }).catch(() => undefined);
    };
    void (async () => {
      const { HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
      if (isStopped) return;
      const connection = new HubConnectionBuilder()
        .withUrl(`${EVENT_HUB_PATH}?InstanceId=${encodeURIComponent(instanceId)}`)
        .withAutomaticReconnect([...EVENT_HUB_TIMING.reconnectDelaysMs])
        .configureLogging(LogLevel.Warning)
        .build();
      connection.serverTimeoutInMilliseconds = EVENT_HUB_TIMING.serverTimeoutMs;
      connection.keepAliveIntervalInMilliseconds = EVENT_HUB_TIMING.keepAliveMs;
      connection.on(EVENT_HUB_METHOD, onMessage);
      stop = () => connection.stop();
      try {
        await connection.start();
      } catch (error) {
        if (isBlockedNegotiation(error)) console.warn('Event hub: not a real-time endpoint or blocked by a proxy.');
        else console.warn('Event hub: could not connect.', error);
      }
    })();
    return () => {
      isStopped = true;
      stop?.().catch(() => undefined);
    };
  }, [queryClient, shouldConnect, instanceId, sessionId]);

  return null;
}
