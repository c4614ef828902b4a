import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@cmp/contracts/accounts';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

/** The latest audit entries within the caller's hierarchy, newest first as the server sends them (a few: no paging, no sorting). */
export function LatestAuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'time', header: t('dashboard.column_time'), cellSx: { whiteSpace: 'nowrap' }, cell: (entry) => <time dateTime={entry.OccurredAt}>{formatDateTime(entry.OccurredAt, i18n.language)}</time> },
    { id: 'action', header: t('dashboard.column_action'), cell: (entry) => t(`audit_actions.${entry.Action}`, { defaultValue: entry.Action }) },
    { id: 'account', header: t('dashboard.column_account'), cell: (entry) => entry.AccountDisplayName ?? '—' },
    {
      id: 'actor',
      header: t('dashboard.column_actor'),
      cell: (entry) => (entry.ImpersonatorDisplayName ? t('audit_log.actor_as', { impersonator: entry.ImpersonatorDisplayName, actor: entry.ActorDisplayName ?? '—' }) : (entry.ActorDisplayName ?? '—')),
    },
  ];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {t('dashboard.audit_title')}
        </Typography>
        <DataTable
          tableId="dashboard-latest-audit"
          rows={entries}
          columns={columns}
          rowKey={(entry) => entry.Id}
          labelledBy={headingId}
          pageSizes={false}
          empty={<Typography color="text.secondary">{t('dashboard.audit_empty')}</Typography>}
        />
      </CardContent>
    </Card>
  );
}
