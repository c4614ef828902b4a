import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCancel, mdiTextBoxSearchOutline } from '@mdi/js';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import { OrderStatusChip, useSubscriptionStatusText } from './OrderStatusChip';
import { amountSx } from '../../platform/money/amountSx';
import { orderKindText } from './orderKindText';
import type { OrderList } from './useOrderList';

interface OrdersTableProps {
  tableId: string;
  list: OrderList;
  labelledBy: string;
  /** Said when there is no order at all (rather than none matching the filters). */
  emptyText: string;
  onDetails: (order: Order) => void;
  /** My orders: the orderer cancels a pending order it may cancel (CanCancel). */
  onCancel?: (order: Order) => void;
  /** Request review: the orders the caller may decide are selected for these (Approve, Decline). */
  decisionActions?: (selected: Order[], clearSelection: () => void) => ReactNode;
}

/** Orders: created, service, quantity, company, ordered for, order value, status, reason, subscription status. */
export function OrdersTable({ tableId, list, labelledBy, emptyText, onDetails, onCancel, decisionActions }: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const subscriptionStatusText = useSubscriptionStatusText();
  const nameOf = (order: Order) => t('orders.order_name', { id: order.Id, service: order.ProductDisplayName });
  const wraps = { minWidth: 120, overflowWrap: 'anywhere' } as const;
  // The server sorts by the fields of ORDER_SORT_FIELDS: those columns carry the field as their id.
  const columns: DataColumn<Order>[] = [
    { id: 'CreatedAt', header: t('orders.column_created'), cell: (order) => formatDateTime(order.CreatedAt, locale), sortable: true, cellSx: { whiteSpace: 'nowrap' } },
    {
      id: 'Service',
      header: t('orders.column_service'),
      isRowHeader: true,
      sortable: true,
      cellSx: { minWidth: 180, overflowWrap: 'anywhere' },
      cell: (order) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {order.ProductDisplayName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t('orders.order_number', { id: order.Id })}
          </Typography>
          {order.Kind !== 'New' && (
            <Typography variant="caption" component="div" sx={{ fontWeight: 500 }}>
              {orderKindText(t, order, locale)}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'Quantity', header: t('orders.column_quantity'), cell: (order) => new Intl.NumberFormat(locale).format(order.Quantity), align: 'right', cellSx: amountSx },
    { id: 'Company', header: t('orders.column_company'), cell: (order) => order.CompanyName, sortable: true, cellSx: wraps },
    { id: 'OrderedFor', header: t('orders.column_ordered_for'), cell: (order) => order.ParentAccountName, cellSx: wraps },
    { id: 'OrderValue', header: t('orders.column_order_value'), cell: (order) => formatMoney(order.OrderValue, order.Currency, locale), sortable: true, align: 'right', cellSx: { ...amountSx, fontWeight: 500 } },
    { id: 'Status', header: t('orders.column_status'), cell: (order) => <OrderStatusChip status={order.ApprovalStatus} />, sortable: true },
    { id: 'Reason', header: t('orders.column_reason'), cell: (order) => order.Reason, cellSx: { minWidth: 140, maxWidth: 280, overflowWrap: 'anywhere' } },
    { id: 'SubscriptionStatus', header: t('orders.column_subscription_status'), cell: (order) => subscriptionStatusText(order.SubscriptionStatus), cellSx: { whiteSpace: 'nowrap' } },
    {
      id: 'actions',
      header: t('orders.column_actions'),
      isHeaderHidden: true,
      cellSx: { width: '1%', whiteSpace: 'nowrap' },
      cell: (order) => (
        <>
          <RowActionButton label={t('orders.show_details', { name: nameOf(order) })} icon={mdiTextBoxSearchOutline} onClick={() => onDetails(order)} />
          {onCancel && order.CanCancel && <RowActionButton label={t('orders.cancel_order', { name: nameOf(order) })} icon={mdiCancel} onClick={() => onCancel(order)} />}
        </>
      ),
    },
  ];
  const { query } = list;
  return (
    <>
      {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
      <DataTable
        tableId={tableId}
        rows={query.data?.Orders ?? []}
        columns={columns}
        rowKey={(order) => order.Id}
        labelledBy={labelledBy}
        server={list.paging(query.data?.Total ?? 0)}
        isLoading={query.isPending}
        error={query.isError && failureText(query.error)}
        empty={
          <Typography role="status" sx={{ py: 3 }}>
            {list.isFiltered ? t('orders.none_matching') : emptyText}
          </Typography>
        }
        sx={{ '& td, & th': { px: 1 } }}
        selection={decisionActions && { rowLabel: (order) => t('orders.select_order', { name: nameOf(order) }), isSelectable: (order) => order.CanDecide, actions: decisionActions }}
      />
    </>
  );
}
