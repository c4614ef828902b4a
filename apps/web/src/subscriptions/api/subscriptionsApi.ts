import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import type { AutoRenew, ChangeSubscriptionQuantityResponse, Subscription } from '@cmp/contracts/subscriptions';
import { callOperation } from '../../platform/api/callOperation';

const SERVICE = 'IAccountService';

export const subscriptionQueryKey = (accountId: number) => ['subscription', accountId] as const;

/** The subscription of a Product account; looked at again while a quantity change is being provisioned. */
export function useSubscription(accountId: number) {
  return useQuery({
    queryKey: subscriptionQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<{ Subscription: Subscription }>(SERVICE, 'GetSubscription', { accountId }, { suppressErrorToast: true, signal }),
    refetchInterval: (query) => (query.state.data?.Subscription.PendingQuantity != null ? 2_000 : false),
  });
}

/** What a quantity change would do (nothing written): applied now with a prorated amount, or scheduled. */
export const previewQuantityChange = (accountId: number, quantity: number, schedule: boolean, signal?: AbortSignal) =>
  callOperation<ChangeSubscriptionQuantityResponse>(SERVICE, 'ChangeSubscriptionQuantity', { accountId, quantity, schedule, preview: true }, { suppressErrorToast: true, signal });

/** Makes the change; the key belongs to the dialog's intent, so a retry does it once. */
export const changeQuantity = (accountId: number, quantity: number, schedule: boolean, idempotencyKey: string) =>
  callOperation<ChangeSubscriptionQuantityResponse>(SERVICE, 'ChangeSubscriptionQuantity', { accountId, quantity, schedule }, { suppressErrorToast: true, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const setAutoRenew = (accountId: number, autoRenew: AutoRenew) =>
  callOperation<{ AccountId: number; AutoRenew: AutoRenew }>(SERVICE, 'SetAutoRenew', { accountId, autoRenew }, { suppressErrorToast: true });
