import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCheck, mdiClose } from '@mdi/js';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { ListPagination } from '../../platform/ui/table/ListPagination';
import { OrderDetailsDialog } from '../review/OrderDetailsDialog';
import { OrderFilters } from '../review/OrderFilters';
import { OrdersTable } from '../review/OrdersTable';
import { useOrderDecisions, type DecisionResult, type OutcomeKind } from '../review/useOrderDecisions';
import { ORDER_PAGE_SIZES, useOrderList } from '../review/useOrderList';

const OUTCOME_KEYS: Record<'Approve' | 'Decline' | 'Cancel', Record<OutcomeKind, string>> = {
  Approve: { Done: 'orders.outcome_approved', DecidedElsewhere: 'orders.outcome_decided_elsewhere', Failed: 'orders.outcome_failed' },
  Decline: { Done: 'orders.outcome_declined', DecidedElsewhere: 'orders.outcome_decided_elsewhere', Failed: 'orders.outcome_failed' },
  Cancel: { Done: 'orders.outcome_cancelled', DecidedElsewhere: 'orders.outcome_decided_elsewhere', Failed: 'orders.outcome_failed' },
};

/**
 * /orders/request-review (spec §2, Credit Check Order Management Read): the orders across the
 * caller's hierarchy that wait for approval; approve or decline one or many after a confirmation,
 * then what happened to each (another person may have decided one first).
 */
export function RequestReviewScreen() {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useOrderList('Review');
  const [details, setDetails] = useState<Order>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [result, setResult] = useState<DecisionResult>();
  const decisions = useOrderDecisions((done) => {
    setResult(done);
    setSelected(new Set());
    setDetails(undefined);
  });
  const { query } = list;
  const data = query.data;
  const decidable = (data?.Orders ?? []).filter((order) => order.CanDecide);
  // Only rows on the page are acted on: a selection of a row that has left the list counts no more.
  const selectedOrders = decidable.filter((order) => selected.has(order.Id));
  const toggle = (order: Order) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(order.Id)) next.delete(order.Id);
      else next.add(order.Id);
      return next;
    });
  const toggleAll = () => setSelected(selectedOrders.length === decidable.length ? new Set() : new Set(decidable.map((order) => order.Id)));
  const start = (action: 'Approve' | 'Decline') => {
    setResult(undefined);
    decisions.start(action, selectedOrders);
  };

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('routes.request_review')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('orders.review_intro')}
      </Typography>
      {result && <DecisionResultPanel result={result} onClose={() => setResult(undefined)} />}
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('orders.review_title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" role="status">
              {t('orders.selected_count', { count: selectedOrders.length })}
            </Typography>
            <Button variant="contained" startIcon={<MdiIcon path={mdiCheck} />} disabled={selectedOrders.length === 0} onClick={() => start('Approve')}>
              {t('orders.approve')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<MdiIcon path={mdiClose} />} disabled={selectedOrders.length === 0} onClick={() => start('Decline')}>
              {t('orders.decline')}
            </Button>
          </Stack>
        </Stack>
        <OrderFilters filter={list.filter} onChange={list.setFilter} isRangeReversed={list.isRangeReversed} showStatus={false} />
        {query.isFetching && !query.isPending ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
        {query.isPending && <LoadingIndicator />}
        {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
        {data && (
          <>
            {data.Orders.length === 0 ? (
              <Typography role="status" sx={{ py: 3 }}>
                {list.isFiltered ? t('orders.none_matching') : t('orders.none_to_review')}
              </Typography>
            ) : (
              <OrdersTable orders={data.Orders} labelledBy={headingId} sort={list.sort} onSort={list.setSort} onDetails={setDetails} selection={{ selected, onToggle: toggle, onToggleAll: toggleAll }} />
            )}
            {data.Total > 0 && (
              <ListPagination total={data.Total} page={list.page} pageSize={list.pageSize} pageSizes={ORDER_PAGE_SIZES} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />
            )}
          </>
        )}
      </Paper>
      {details && <OrderDetailsDialog order={details} onClose={() => setDetails(undefined)} />}
      {decisions.dialog}
    </Box>
  );
}

/** What a decision did to each order: done, decided first by someone else (409, with the server's words) or failed. */
function DecisionResultPanel({ result, onClose }: { result: DecisionResult; onClose: () => void }) {
  const { t } = useTranslation();
  const isClean = result.outcomes.every((outcome) => outcome.kind === 'Done');
  const doneCount = result.outcomes.filter((outcome) => outcome.kind === 'Done').length;
  return (
    <Alert severity={isClean ? 'success' : 'warning'} onClose={onClose} sx={{ mb: 3 }} slotProps={{ closeButton: { title: t('orders.close') } }} closeText={t('orders.close')}>
      <AlertTitle>{t('orders.result_title', { done: doneCount, total: result.outcomes.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {result.outcomes.map((outcome) => (
          <li key={outcome.order.Id}>
            {t(OUTCOME_KEYS[result.action][outcome.kind], { name: t('orders.order_name', { id: outcome.order.Id, service: outcome.order.ProductDisplayName }), company: outcome.order.CompanyName, message: outcome.message ?? '' })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
