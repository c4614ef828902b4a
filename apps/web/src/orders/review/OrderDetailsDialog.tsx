import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { formatMoney } from '../../platform/money/formatMoney';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { priceReason } from '../../marketplace/utils/priceText';
import { useOrder, type OrderDetail } from '../api/ordersApi';
import { OrderAttachments } from './OrderAttachments';
import { OrderStatusChip, useSubscriptionStatusText } from './OrderStatusChip';
import { amountSx } from './orderFormat';
import { orderKindText } from './orderKindText';

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
  const titleId = useId();
  const query = useOrder(order.Id);
  const detail = query.data?.Order;
  const current = detail ?? order;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('orders.details_title', { name: t('orders.order_name', { id: order.Id, service: order.ProductDisplayName }) })}</DialogTitle>
      <DialogContent>
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {detail && <OrderDetailContent order={detail} />}
      </DialogContent>
      <DialogActions>
        {onCancel && current.CanCancel && (
          <Button color="error" onClick={() => onCancel(current)}>
            {t('orders.cancel')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('orders.close')}
        </Button>
      </DialogActions>
    </Dialog>
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
      {order.Lines.length === 0 ? (
        <Typography variant="body2">{t('orders.no_price_lines')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={linesId} sx={{ '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('orders.line_item')}</TableCell>
                <TableCell>{t('orders.line_fee_type')}</TableCell>
                <TableCell align="right">{t('orders.line_unit_price')}</TableCell>
                <TableCell align="right">{t('orders.column_quantity')}</TableCell>
                <TableCell align="right">{t('orders.line_amount')}</TableCell>
                <TableCell>{t('orders.line_priced_by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.Lines.map((line) => (
                <TableRow key={line.PriceableItemId}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {line.Name}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`orders.fee_types.${line.FeeType}`)}</TableCell>
                  <TableCell sx={amountSx}>{line.Unit ? t('orders.price_per_unit', { price: money(line.UnitPrice), unit: line.Unit }) : money(line.UnitPrice)}</TableCell>
                  <TableCell sx={amountSx}>{new Intl.NumberFormat(locale).format(line.Quantity)}</TableCell>
                  <TableCell sx={{ ...amountSx, fontWeight: 500 }}>{line.FeeType === 'Usage' ? t('orders.billed_by_use') : money(line.Amount)}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{priceReason(t, locale, { Rule: line.Rule, Basis: line.Basis, Problem: null }, order.Currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <OrderAttachments orderId={order.Id} />
    </>
  );
}
