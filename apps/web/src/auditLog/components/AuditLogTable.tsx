import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiChevronDown, mdiChevronRight } from '@mdi/js';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import type { AuditLogEntry, AuditSortField } from '@cmp/contracts/auditLog';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { AuditEntryDetails } from './AuditEntryDetails';

interface AuditLogTableProps {
  entries: AuditLogEntry[];
  labelledBy: string;
  /** The server sorts and pages the log. */
  server: ServerPaging<AuditSortField>;
  empty: ReactNode;
}

/**
 * The entries of one page; each opens its details (the before/after table) in its Details cell —
 * the list has no row spanning all columns, and the details stay next to the button that opened them.
 */
export function AuditLogTable({ entries, labelledBy, server, empty }: AuditLogTableProps) {
  const { t, i18n } = useTranslation();
  const [openIds, setOpenIds] = useState<number[]>([]);
  const toggle = (id: number) => setOpenIds((current) => (current.includes(id) ? current.filter((open) => open !== id) : [...current, id]));
  const actionLabel = (entry: AuditLogEntry) => t(`audit_actions.${entry.Action}`, { defaultValue: entry.Action });
  const when = (entry: AuditLogEntry) => formatDateTime(entry.OccurredAt, i18n.language);
  const actor = (entry: AuditLogEntry) => {
    const name = entry.ActorDisplayName ?? t('audit_log.system');
    return entry.ImpersonatorDisplayName ? t('audit_log.actor_as', { impersonator: entry.ImpersonatorDisplayName, actor: name }) : name;
  };

  const columns: DataColumn<AuditLogEntry>[] = [
    { id: 'OccurredAt', header: t('audit_log.column_when'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: when },
    { id: 'Action', header: t('audit_log.column_action'), sortable: true, isRowHeader: true, cellSx: { fontWeight: 500 }, cell: actionLabel },
    { id: 'Account', header: t('audit_log.column_account'), sortable: true, cell: (entry) => entry.AccountDisplayName ?? '—' },
    { id: 'Actor', header: t('audit_log.column_actor'), sortable: true, cell: actor },
    { id: 'Ip', header: t('audit_log.column_ip'), cell: (entry) => entry.Ip ?? '—' },
    {
      id: 'details',
      header: t('audit_log.column_details'),
      cellSxOf: (entry) => (openIds.includes(entry.Id) ? { bgcolor: 'action.hover' } : undefined),
      cell: (entry) => {
        const isOpen = openIds.includes(entry.Id);
        const detailsId = `audit-entry-${entry.Id}-details`;
        const label = `${actionLabel(entry)}, ${when(entry)}`;
        return (
          <>
            <IconButton size="small" aria-label={t('audit_log.show_details', { entry: label })} aria-expanded={isOpen} aria-controls={isOpen ? detailsId : undefined} onClick={() => toggle(entry.Id)}>
              <MdiIcon path={isOpen ? mdiChevronDown : mdiChevronRight} />
            </IconButton>
            {isOpen && (
              <Collapse in appear id={detailsId}>
                <AuditEntryDetails details={entry.Details} label={label} />
              </Collapse>
            )}
          </>
        );
      },
    },
  ];

  return <DataTable tableId="audit-log" rows={entries} columns={columns} rowKey={(entry) => entry.Id} labelledBy={labelledBy} server={server} empty={empty} />;
}
