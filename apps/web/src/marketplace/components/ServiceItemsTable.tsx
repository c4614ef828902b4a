import { useTranslation } from 'react-i18next';
import type { ServiceInfo, ServiceItemPrice } from '@cmp/contracts/marketplace';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { priceReason } from '../../platform/money/priceText';

/** Every priceable item of a service with its price for the caller and the reason (issue 13). */
export function ServiceItemsTable({ service, labelledBy }: { service: ServiceInfo; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const currency = service.Currency ?? 'EUR';
  const columns: DataColumn<ServiceItemPrice>[] = [
    { id: 'item', header: t('marketplace.column_item'), cell: (item) => item.Name, isRowHeader: true },
    { id: 'feeType', header: t('marketplace.column_fee_type'), cell: (item) => t(`marketplace.fee_types.${item.FeeType}`) },
    { id: 'unit', header: t('marketplace.column_unit'), cell: (item) => item.Unit ?? t('marketplace.none') },
    {
      id: 'price',
      header: t('marketplace.column_price'),
      cell: (item) => (item.SalesPrice === null ? t('marketplace.no_price') : formatMoney(item.SalesPrice, currency, i18n.language)),
      align: 'right',
      cellSx: { whiteSpace: 'nowrap', fontWeight: 600 },
    },
    { id: 'reason', header: t('marketplace.column_reason'), cell: (item) => priceReason(t, i18n.language, item, currency) },
  ];
  // A service's price sheet is read whole, in the service's own order.
  return <DataTable tableId="service-price-items" rows={service.Items} columns={columns} rowKey={(item) => item.PriceableItemId} labelledBy={labelledBy} pageSizes={false} empty={t('marketplace.no_items')} />;
}
