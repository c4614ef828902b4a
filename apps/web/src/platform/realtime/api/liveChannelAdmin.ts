import { useQuery } from '@tanstack/react-query';
import type { LiveChannelStatus } from '@cmp/contracts/liveChannelAdmin';
import { callOperation } from '../../api/callOperation';

const SERVICE = 'ILiveNotificationService';
export const LIVE_CHANNEL_STATUS_QUERY_KEY = ['admin', 'liveChannelStatus'] as const;
/** The sockets per node change all the time: the section follows them while it is open. */
const STATUS_REFRESH_MS = 10_000;

export function useLiveChannelStatus() {
  return useQuery({
    queryKey: LIVE_CHANNEL_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => callOperation<LiveChannelStatus>(SERVICE, 'GetLiveChannelStatus', {}, { suppressErrorToast: true, signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** A countdown of `seconds`, or "maintenance soon" without them (spec §4). */
export const announceMaintenance = (seconds?: number) => callOperation(SERVICE, 'AnnounceMaintenance', seconds === undefined ? {} : { seconds });
export const cancelMaintenance = () => callOperation(SERVICE, 'CancelMaintenance', {});
export const sendLiveMessage = (text: string) => callOperation(SERVICE, 'SendLiveMessage', { text });
