import { useTranslation } from 'react-i18next';
import type { OrderPreview, OrderRequest } from '@cmp/contracts/orders';
import { formatMoney } from '../../platform/money/formatMoney';
import { usePreviewedPlacement, type ShownOverview as ShownPreview } from '../../platform/api/usePreviewedPlacement';
import { placeOrder, previewOrder } from '../api/orderWizardApi';

/** An overview on screen: the request it priced and the Idempotency-Key of its "Place order". */
type ShownOrderOverview = ShownPreview<OrderRequest, OrderPreview>;

/**
 * Preview and place an order (issue 14). A 409 re-runs the preview: when the order value moved, the
 * new overview says so; when it did not (the first click is still being processed), the key stays.
 */
export function useOrderPlacement() {
  const { t, i18n } = useTranslation();
  const money = (amount: string, currency: string) => formatMoney(amount, currency, i18n.language);
  return usePreviewedPlacement({
    preview: (request: OrderRequest) => previewOrder(request),
    // The value the overview showed goes along: the server refuses (409) when it no longer holds.
    place: async (shown: ShownOrderOverview) => (await placeOrder({ ...shown.request, expectedOrderValue: shown.preview.OrderValue }, shown.idempotencyKey)).Order,
    conflictNotice: (shown, fresh) =>
      fresh.OrderValue === shown.preview.OrderValue ? undefined : t('order_wizard.price_changed', { before: money(shown.preview.OrderValue, shown.preview.Currency), after: money(fresh.OrderValue, fresh.Currency) }),
  });
}
