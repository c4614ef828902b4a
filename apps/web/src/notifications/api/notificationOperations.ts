import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesOverview } from '@cmp/contracts/notifications';
import { callOperation } from '../../platform/api/callOperation';

export const notificationPreferencesQueryKey = (accountId: number) => ['notifications', 'preferences', accountId] as const;

export function useNotificationPreferences(accountId: number) {
  return useQuery({
    queryKey: notificationPreferencesQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<NotificationPreferencesOverview>('INotificationService', 'GetNotificationPreferences', { accountId }, { suppressErrorToast: true, signal }),
  });
}

/** spec §5: the screen shows a refusal (commitment_period_required) on the field itself, so no toast. */
export const saveNotificationPreferences = (accountId: number, preferences: NotificationPreferences) =>
  callOperation('INotificationService', 'SaveNotificationPreferences', { accountId, preferences }, { suppressErrorToast: true });
