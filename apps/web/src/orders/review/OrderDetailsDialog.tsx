import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { priceReason } from '../../platform/money/priceText';
import { useOrder, type OrderDetail } from '../api/ordersApi';
import { OrderAttachments } from './OrderAttachments';
import { OrderStatusChip, useSubscriptionStatusText } from './OrderStatusChip';
import { amountSx } from '../../platform/money/amountSx';
import { orderKindText } from './orderKindText';

type OrderLine = OrderDetail['Lines'][number];

interface OrderDetailsDialogProps {
  /** The row the dialog was opened from: its heading shows at once, the details load. */
  order: Order;
  onClose: () => void;
  /** Offered when the order may still be cancelled (My orders). */
  onCancel?: (order: Order) => void;
}

/** One order (GetOrder): its terms, its price lines with the rule that priced each, the credit check, who decided when, and its attachments. */
export function OrderDetailsDialog({ order, onClose, onCancel }: OrderDetailsDialogProps) {
  const { t } = useTranslation();
  const query = useOrder(order.Id);
  const detail = query.data?.Order;
  const current = detail ?? order;
  return (
    <FormDialog
      open
      title={t('orders.details_title', { name: t('orders.order_name', { id: order.Id, service: order.ProductDisplayName }) })}
      onClose={onClose}
      maxWidth="md"
      extraActions={
        onCancel &&
        current.CanCancel && (
          <Button color="error" onClick={() => onCancel(current)}>
            {t('orders.cancel')}
          </Button>
        )
      }
    >
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {detail && <OrderDetailContent order={detail} />}
    </FormDialog>
  );
}

function OrderDetailContent({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const linesId = useId();
  const subscriptionStatusText = useSubscriptionStatusText();
  const money = (amount: string) => formatMoney(amount, order.Currency, locale);
  // An order the credit check let through has no decider: it was approved as it was placed.
  const decisionText = ({ DecidedAt, DecidedByName, ApprovalStatus, CreditCheck }: OrderDetail) => {
    if (!DecidedAt) return t('orders.not_decided');
    const time = formatDateTime(DecidedAt, locale);
    if (!DecidedByName && ApprovalStatus === 'Approved' && !CreditCheck) return t('orders.decided_automatically_at', { time });
    return t('orders.decided_by_at', { name: DecidedByName ?? t('orders.unknown_person'), time });
  };
  const facts: [string, ReactNode][] = [
    [t('orders.column_status'), <OrderStatusChip key="status" status={order.ApprovalStatus} />],
    [t('orders.column_service'), order.ProductDisplayName],
    ...(order.Kind !== 'New' ? [[t('change_requests.column_change'), orderKindText(t, order, locale)] as [string, ReactNode]] : []),
    [t('orders.column_quantity'), new Intl.NumberFormat(locale).format(order.Quantity)],
    [t('orders.commitment'), t(`orders.commitments.${order.Commitment}`, { defaultValue: order.Commitment })],
    [t('orders.billing_frequency'), t(`orders.billing_frequencies.${order.BillingFrequency}`, { defaultValue: order.BillingFrequency })],
    [t('orders.prepaid'), order.IsPrepaid ? t('orders.yes') : t('orders.no')],
    [t('orders.column_company'), order.CompanyName],
    [t('orders.column_ordered_for'), order.ParentAccountName],
    [t('orders.payer'), order.PayerName],
    [t('orders.seller'), order.SellerName],
    [t('orders.ordered_by'), order.CreatedByName],
    [t('orders.column_created'), formatDateTime(order.CreatedAt, locale)],
    [t('orders.column_order_value'), money(order.OrderValue)],
    [t('orders.credit_limit'), order.CreditLimit === null ? t('orders.no_limit') : money(order.CreditLimit)],
    [t('orders.projected_invoice'), order.ProjectedInvoice === null ? t('orders.not_applicable') : money(order.ProjectedInvoice)],
    [t('orders.credit_check'), order.CreditCheck ? t('orders.credit_check_needed') : order.CreditLimit === null ? t('orders.credit_check_none') : t('orders.credit_check_passed')],
    [t('orders.decided'), decisionText(order)],
    [t('orders.column_reason'), order.Reason || t('orders.no_reason')],
    [t('orders.column_subscription_status'), subscriptionStatusText(order.SubscriptionStatus)],
  ];
  const lineColumns: DataColumn<OrderLine>[] = [
    { id: 'item', header: t('orders.line_item'), cell: (line) => line.Name, isRowHeader: true, cellSx: { overflowWrap: 'anywhere' } },
    { id: 'feeType', header: t('orders.line_fee_type'), cell: (line) => t(`orders.fee_types.${line.FeeType}`), cellSx: { whiteSpace: 'nowrap' } },
    { id: 'unitPrice', header: t('orders.line_unit_price'), cell: (line) => (line.Unit ? t('orders.price_per_unit', { price: money(line.UnitPrice), unit: line.Unit }) : money(line.UnitPrice)), align: 'right', cellSx: amountSx },
    { id: 'quantity', header: t('orders.column_quantity'), cell: (line) => new Intl.NumberFormat(locale).format(line.Quantity), align: 'right', cellSx: amountSx },
    { id: 'amount', header: t('orders.line_amount'), cell: (line) => (line.FeeType === 'Usage' ? t('orders.billed_by_use') : money(line.Amount)), align: 'right', cellSx: { ...amountSx, fontWeight: 500 } },
    { id: 'pricedBy', header: t('orders.line_priced_by'), cell: (line) => priceReason(t, locale, { Rule: line.Rule, Basis: line.Basis, Problem: null }, order.Currency), cellSx: { minWidth: 180 } },
  ];
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr', md: 'repeat(2, minmax(140px, max-content) minmax(0, 1fr))' }, columnGap: 3, rowGap: 1, m: 0, mb: 3 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography id={linesId} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('orders.price_lines')}
      </Typography>
      <DataTable tableId="order-price-lines" rows={order.Lines} columns={lineColumns} rowKey={(line) => line.PriceableItemId} labelledBy={linesId} pageSizes={false} empty={t('orders.no_price_lines')} sx={{ '& td, & th': { px: 1 } }} />
      <OrderAttachments orderId={order.Id} />
    </>
  );
}
