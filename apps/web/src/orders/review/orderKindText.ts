import type { TFunction } from 'i18next';
import type { Order } from '@cmp/contracts/orders';

/** What a change request changes (issue 30 item 2); undefined for an order of a new subscription. */
export function orderKindText(t: TFunction, order: Pick<Order, 'Kind' | 'PreviousQuantity' | 'Quantity'>, locale: string): string | undefined {
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  if (order.Kind === 'QuantityIncrease') return t('change_requests.kind_QuantityIncrease', { from: number(order.PreviousQuantity ?? 0), to: number(order.Quantity) });
  if (order.Kind === 'Upgrade') return t('change_requests.kind_Upgrade');
  if (order.Kind === 'Renewal') return t('change_requests.kind_Renewal');
  return undefined;
}
