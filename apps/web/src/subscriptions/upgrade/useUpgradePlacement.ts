import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpgradeRequest, UpgradeResult } from '@cmp/contracts/upgrades';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { newIdempotencyKey } from '../../platform/api/idempotencyKey';
import { previewUpgrade, upgradeSubscription } from '../api/upgradeApi';

/** An overview on screen: the request it previewed and the Idempotency-Key of its confirm button. */
export interface ShownUpgradeOverview {
  request: UpgradeRequest;
  preview: UpgradeResult;
  idempotencyKey: string;
}

/**
 * Preview and upgrade (issue 14 "Upgrade wizard"), as the order wizard's placement: one
 * Idempotency-Key per overview shown, sent by every click and retry of it, so a double click or a
 * retry after a lost answer upgrades once. A 409 (the price moved, the subscription changed) shows
 * the server's message above a fresh overview, which is a new intent with a new key.
 */
export function useUpgradePlacement() {
  const { t } = useTranslation();
  const [overview, setOverview] = useState<ShownUpgradeOverview>();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [done, setDone] = useState<UpgradeResult>();
  const isSending = useRef(false);

  const preview = async (request: UpgradeRequest): Promise<boolean> => {
    setIsBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setOverview({ request, preview: await previewUpgrade(request), idempotencyKey: newIdempotencyKey() });
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const confirm = async () => {
    if (!overview || isSending.current) return;
    isSending.current = true;
    setIsBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setDone(await upgradeSubscription(overview.request, overview.idempotencyKey));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) await previewAgain(overview.request, failureText(failure));
      else setError(failureText(failure));
    } finally {
      isSending.current = false;
      setIsBusy(false);
    }
  };

  const previewAgain = async (request: UpgradeRequest, refusal: string) => {
    try {
      setOverview({ request, preview: await previewUpgrade(request), idempotencyKey: newIdempotencyKey() });
      setNotice(t('upgrade_wizard.changed_notice', { message: refusal }));
    } catch (failure) {
      // The upgrade is no longer possible at all (e.g. a change of the subscription is under way): the
      // overview goes, the refusal stays (once, when the preview says the same).
      const text = failureText(failure);
      setOverview(undefined);
      setError(text === refusal ? refusal : `${refusal} ${text}`);
    }
  };

  const reset = () => {
    setOverview(undefined);
    setError(undefined);
    setNotice(undefined);
  };

  return { overview, isBusy, error, notice, done, preview, confirm, reset };
}
