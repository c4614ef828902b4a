import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ScheduledTerminationItem } from '@cmp/contracts/accountLifecycle';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { useSessionUser } from '../../../platform/session/currentUser';
import { QueryCard } from '../../../platform/ui/QueryCard';
import { DataTable, type DataColumn } from '../../../platform/ui/table/DataTable';
import { useServerPaging } from '../../../platform/ui/table/useServerPaging';
import { mayCancelTermination, useCancelScheduledTermination } from '../hooks/useCancelScheduledTermination';
import { useScheduledTerminations } from '../hooks/useTerminationQueries';

/** The contract allows pages of up to 100. */
const PAGE_SIZES = [10, 25, 50, 100];

/** spec §4 "A scheduled termination can be cancelled": the scheduled ones in the caller's hierarchy, soonest first. */
export function ScheduledTerminationsCard() {
  const { t, i18n } = useTranslation();
  const capabilities = useSessionUser()?.Capability ?? [];
  const { cancel, cancellingId, dialog } = useCancelScheduledTermination();
  // The server always lists the soonest first; the order is not the reader's to change.
  const list = useServerPaging<'TerminateAt'>({ sortBy: 'TerminateAt', sortDirection: 'asc' }, null, PAGE_SIZES);
  const query = useScheduledTerminations(list.request.page, list.request.pageSize);

  const columns: DataColumn<ScheduledTerminationItem>[] = [
    {
      id: 'account',
      header: t('account_lifecycle.column_account'),
      isRowHeader: true,
      cell: (item) => (
        <>
          <Link component={RouterLink} to={`/account/${item.AccountId}`}>
            {item.DisplayName}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {t(`account_lifecycle.type_${item.AccountType}`)}
          </Typography>
        </>
      ),
    },
    { id: 'TerminateAt', header: t('account_lifecycle.column_date'), cell: (item) => formatDateTime(item.TerminateAt, i18n.language) },
    { id: 'reason', header: t('account_lifecycle.column_reason'), cellSx: { maxWidth: 280, overflowWrap: 'anywhere' }, cell: (item) => item.Reason || '—' },
    { id: 'requestedBy', header: t('account_lifecycle.column_requested_by'), cell: (item) => item.RequestedByDisplayName ?? '—' },
    {
      id: 'actions',
      header: t('account_lifecycle.column_actions'),
      isHeaderHidden: true,
      align: 'right',
      cell: (item) =>
        mayCancelTermination(capabilities, item.AccountType) && (
          <Button size="small" onClick={() => void cancel(item)} loading={cancellingId === item.AccountId} aria-label={t('account_lifecycle.cancel_for', { name: item.DisplayName })}>
            {t('account_lifecycle.cancel_submit')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <QueryCard title={t('account_lifecycle.scheduled_title')} intro={t('account_lifecycle.scheduled_intro')} query={query}>
        {(data, headingId) => (
          <DataTable
            tableId="scheduled-terminations"
            rows={data.Items}
            columns={columns}
            rowKey={(item) => item.TerminationId}
            labelledBy={headingId}
            server={list.paging(data.TotalCount)}
            empty={t('account_lifecycle.scheduled_empty')}
          />
        )}
      </QueryCard>
      {dialog}
    </>
  );
}
