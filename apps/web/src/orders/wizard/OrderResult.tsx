import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { formatMoney } from '../../platform/money/formatMoney';
import { useOrder } from '../api/orderWizardApi';
import { OrderAttachments } from '../review/OrderAttachments';
import { DefinitionList } from '../../platform/ui/DefinitionList';

/**
 * The placed order (issue 14): Approved → provisioning has started; Pending → it waits for an
 * Account Manager. The subscription's status follows provisioning (GetOrder), with links to the new
 * subscription and to the company's orders.
 */
export function OrderResult({ placed }: { placed: Order }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const latest = useOrder(placed.Id).data?.Order;
  const order = latest ?? placed;
  useEffect(() => headingRef.current?.focus(), []);
  const isPending = order.ApprovalStatus === 'Pending';
  // Approved and provisioned: the result says the subscription is ready rather than on its way.
  const outcome = order.ApprovalStatus === 'Approved' && order.SubscriptionStatus === 'Active' ? 'Active' : order.ApprovalStatus;
  const severity = order.ApprovalStatus === 'Approved' ? 'success' : isPending ? 'info' : 'warning';
  return (
    <Box>
      <Typography ref={headingRef} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
        {t('order_wizard.result_title', { id: order.Id })}
      </Typography>
      <Alert severity={severity} sx={{ mb: 2 }}>
        <AlertTitle>{t(`order_wizard.result_status.${outcome}`)}</AlertTitle>
        {t(`order_wizard.result_text.${outcome}`, { reason: order.Reason })}
      </Alert>
      <Box sx={{ mb: 3 }}>
        <DefinitionList
          items={[
            [t('order_wizard.overview_service'), order.ProductDisplayName],
            [t('order_wizard.overview_account'), order.ParentAccountName],
            [t('order_wizard.quantity'), new Intl.NumberFormat(i18n.language).format(order.Quantity)],
            [t('order_wizard.overview_order_value'), formatMoney(order.OrderValue, order.Currency, i18n.language)],
            ...(order.SubscriptionStatus ? [[t('order_wizard.result_subscription_status'), t(`order_wizard.subscription_status.${order.SubscriptionStatus}`, { defaultValue: order.SubscriptionStatus })] as [string, string]] : []),
          ]}
        />
      </Box>
      {/* Documents for the Account Manager (an offer, a purchase order) go with an order that waits for approval. */}
      {isPending && (
        <Box sx={{ mb: 3 }}>
          <OrderAttachments orderId={order.Id} />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {order.SubscriptionAccountId !== null && (
          <Button variant="contained" component={RouterLink} to={`/account/${order.SubscriptionAccountId}`}>
            {t('order_wizard.result_open_subscription')}
          </Button>
        )}
        <Button variant="outlined" component={RouterLink} to="/orders/my-orders">
          {t('order_wizard.result_my_orders')}
        </Button>
      </Stack>
    </Box>
  );
}
