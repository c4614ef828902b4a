import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { BillingRun } from '@cmp/contracts/billing';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { BILLING_RUN_POLL_MS, getBillingRuns, isActive, InterruptedStatus, RunBillingCard, formatInterval } from '../../billing/public';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { useSessionUser } from '../../platform/session/currentUser';
import { QueryCard } from '../../platform/ui/QueryCard';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

const RUN_READ = requirement('BILLING_RUN', ['Read']);
const RUN_EXECUTE = requirement('BILLING_RUN', ['Execute']);

/**
 * Run billing (billing issue): the billing page's run card over the whole hierarchy, and the last
 * runs. The runs share the card's query, so a run started here shows in the table as it goes.
 */
export function RunBillingPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const capabilities = user?.Capability ?? [];
  if (!user || !isAllowed(capabilities, RUN_READ)) return <Alert severity="info">{t('admin_console.billing_no_access')}</Alert>;
  const company = user.CompanyAccount;
  // One block: the run card keeps its own margin below it.
  return (
    <div>
      {isAllowed(capabilities, RUN_EXECUTE) && <RunBillingCard accountId={company.AccountId} accountName={company.DisplayName} />}
      <BillingRunsCard accountId={company.AccountId} />
    </div>
  );
}

function BillingRunsCard({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  // Followed while a run is under way, so an Interrupted run is seen resuming and ending (issue 30).
  const query = useQuery({
    queryKey: ['billingRuns', accountId],
    queryFn: ({ signal }) => getBillingRuns(accountId, signal),
    refetchInterval: (current) => (current.state.data?.BillingRuns.some(isActive) ? BILLING_RUN_POLL_MS : false),
  });
  return (
    <QueryCard title={t('admin_console.billing_runs_title')} intro={t('admin_console.billing_runs_intro')} query={query}>
      {(page, headingId) => (page.BillingRuns.length ? <BillingRunsTable runs={page.BillingRuns} labelledBy={headingId} /> : <Typography>{t('admin_console.billing_runs_empty')}</Typography>)}
    </QueryCard>
  );
}

function BillingRunsTable({ runs, labelledBy }: { runs: BillingRun[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<BillingRun>[] = [
    { id: 'StartedAt', header: t('admin_console.column_started'), sortValue: (run) => run.StartedAt, isRowHeader: true, cellSx: { whiteSpace: 'nowrap' }, cell: (run) => formatDateTime(run.StartedAt, i18n.language) },
    { id: 'IntervalId', header: t('admin_console.column_month'), sortValue: (run) => run.IntervalId, cell: (run) => formatInterval(run.IntervalId, i18n.language) },
    { id: 'Scope', header: t('admin_console.column_scope'), isHideable: true, cell: (run) => run.ScopeName ?? t('admin_console.scope_everyone') },
    {
      id: 'Status',
      header: t('admin_console.column_status'),
      sortValue: (run) => run.Status,
      cell: (run) => (
        <>
          {run.Status === 'Interrupted' ? <InterruptedStatus run={run} /> : t(`admin_console.run_status.${run.Status}`)}
          {run.Error && (
            <Typography variant="body2" color="error">
              {run.Error}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'Payers', header: t('admin_console.column_payers'), align: 'right', isHideable: true, cell: (run) => t('admin_console.payers_done', { done: run.PayersDone, total: run.PayersTotal }) },
    { id: 'Invoices', header: t('admin_console.column_invoices'), align: 'right', isHideable: true, cell: (run) => run.InvoicesCreated },
    { id: 'StartedBy', header: t('admin_console.column_started_by'), isHideable: true, cell: (run) => run.StartedByName ?? t('admin_console.system') },
  ];
  return (
    <DataTable
      tableId="admin-console-billing-runs"
      rows={runs}
      columns={columns}
      rowKey={(run) => run.BillingRunId}
      labelledBy={labelledBy}
      initialSort={{ sortBy: 'StartedAt', sortDirection: 'desc' }}
      empty={t('admin_console.billing_runs_empty')}
    />
  );
}
