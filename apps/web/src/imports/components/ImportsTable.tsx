import { useTranslation } from 'react-i18next';
import { mdiCancel, mdiAlertCircleOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AccountImport, IMPORT_SORT_FIELDS } from '@cmp/contracts/imports';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { RowActionButton } from '../../pricing/components/RowActionButton';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { ImportStatusChip } from './ImportStatusChip';

export type ImportSortField = (typeof IMPORT_SORT_FIELDS)[number];

interface ImportsTableProps {
  imports: AccountImport[];
  labelledBy: string;
  sort: SortState<ImportSortField>;
  onSort: (sort: SortState<ImportSortField>) => void;
  onShowErrors: (item: AccountImport) => void;
  /** Only for a caller who may import; only a Pending import. */
  onCancel?: (item: AccountImport) => void;
}

/** spec §3 Import: name, type, schedule date, status, creator, error count, imported accounts count. */
export function ImportsTable({ imports, labelledBy, sort, onSort, onShowErrors, onCancel }: ImportsTableProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const header = (field: ImportSortField, key: string, align?: 'right') => (
    <SortableHeaderCell field={field} sort={sort} onSort={onSort} align={align}>
      {t(key)}
    </SortableHeaderCell>
  );
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {header('Name', 'imports.column_name')}
            {header('Type', 'imports.column_type')}
            {header('ScheduleDate', 'imports.column_schedule_date')}
            {header('Status', 'imports.column_status')}
            {header('Creator', 'imports.column_creator')}
            {header('ErrorCount', 'imports.column_error_count', 'right')}
            {header('ImportedAccountsCount', 'imports.column_imported_count', 'right')}
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('imports.column_actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {imports.map((item) => (
            <TableRow key={item.ImportId} hover>
              <TableCell component="th" scope="row" sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                {item.Name}
                <Box component="div" sx={{ color: 'text.secondary', typography: 'caption' }}>
                  {item.ParentDisplayName}
                </Box>
              </TableCell>
              <TableCell>{t(`imports.format.${item.Type}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.ScheduleDate ? formatDateTime(item.ScheduleDate, i18n.language) : '–'}</TableCell>
              <TableCell>
                <ImportStatusChip item={item} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.Creator}</TableCell>
              <TableCell align="right">{number.format(item.ErrorCount)}</TableCell>
              <TableCell align="right">{number.format(item.ImportedAccountsCount)}</TableCell>
              <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                {item.ErrorCount > 0 && <RowActionButton label={t('imports.show_errors', { name: item.Name })} icon={mdiAlertCircleOutline} onClick={() => onShowErrors(item)} />}
                {onCancel && item.Status === 'Pending' && <RowActionButton label={t('imports.cancel_import', { name: item.Name })} icon={mdiCancel} onClick={() => onCancel(item)} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
