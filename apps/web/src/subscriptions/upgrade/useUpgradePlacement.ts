import { useTranslation } from 'react-i18next';
import type { UpgradeRequest } from '@cmp/contracts/upgrades';
import { usePreviewedPlacement } from '../../platform/api/usePreviewedPlacement';
import { previewUpgrade, upgradeSubscription } from '../api/upgradeApi';

/**
 * Preview and upgrade (issue 14 "Upgrade wizard"), placed as an order is. A 409 (the price moved, the
 * subscription changed) shows the server's message above a fresh overview.
 */
export function useUpgradePlacement() {
  const { t } = useTranslation();
  return usePreviewedPlacement({
    preview: (request: UpgradeRequest) => previewUpgrade(request),
    place: (shown) => upgradeSubscription(shown.request, shown.idempotencyKey),
    conflictNotice: (_shown, _fresh, refusal) => t('upgrade_wizard.changed_notice', { message: refusal }),
    // The upgrade is no longer possible at all (e.g. a change of the subscription is under way): the
    // overview goes, the refusal stays (once, when the preview says the same).
    conflictFailure: (refusal, failure) => ({ error: failure === refusal ? refusal : `${refusal} ${failure}`, keepsOverview: false }),
  });
}
