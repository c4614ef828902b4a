import { useTranslation } from 'react-i18next';
import { mdiCancel, mdiTextBoxSearchOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Order, ORDER_SORT_FIELDS } from '@cmp/contracts/orders';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { RowActionButton } from '../../pricing/components/RowActionButton';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { OrderStatusChip, useSubscriptionStatusText } from './OrderStatusChip';
import { amountSx } from './orderFormat';
import { orderKindText } from './orderKindText';

export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

interface OrdersTableProps {
  orders: Order[];
  labelledBy: string;
  sort: SortState<OrderSortField>;
  onSort: (sort: SortState<OrderSortField>) => void;
  onDetails: (order: Order) => void;
  /** My orders: the orderer cancels a pending order it may cancel (CanCancel). */
  onCancel?: (order: Order) => void;
  /** Request review: rows are selected for Approve and Decline. */
  selection?: { selected: ReadonlySet<number>; onToggle: (order: Order) => void; onToggleAll: () => void };
}

/** Orders: created, service, quantity, company, ordered for, order value, status, reason, subscription status. */
export function OrdersTable({ orders, labelledBy, sort, onSort, onDetails, onCancel, selection }: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const subscriptionStatusText = useSubscriptionStatusText();
  const selectable = selection ? orders.filter((order) => order.CanDecide) : [];
  const selectedCount = selection ? selectable.filter((order) => selection.selected.has(order.Id)).length : 0;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selectable.length > 0 && selectedCount === selectable.length}
                  indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={selection.onToggleAll}
                  slotProps={{ input: { 'aria-label': t('orders.select_all') } }}
                />
              </TableCell>
            )}
            <SortableHeaderCell field="CreatedAt" sort={sort} onSort={onSort}>
              {t('orders.column_created')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Service" sort={sort} onSort={onSort}>
              {t('orders.column_service')}
            </SortableHeaderCell>
            <TableCell align="right">{t('orders.column_quantity')}</TableCell>
            <SortableHeaderCell field="Company" sort={sort} onSort={onSort}>
              {t('orders.column_company')}
            </SortableHeaderCell>
            <TableCell>{t('orders.column_ordered_for')}</TableCell>
            <SortableHeaderCell field="OrderValue" sort={sort} onSort={onSort} align="right">
              {t('orders.column_order_value')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Status" sort={sort} onSort={onSort}>
              {t('orders.column_status')}
            </SortableHeaderCell>
            <TableCell>{t('orders.column_reason')}</TableCell>
            <TableCell>{t('orders.column_subscription_status')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('orders.column_actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => {
            const name = t('orders.order_name', { id: order.Id, service: order.ProductDisplayName });
            return (
              <TableRow key={order.Id} hover selected={selection?.selected.has(order.Id)}>
                {selection && (
                  <TableCell padding="checkbox">
                    {order.CanDecide && <Checkbox checked={selection.selected.has(order.Id)} onChange={() => selection.onToggle(order)} slotProps={{ input: { 'aria-label': t('orders.select_order', { name }) } }} />}
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.CreatedAt, locale)}</TableCell>
                <TableCell component="th" scope="row" sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
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
                </TableCell>
                <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(order.Quantity)}</TableCell>
                <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{order.CompanyName}</TableCell>
                <TableCell sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>{order.ParentAccountName}</TableCell>
                <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{formatMoney(order.OrderValue, order.Currency, locale)}</TableCell>
                <TableCell>
                  <OrderStatusChip status={order.ApprovalStatus} />
                </TableCell>
                <TableCell sx={{ minWidth: 140, maxWidth: 280, overflowWrap: 'anywhere' }}>{order.Reason}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{subscriptionStatusText(order.SubscriptionStatus)}</TableCell>
                <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                  <RowActionButton label={t('orders.show_details', { name })} icon={mdiTextBoxSearchOutline} onClick={() => onDetails(order)} />
                  {onCancel && order.CanCancel && <RowActionButton label={t('orders.cancel_order', { name })} icon={mdiCancel} onClick={() => onCancel(order)} />}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
