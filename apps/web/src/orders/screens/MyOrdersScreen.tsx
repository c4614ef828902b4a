import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { showMessage } from '../../platform/messages/messageStore';
import { OrderDetailsDialog } from '../review/OrderDetailsDialog';
import { OrderFilters } from '../review/OrderFilters';
import { OrdersTable } from '../review/OrdersTable';
import { useOrderDecisions, type DecisionResult } from '../review/useOrderDecisions';
import { useOrderList } from '../review/useOrderList';

/**
 * /orders/my-orders (spec §2, Credit Check Company Orders Read): the orders of the caller's
 * company, with their status and the subscription each made; an order waiting for approval can be
 * cancelled by whoever may (CanCancel), after a confirmation.
 */
export function MyOrdersScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useOrderList('Company');
  const [details, setDetails] = useState<Order>();
  const decisions = useOrderDecisions((result: DecisionResult) => {
    const [outcome] = result.outcomes;
    if (!outcome) return;
    const name = t('orders.order_name', { id: outcome.order.Id, service: outcome.order.ProductDisplayName });
    if (outcome.kind === 'Done') showMessage({ type: 'success', text: t('orders.cancelled_one', { name }) });
    else showMessage({ type: 'error', text: outcome.message ?? t('orders.all_failed') });
    setDetails(undefined);
  });
  const cancel = (order: Order) => decisions.start('Cancel', [order]);

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.my_orders')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('orders.my_orders_intro')}
      </Typography>
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('orders.my_orders_title')}
        </Typography>
        <OrderFilters filter={list.filter} onChange={list.setFilter} isRangeReversed={list.isRangeReversed} />
        <OrdersTable
          tableId="my-orders"
          list={list}
          labelledBy={headingId}
          emptyText={t('orders.none')}
          onDetails={setDetails}
          onCancel={cancel}
        />
      </Paper>
      {details && <OrderDetailsDialog order={details} onClose={() => setDetails(undefined)} onCancel={cancel} />}
      {decisions.dialog}
    </Box>
  );
}
