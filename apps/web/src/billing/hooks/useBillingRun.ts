import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BillingRun } from '@cmp/contracts/billing';
import { customChargesQueryKey } from '../../customCharges/public';
import { creditLimitQueryKey } from '../../orders/public';
import { billingQueryKey, runBilling, useBillingRuns } from '../api/billingOperations';

/** Running, or Interrupted and about to resume: the run is not over. */
export const isActive = (run: BillingRun | undefined) => run?.Status === 'Running' || run?.Status === 'Interrupted';

/**
 * A billing run started from this tab: RunBilling answers at once with the run (usually Running);
 * while it runs, its progress comes from GetBillingRuns every 2 s. Once it has completed, the
 * intervals, the online bill and the invoices are loaded again (the run added invoices to them),
 * and so are the cards below them on the tab: custom charges it billed, the open balance it changed.
 */
export function useBillingRun(accountId: number) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<BillingRun>();
  const isPolling = isActive(started);
  const runs = useBillingRuns(accountId, isPolling);
  // The newest word on the run started here: the poll's, once it has one, else RunBilling's answer.
  const polled = runs.data?.BillingRuns.find((run) => run.BillingRunId === started?.BillingRunId);
  const run = polled ?? started;
  const isRunning = isActive(run);

  // Polling stops once the poll reports the end: the started run takes the final state. An
  // Interrupted run is still under way (its job was sent again; issue 30): it is followed on.
  useEffect(() => {
    if (polled && !isActive(polled) && isActive(started)) setStarted(polled);
  }, [polled, started]);

  const refreshedRunId = useRef<number>(undefined);
  useEffect(() => {
    if (run?.Status !== 'Completed' || refreshedRunId.current === run.BillingRunId) return;
    refreshedRunId.current = run.BillingRunId;
    for (const queryKey of [billingQueryKey(accountId), customChargesQueryKey(accountId), creditLimitQueryKey(accountId)]) void queryClient.invalidateQueries({ queryKey });
  }, [run, accountId, queryClient]);

  /** Rejects with the server's refusal, which the dialog shows. */
  const start = async (intervalId: string | undefined, idempotencyKey: string) => {
    setStarted(await runBilling({ accountId, ...(intervalId ? { intervalId } : {}) }, idempotencyKey));
  };

  return { run, isRunning, pollError: runs.error, start };
}
