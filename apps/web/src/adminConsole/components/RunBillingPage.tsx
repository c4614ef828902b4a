import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingRun } from '@cmp/contracts/billing';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import { BILLING_RUN_POLL_MS, getBillingRuns } from '../../billing/api/billingOperations';
import { isActive } from '../../billing/hooks/useBillingRun';
import { InterruptedStatus } from '../../billing/components/InterruptedRun';
import { RunBillingCard } from '../../billing/components/RunBillingCard';
import { formatInterval } from '../../billing/utils/billingFormat';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { useSessionUser } from '../../platform/session/currentUser';
import { QueryCard } from '../../platform/ui/QueryCard';
import { ListPagination } from '../../users/components/ListPagination';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { useClientTable } from '../hooks/useClientTable';

const RUN_READ = requirement('BILLING_RUN', ['Read']);
const RUN_EXECUTE = requirement('BILLING_RUN', ['Execute']);
type RunSortField = 'StartedAt' | 'IntervalId' | 'Status';

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

const runValue = (run: BillingRun, field: RunSortField) => run[field];

function BillingRunsTable({ runs, labelledBy }: { runs: BillingRun[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const table = useClientTable<BillingRun, RunSortField>(runs, { sortBy: 'StartedAt', sortDirection: 'desc' }, runValue);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="StartedAt" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_started')}
              </SortableHeaderCell>
              <SortableHeaderCell field="IntervalId" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_month')}
              </SortableHeaderCell>
              <TableCell>{t('admin_console.column_scope')}</TableCell>
              <SortableHeaderCell field="Status" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_status')}
              </SortableHeaderCell>
              <TableCell align="right">{t('admin_console.column_payers')}</TableCell>
              <TableCell align="right">{t('admin_console.column_invoices')}</TableCell>
              <TableCell>{t('admin_console.column_started_by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.pageRows.map((run) => (
              <TableRow key={run.BillingRunId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.StartedAt, i18n.language)}</TableCell>
                <TableCell>{formatInterval(run.IntervalId, i18n.language)}</TableCell>
                <TableCell>{run.ScopeName ?? t('admin_console.scope_everyone')}</TableCell>
                <TableCell>
                  {run.Status === 'Interrupted' ? <InterruptedStatus run={run} /> : t(`admin_console.run_status.${run.Status}`)}
                  {run.Error && (
                    <Typography variant="body2" color="error">
                      {run.Error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{t('admin_console.payers_done', { done: run.PayersDone, total: run.PayersTotal })}</TableCell>
                <TableCell align="right">{run.InvoicesCreated}</TableCell>
                <TableCell>{run.StartedByName ?? t('admin_console.system')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination {...table.pagination} />
    </>
  );
}
