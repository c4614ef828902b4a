import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@cmp/contracts/customCharges';
import type { UpgradeOptions, UpgradeRequest, UpgradeResult } from '@cmp/contracts/upgrades';
import { callOperation } from '../../platform/api/callOperation';

const SERVICE = 'IAccountService';

export const upgradeOptionsQueryKey = (accountId: number) => ['subscription', accountId, 'upgrade-options'] as const;

/** GetUpgradeOptions: the subscription to upgrade, the services it may become, and whether it may be upgraded now. */
export function useUpgradeOptions(accountId: number) {
  return useQuery({
    queryKey: upgradeOptionsQueryKey(accountId),
    queryFn: ({ signal }) => callOperation<UpgradeOptions>(SERVICE, 'GetUpgradeOptions', { accountId }, { suppressErrorToast: true, signal }),
    retry: false,
  });
}

/** PreviewUpgrade: what the upgrade would do to both subscriptions (nothing written). */
export const previewUpgrade = (request: UpgradeRequest, signal?: AbortSignal) => callOperation<UpgradeResult>(SERVICE, 'PreviewUpgrade', request, { suppressErrorToast: true, signal });

/**
 * Upgrade with the overview's Idempotency-Key: every click and retry of one overview sends the same
 * key, so a double click or a retry after a lost answer upgrades once. The wizard shows refusals itself.
 */
export const upgradeSubscription = (request: UpgradeRequest, idempotencyKey: string) =>
  callOperation<UpgradeResult>(SERVICE, 'Upgrade', request, { suppressErrorToast: true, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
