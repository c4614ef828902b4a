import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderPreview, OrderRequest } from '@cmp/contracts/orders';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { formatMoney } from '../../platform/money/formatMoney';
import { newIdempotencyKey } from '../../platform/api/idempotencyKey';
import { placeOrder, previewOrder } from '../api/orderWizardApi';

/** An overview on screen: the request it priced and the Idempotency-Key of its "Place order". */
export interface ShownOverview {
  request: OrderRequest;
  preview: OrderPreview;
  idempotencyKey: string;
}

/**
 * Preview and place (issue 14). One Idempotency-Key per overview shown: every click and retry of
 * that overview sends it, so a double click or a retry after a lost answer places one order. A 409
 * re-runs the preview: when the order value moved, the new overview (with a new key, as it is a new
 * intent) says so; when it did not (the first click is still being processed), the key stays.
 */
export function useOrderPlacement() {
  const { t, i18n } = useTranslation();
  const [overview, setOverview] = useState<ShownOverview>();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [placed, setPlaced] = useState<Order>();
  const isPlacing = useRef(false);

  const preview = async (request: OrderRequest): Promise<boolean> => {
    setIsBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setOverview({ request, preview: await previewOrder(request), idempotencyKey: newIdempotencyKey() });
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const place = async () => {
    if (!overview || isPlacing.current) return;
    isPlacing.current = true;
    setIsBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const answer = await placeOrder({ ...overview.request, expectedOrderValue: overview.preview.OrderValue }, overview.idempotencyKey);
      setPlaced(answer.Order);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) await previewAgain(overview, failureText(failure));
      else setError(failureText(failure));
    } finally {
      isPlacing.current = false;
      setIsBusy(false);
    }
  };

  const previewAgain = async (shown: ShownOverview, refusal: string) => {
    try {
      const fresh = await previewOrder(shown.request);
      if (fresh.OrderValue === shown.preview.OrderValue) {
        setError(refusal);
        return;
      }
      setOverview({ request: shown.request, preview: fresh, idempotencyKey: newIdempotencyKey() });
      const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
      setNotice(t('order_wizard.price_changed', { before: money(shown.preview.OrderValue, shown.preview.Currency), after: money(fresh.OrderValue, fresh.Currency) }));
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const reset = () => {
    setOverview(undefined);
    setError(undefined);
    setNotice(undefined);
  };

  return { overview, isBusy, error, notice, placed, preview, place, reset };
}
