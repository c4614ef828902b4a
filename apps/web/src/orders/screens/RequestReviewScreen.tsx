import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCheck, mdiClose } from '@mdi/js';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Order } from '@cmp/contracts/orders';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { OrderDetailsDialog } from '../review/OrderDetailsDialog';
import { OrderFilters } from '../review/OrderFilters';
import { OrdersTable } from '../review/OrdersTable';
import { useOrderDecisions, type DecisionResult, type OutcomeKind } from '../review/useOrderDecisions';
import { useOrderList } from '../review/useOrderList';

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
  const [result, setResult] = useState<DecisionResult>();
  const decisions = useOrderDecisions((done) => {
    setResult(done);
    setDetails(undefined);
  });
  const start = (action: 'Approve' | 'Decline', orders: Order[], clearSelection: () => void) => {
    setResult(undefined);
    decisions.start(action, orders, clearSelection);
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
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('orders.review_title')}
        </Typography>
        <OrderFilters filter={list.filter} onChange={list.setFilter} isRangeReversed={list.isRangeReversed} showStatus={false} />
        <OrdersTable
          tableId="request-review"
          list={list}
          labelledBy={headingId}
          emptyText={t('orders.none_to_review')}
          onDetails={setDetails}
          decisionActions={(selected, clearSelection) => (
            <>
              <Button variant="contained" startIcon={<MdiIcon path={mdiCheck} />} onClick={() => start('Approve', selected, clearSelection)}>
                {t('orders.approve')}
              </Button>
              <Button variant="outlined" color="error" startIcon={<MdiIcon path={mdiClose} />} onClick={() => start('Decline', selected, clearSelection)}>
                {t('orders.decline')}
              </Button>
            </>
          )}
        />
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
