import { useTranslation } from 'react-i18next';
import type { SubscriptionProvisioningEntry } from '@cmp/contracts/subscriptions';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

/** What was sent to the vendor for a subscription: each request's action, quantity, statuses, when it was sent and the vendor's error. */
export function ProvisioningHistoryTable({ requests, label }: { requests: readonly SubscriptionProvisioningEntry[]; label: string }) {
  const { t, i18n } = useTranslation();
  const sentAt = (request: SubscriptionProvisioningEntry) => request.SendDate ?? request.CreatedAt;
  const statusText = (request: SubscriptionProvisioningEntry) => `${request.OrderStatus} / ${request.ProductStatus}`;
  const columns: DataColumn<SubscriptionProvisioningEntry>[] = [
    { id: 'request', header: t('subscriptions.history_request'), cell: (request) => request.RequestId, sortValue: (request) => request.RequestId, isRowHeader: true },
    { id: 'action', header: t('subscriptions.history_action'), cell: (request) => request.Action, sortValue: (request) => request.Action },
    { id: 'quantity', header: t('subscriptions.quantity'), cell: (request) => request.Quantity ?? '', sortValue: (request) => request.Quantity, align: 'right' },
    { id: 'status', header: t('subscriptions.history_status'), cell: statusText, sortValue: statusText },
    { id: 'sent', header: t('subscriptions.history_sent'), cell: (request) => formatDateTime(sentAt(request), i18n.language), sortValue: (request) => Date.parse(sentAt(request)) },
    { id: 'error', header: t('subscriptions.history_error'), cell: (request) => request.ErrorMessage ?? '', sortValue: (request) => request.ErrorMessage },
  ];
  return <DataTable tableId="subscription-provisioning-history" rows={requests} columns={columns} rowKey={(request) => request.RequestId} label={label} empty={t('subscriptions.no_history')} />;
}
