import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCancel, mdiAlertCircleOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import type { AccountImport, IMPORT_SORT_FIELDS } from '@cmp/contracts/imports';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { RowActionButton } from '../../platform/ui/table/RowActionButton';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { ImportStatusChip } from './ImportStatusChip';

export type ImportSortField = (typeof IMPORT_SORT_FIELDS)[number];

interface ImportsTableProps {
  imports: AccountImport[];
  labelledBy: string;
  /** The server's page of imports: its order, page and page size. */
  server: ServerPaging<ImportSortField>;
  /** Shown instead of the table when the page has no import. */
  empty: ReactNode;
  onShowErrors: (item: AccountImport) => void;
  /** Only for a caller who may import; only a Pending import. */
  onCancel?: (item: AccountImport) => void;
}

/** spec §3 Import: name, type, schedule date, status, creator, error count, imported accounts count. */
export function ImportsTable({ imports, labelledBy, server, empty, onShowErrors, onCancel }: ImportsTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const columns: DataColumn<AccountImport>[] = [
    {
      id: 'Name',
      header: t('imports.column_name'),
      sortable: true,
      isRowHeader: true,
      cellSx: { minWidth: 160, overflowWrap: 'anywhere' },
      cell: (item) => (
        <>
          {item.Name}
          <Box component="div" sx={{ color: 'text.secondary', typography: 'caption' }}>
            {item.ParentDisplayName}
          </Box>
        </>
      ),
    },
    { id: 'Type', header: t('imports.column_type'), sortable: true, isHideable: true, cell: (item) => t(`imports.format.${item.Type}`) },
    { id: 'ScheduleDate', header: t('imports.column_schedule_date'), sortable: true, isHideable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (item) => (item.ScheduleDate ? formatDateTime(item.ScheduleDate, i18n.language) : '–') },
    { id: 'Status', header: t('imports.column_status'), sortable: true, cell: (item) => <ImportStatusChip item={item} /> },
    { id: 'Creator', header: t('imports.column_creator'), sortable: true, isHideable: true, cellSx: { overflowWrap: 'anywhere' }, cell: (item) => item.Creator },
    { id: 'ErrorCount', header: t('imports.column_error_count'), sortable: true, align: 'right', cell: (item) => number.format(item.ErrorCount) },
    { id: 'ImportedAccountsCount', header: t('imports.column_imported_count'), sortable: true, align: 'right', cell: (item) => number.format(item.ImportedAccountsCount) },
    {
      id: 'actions',
      header: t('imports.column_actions'),
      isHeaderHidden: true,
      cellSx: { width: '1%', whiteSpace: 'nowrap' },
      cell: (item) => (
        <>
          {item.ErrorCount > 0 && <RowActionButton label={t('imports.show_errors', { name: item.Name })} icon={mdiAlertCircleOutline} onClick={() => onShowErrors(item)} />}
          {onCancel && item.Status === 'Pending' && <RowActionButton label={t('imports.cancel_import', { name: item.Name })} icon={mdiCancel} onClick={() => onCancel(item)} />}
        </>
      ),
    },
  ];
  return <DataTable tableId="my-imports" rows={imports} columns={columns} rowKey={(item) => item.ImportId} labelledBy={labelledBy} server={server} empty={empty} />;
}
